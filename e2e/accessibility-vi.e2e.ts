import { axeSweep } from './support/axe-sweep';

axeSweep('vi');

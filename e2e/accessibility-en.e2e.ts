import { axeSweep } from './support/axe-sweep';

axeSweep('en');

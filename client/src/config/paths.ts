export { paths } from '../../../shared/routes';

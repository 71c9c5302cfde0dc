export { formatAmount } from '../../../shared/format';

export { formatAmount } from '#shared/format.ts';

export { paths } from '#shared/routes.ts';

/**
 * Errors services throw. Transports map them once (tRPC codes in trpc/trpc.ts, HTTP statuses
 * here); anything else is an unknown error: logged, and answered with a generic message.
 * `message` is an i18n key of the `errors` namespace where the client shows it.
 */
export class DomainError extends Error {
  constructor(
    readonly kind: 'NOT_FOUND' | 'FORBIDDEN' | 'BAD_REQUEST' | 'CONFLICT' | 'UNAUTHORIZED',
    message: string,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const notFound = (message = 'errors:notFound') => new DomainError('NOT_FOUND', message);
export const forbidden = (message = 'errors:forbidden') => new DomainError('FORBIDDEN', message);
export const invalid = (message: string) => new DomainError('BAD_REQUEST', message);
export const conflict = (message: string) => new DomainError('CONFLICT', message);

export const httpStatusOf: Record<DomainError['kind'], number> = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
};

import { TRPCClientError } from '@trpc/client';
import type { AppRouter } from '../../../server/trpc/router';

/** What an error answer carries (server/errors.ts, trpcErrorBody), as the router types it. */
const dataOf = (error: unknown) =>
  error instanceof TRPCClientError ? (error as TRPCClientError<AppRouter>).data : undefined;

/**
 * The i18n key to show for a failed call: the server's own (`data.messageKey`, see
 * server/errors.ts), `errors:network` when the server could not be reached, else `fallback`.
 */
export function errorKeyOf(error: unknown, fallback = 'errors:generic'): string {
  if (!(error instanceof TRPCClientError)) return fallback;
  const key = dataOf(error)?.messageKey;
  if (key && key !== 'errors:generic') return key;
  if (!error.data) return 'errors:network';
  return fallback;
}

export function errorCodeOf(error: unknown): string | undefined {
  return dataOf(error)?.code;
}

/** The rate limit's own message when the server said to slow down (429), else `fallback`. */
export function rateLimitedOr(error: unknown, fallback: string): string {
  return errorCodeOf(error) === 'TOO_MANY_REQUESTS' ? 'errors:rateLimited' : fallback;
}

/** The values for the server message's {{placeholders}} (a count, a name). */
export function errorParamsOf(error: unknown): Record<string, string | number> {
  return dataOf(error)?.messageParams ?? {};
}

/** No answer came at all (offline, a dropped connection, a timeout), as opposed to a refusal. */
export function isNetworkFailure(error: unknown): boolean {
  return error instanceof TRPCClientError && !error.data;
}

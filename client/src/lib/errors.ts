import { TRPCClientError } from '@trpc/client';

/**
 * The i18n key to show for a failed call. Our procedures answer with `errors:` keys; anything
 * else (a network failure, an unexpected error) gets `fallback`.
 */
export function errorKeyOf(error: unknown, fallback = 'errors:generic'): string {
  if (error instanceof TRPCClientError) {
    const message = String(error.message);
    if (message.startsWith('errors:') && message !== 'errors:generic') return message;
    if (!error.data) return 'errors:network';
  }
  return fallback;
}

export function errorCodeOf(error: unknown): string | undefined {
  return error instanceof TRPCClientError ? (error.data as { code?: string } | undefined)?.code : undefined;
}

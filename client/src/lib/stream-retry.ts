/**
 * A subscription (the family show's event streams) whose connection failed outright is opened
 * again, from the last event it delivered (tRPC's retryLink adds its id). tRPC's own reconnecting
 * covers a stream that drops; not one whose reopening is answered with an error page, as a server
 * that is closing answers (503, during a deploy's restart): the browser's EventSource then gives
 * up, and the show's screen would say the server cannot be reached, or the show has closed. A
 * refusal from the server (a tRPC error: the show is gone, the token names no player) is final.
 */
export function retriesStream({ op, error }: { op: { type: string }; error: { data?: unknown } }): boolean {
  return op.type === 'subscription' && !error.data;
}

/** 1, 2, 4, 8 s, then every 10 s: a server restarting is back within seconds. */
export function streamRetryDelayMs(attempts: number): number {
  return Math.min(1000 * 2 ** (attempts - 1), 10_000);
}

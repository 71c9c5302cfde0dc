import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import {
  type AnyTRPCRouter,
  getTRPCErrorFromUnknown,
  getTRPCErrorShape,
  isTrackedEnvelope,
  TRPCError,
} from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';

/**
 * A tRPC subscription (the family show's event streams) answered as Server-Sent Events by the
 * project's adapter: the procedure runs through the router's own server-side caller (its
 * middlewares, its input's validation, its context, the request's signal) and each event it
 * yields is framed as tRPC's `httpSubscriptionLink` reads it (`event: connected` first, `data:` and
 * `id:` for each event, `event: ping` while idle, `event: return` at its end, `event:
 * serialized-error` for a refusal) and handed to the response as one write. tRPC's own producer
 * passes each event through a chain of async generators, a race with its ping timer, a web
 * ReadableStream, a TransformStream and a TextEncoderStream: many times the CPU an event costs here
 * (bench/README.md, *The family show*). A phone that reads slowly is written to once it has taken
 * what it was sent: the stream asks for its next snapshot only then, so it never queues stale ones.
 */

export type SubscriptionCall = {
  router: AnyTRPCRouter;
  path: string;
  /** The query's `input` (JSON text), or a request-level error (a body too deep) found before. */
  input: unknown;
  /** tRPC's `lastEventId` (the EventSource's header, or the link's query parameter). */
  lastEventId: string | null;
  error: TRPCError | null;
  createContext: () => Promise<unknown>;
  /** Aborts when the client goes: the subscription ends. */
  signal: AbortSignal;
  onError?: (error: TRPCError) => void;
};

type SseConfig = { ping?: { enabled: boolean; intervalMs?: number }; client?: object };

export const SSE_HEADERS = {
  'content-type': 'text/event-stream',
  'cache-control': 'no-cache, no-transform',
  connection: 'keep-alive',
  // A reverse proxy (nginx) passes each event on at once instead of buffering the answer.
  'x-accel-buffering': 'no',
} as const;

const field = (name: string, value: string) => `${name}: ${value}\n`;
const frame = (...fields: string[]) => `${fields.join('')}\n`;

/** Whether `path` names one of the router's subscriptions (a GET that stays open). */
export function isSubscription(router: AnyTRPCRouter, path: string): boolean {
  const procedure = (router._def.procedures as Record<string, { _def: { type: string } } | undefined>)[path];
  return procedure?._def.type === 'subscription';
}

/**
 * The input tRPC's link sends: the query's JSON with the last event id added, as tRPC itself adds
 * it; PARSE_ERROR for text that is not JSON.
 */
export function subscriptionInput(text: unknown, lastEventId: string | null): unknown {
  let input: unknown;
  try {
    input = typeof text === 'string' ? JSON.parse(text) : undefined;
  } catch (cause) {
    throw new TRPCError({ code: 'PARSE_ERROR', message: 'The input is not JSON', cause });
  }
  if (lastEventId) {
    if (typeof input === 'object' && input !== null && !Array.isArray(input)) input = { ...input, lastEventId };
    else input ??= { lastEventId };
  }
  return input;
}

/**
 * The subscription's event stream and its status: 200, or a request-level error's (its one event
 * says why), once the context is made. The stream ends when the procedure's iterable does, on an
 * error, or when the client goes.
 */
export async function subscriptionStream(call: SubscriptionCall): Promise<{ status: number; body: PassThrough }> {
  const { router, path, signal } = call;
  const config = router._def._config as {
    sse?: SseConfig;
    transformer: { output: { serialize(v: unknown): unknown } };
  };
  const sse = config.sse ?? {};
  const serialize = (value: unknown) => JSON.stringify(config.transformer.output.serialize(value));
  const body = new PassThrough();
  // A client gone mid-write destroys the response and this with it: nothing more to say.
  body.on('error', () => undefined);
  let wrote = false;
  const write = (text: string) => {
    wrote = true;
    return body.destroyed || body.writableEnded || body.write(text);
  };

  let ctx: unknown;
  let input: unknown;
  let failure = call.error;
  try {
    if (!failure) input = subscriptionInput(call.input, call.lastEventId);
    // Before the answer's head goes out: the context may set a cookie.
    if (!failure) ctx = await call.createContext();
  } catch (error) {
    failure = getTRPCErrorFromUnknown(error);
  }
  write(frame(field('event', 'connected'), field('data', JSON.stringify(sse.client ?? {}))));

  const pingMs = sse.ping?.enabled ? (sse.ping.intervalMs ?? 1000) : 0;
  const pinger =
    pingMs > 0
      ? setInterval(() => {
          if (!wrote) write(frame(field('event', 'ping'), field('data', '')));
          wrote = false;
        }, pingMs)
      : null;
  // A client gone leaves nothing ticking, even if its procedure never yields again.
  signal.addEventListener('abort', () => pinger && clearInterval(pinger), { once: true });

  async function pump() {
    try {
      if (failure) throw failure;
      const caller = router.createCaller(ctx, { signal }) as Record<string, unknown>;
      const procedure = path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], caller);
      const events = await (procedure as (input: unknown) => Promise<AsyncIterable<unknown>>)(input);
      for await (const value of events) {
        const event = isTrackedEnvelope(value)
          ? frame(field('data', serialize(value[1])), field('id', String(value[0])))
          : frame(field('data', serialize(value)));
        if (!write(event) && !signal.aborted) await once(body, 'drain', { signal });
        if (signal.aborted) return;
      }
      if (!signal.aborted) write(frame(field('event', 'return'), field('data', '')));
    } catch (cause) {
      if (signal.aborted) return;
      const error = getTRPCErrorFromUnknown(cause);
      call.onError?.(error);
      const shape = getTRPCErrorShape({ config: router._def._config, ctx, error, input, path, type: 'subscription' });
      write(frame(field('event', 'serialized-error'), field('data', serialize(shape))));
    } finally {
      if (pinger) clearInterval(pinger);
      body.end();
    }
  }
  void pump();
  return { status: failure ? getHTTPStatusCodeFromError(failure) : 200, body };
}

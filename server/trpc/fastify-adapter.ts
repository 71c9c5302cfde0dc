import { type AnyTRPCRouter, type inferRouterContext, TRPCError } from '@trpc/server';
import { type ResponseMetaFn, resolveResponse } from '@trpc/server/http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { jsonTooDeepAt } from '#shared/json-depth.ts';
import { isSubscription, SSE_HEADERS, subscriptionStream } from './sse';

export type TrpcRouteOptions<TRouter extends AnyTRPCRouter> = {
  router: TRouter;
  createContext: (http: { req: FastifyRequest; res: FastifyReply }) => Promise<inferRouterContext<TRouter>>;
  /** Calls in one batch at most (tRPC's own check). */
  maxBatchSize?: number;
  onError?: (opts: { error: TRPCError; path: string | undefined; req: FastifyRequest }) => void;
  responseMeta?: ResponseMetaFn<TRouter>;
};

type Body = { json: unknown } | { text: string } | { tooDeep: true };

/**
 * A body or a query's input nested deeper than any call of ours (shared/json-depth.ts): never
 * parsed, and every call of the request answered with tRPC's PARSE_ERROR instead.
 */
function nestedTooDeeply(request: FastifyRequest): TRPCError | null {
  const body = request.body as Body | undefined;
  const input = (request.query as { input?: unknown } | undefined)?.input;
  const inputs = Array.isArray(input) ? input : [input];
  const tooDeep =
    (body !== undefined && 'tooDeep' in body) ||
    inputs.some((text) => typeof text === 'string' && jsonTooDeepAt(text) >= 0);
  return tooDeep ? new TRPCError({ code: 'PARSE_ERROR', message: 'JSON nested too deeply' }) : null;
}

/**
 * tRPC over Fastify. The protocol is tRPC's own `resolveResponse`, the entry point it offers
 * adapters; what this skips is the stock adapter's machinery for streaming requests: the JSON body
 * is parsed once, tRPC is handed the few things it reads of a request (method, URL, headers, the
 * body, a signal) and a query's or a mutation's answer goes out whole, with its length: ~a fifth
 * more game starts a second (bench/README.md). A subscription (the family show's event streams)
 * is answered as Server-Sent Events by sse.ts, an event a write; its signal aborts when the client
 * goes (the subscription ends), and the server closing cuts every stream off (the browsers
 * reconnect, to the server started again). Register it with a `prefix`.
 */
export async function trpcRoutes<TRouter extends AnyTRPCRouter>(
  app: FastifyInstance,
  options: TrpcRouteOptions<TRouter>,
): Promise<void> {
  // A JSON body is parsed here, once; one that does not parse reaches tRPC as text, for its own 400.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, text, done) => {
    if (jsonTooDeepAt(text as string) >= 0) return done(null, { tooDeep: true } satisfies Body);
    try {
      done(null, { json: JSON.parse(text as string) } satisfies Body);
    } catch {
      done(null, { text: text as string } satisfies Body);
    }
  });

  // Closing waits for answers in flight, and a stream never ends by itself: cut them first.
  const streams = new Set<FastifyReply>();
  app.addHook('preClose', async () => {
    for (const reply of streams) reply.raw.destroy();
  });

  const { router, createContext, maxBatchSize, onError, responseMeta } = options;
  app.all<{ Params: { path: string } }>('/:path', async (request, reply) => {
    const { path } = request.params;
    if (request.method === 'GET' && isSubscription(router, path)) {
      // Only a subscription needs to know when its client goes: it ends then.
      const gone = new AbortController();
      reply.raw.once('close', () => gone.abort());
      const query = request.query as Record<string, unknown>;
      const { status, body } = await subscriptionStream({
        router,
        path,
        input: query.input,
        lastEventId:
          String(request.headers['last-event-id'] ?? query.lastEventId ?? query['Last-Event-Id'] ?? '') || null,
        error: nestedTooDeeply(request),
        createContext: () => createContext({ req: request, res: reply }),
        signal: gone.signal,
        onError: onError && ((error) => onError({ error, path, req: request })),
      });
      streams.add(reply);
      reply.raw.once('close', () => streams.delete(reply));
      return reply.code(status).headers(SSE_HEADERS).send(body);
    }
    const response = await resolveResponse<TRouter>({
      router,
      maxBatchSize,
      responseMeta,
      req: requestFor(request),
      path,
      error: nestedTooDeeply(request),
      createContext: () => createContext({ req: request, res: reply }),
      onError: onError && ((failure) => onError({ error: failure.error, path: failure.path, req: request })),
    });
    reply.code(response.status);
    for (const [name, value] of response.headers) reply.header(name, value);
    return reply.send(await response.text());
  });
}

/**
 * What tRPC reads of a request (resolveResponse: its method, URL, headers, body and signal), from
 * Fastify's, without building a Fetch Request around a stream. The signal aborts when the client
 * goes (subscriptions; a query or a mutation is answered whole and never looks at it).
 */
function requestFor(request: FastifyRequest, signal = new AbortController().signal): Request {
  const body = request.body as Body | undefined;
  const header = (name: string) => {
    const value = request.headers[name.toLowerCase()];
    return Array.isArray(value) ? value.join(', ') : (value ?? null);
  };
  const light = {
    method: request.method,
    url: `http://${request.host || 'localhost'}${request.url}`,
    headers: { get: header, has: (name: string) => header(name) !== null },
    signal,
    body: null,
    async json() {
      if (body === undefined || 'tooDeep' in body) throw new SyntaxError('No body');
      return 'json' in body ? body.json : JSON.parse(body.text);
    },
    async text() {
      if (body === undefined || 'tooDeep' in body) return '';
      return 'json' in body ? JSON.stringify(body.json) : body.text;
    },
  };
  return light as unknown as Request;
}

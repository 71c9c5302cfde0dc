import type { AnyTRPCRouter, inferRouterContext } from '@trpc/server';
import { type HTTPErrorHandler, resolveResponse } from '@trpc/server/http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export type TrpcRouteOptions<TRouter extends AnyTRPCRouter> = {
  router: TRouter;
  createContext: (http: { req: FastifyRequest; res: FastifyReply }) => inferRouterContext<TRouter>;
  onError?: HTTPErrorHandler<TRouter, FastifyRequest>;
};

/**
 * tRPC over Fastify, without streaming. The stock adapter (@trpc/server/adapters/fastify) hands
 * Fastify the Fetch `Response` itself, which Fastify streams out chunked through a web-stream
 * reader, and ties an AbortController to every request; this app's procedures neither stream
 * nor subscribe, so here the answer is read whole and sent as one body with its length
 * (`npm run bench` measures the difference on game.start). The protocol itself is tRPC's own
 * `resolveResponse`, the public entry point for adapters. Register it with a `prefix` (`/trpc`).
 */
export async function trpcRoutes<TRouter extends AnyTRPCRouter>(
  app: FastifyInstance,
  options: TrpcRouteOptions<TRouter>,
): Promise<void> {
  app.all<{ Params: { path: string } }>('/:path', async (request, reply) => {
    const response = await resolveResponse({
      router: options.router,
      req: toFetchRequest(request),
      path: request.params.path,
      error: null,
      createContext: async () => options.createContext({ req: request, res: reply }),
      onError: (error) => options.onError?.({ ...error, req: request }),
    });
    reply.code(response.status);
    for (const [name, value] of response.headers) reply.header(name, value);
    return reply.send(Buffer.from(await response.arrayBuffer()));
  });
}

/**
 * The Fetch request tRPC reads: method, URL and headers, and for a JSON body the value Fastify
 * already parsed (with its guard against prototype poisoning) instead of a stream to parse again.
 */
function toFetchRequest(request: FastifyRequest): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (typeof value === 'string') headers.set(name, value);
    else if (Array.isArray(value)) for (const item of value) headers.append(name, item);
  }
  const url = `http://${request.host || 'localhost'}${request.url}`;
  return request.body === undefined
    ? new Request(url, { method: request.method, headers })
    : new ParsedJsonRequest(url, { method: request.method, headers }, request.body);
}

class ParsedJsonRequest extends Request {
  readonly #json: unknown;
  constructor(url: string, init: RequestInit, json: unknown) {
    super(url, init);
    this.#json = json;
  }
  override json(): Promise<unknown> {
    return Promise.resolve(this.#json);
  }
}

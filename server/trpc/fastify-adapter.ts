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
 * reader, ties an AbortController to every request and has tRPC read the JSON body from a
 * stream; this app's procedures neither stream nor subscribe, so here the body is parsed once
 * and the answer read whole and sent as one body with its length (together ~15 % more
 * game.start a second in `npm run bench`). The protocol itself is tRPC's own
 * `resolveResponse`, the public entry point for adapters. Register it with a `prefix` (`/trpc`).
 */
export async function trpcRoutes<TRouter extends AnyTRPCRouter>(
  app: FastifyInstance,
  options: TrpcRouteOptions<TRouter>,
): Promise<void> {
  // JSON bodies are parsed here, once (in this plugin only); what does not parse goes to tRPC as
  // text, for tRPC's own 400 answer.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, text, done) => {
    try {
      done(null, { json: JSON.parse(text as string) } satisfies JsonBody);
    } catch {
      done(null, { text: text as string } satisfies JsonBody);
    }
  });

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

type JsonBody = { json: unknown } | { text: string };

/**
 * The Fetch request tRPC reads: method, URL and headers, and for a JSON body the value parsed
 * already instead of a stream to read and parse again.
 */
function toFetchRequest(request: FastifyRequest): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (typeof value === 'string') headers.set(name, value);
    else if (Array.isArray(value)) for (const item of value) headers.append(name, item);
  }
  const url = `http://${request.host || 'localhost'}${request.url}`;
  const init = { method: request.method, headers };
  const body = request.body as JsonBody | undefined;
  if (body === undefined) return new Request(url, init);
  return 'json' in body ? new ParsedJsonRequest(url, init, body.json) : new Request(url, { ...init, body: body.text });
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

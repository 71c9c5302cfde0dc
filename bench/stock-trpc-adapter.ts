/**
 * tRPC's own Fastify adapter (`fastifyTRPCPlugin`) behind the interface of the server's thin one
 * (server/trpc/fastify-adapter.ts): the bench builds its "stock-adapter" runtime with this module in
 * that one's place (runtimes.ts), so the two adapters are measured side by side on the same app.
 */
import type { AnyTRPCRouter } from '@trpc/server';
import { fastifyTRPCPlugin } from '@trpc/server/adapters/fastify';
import type { FastifyInstance } from 'fastify';
import type { TrpcRouteOptions } from '../server/trpc/fastify-adapter';

export async function trpcRoutes<TRouter extends AnyTRPCRouter>(
  app: FastifyInstance,
  options: TrpcRouteOptions<TRouter>,
): Promise<void> {
  const { router, createContext, maxBatchSize, onError, responseMeta } = options;
  await app.register(fastifyTRPCPlugin<TRouter>, {
    trpcOptions: {
      router,
      createContext,
      maxBatchSize,
      responseMeta,
      onError: onError && ((failure) => onError({ error: failure.error, path: failure.path, req: failure.req })),
    },
  });
}

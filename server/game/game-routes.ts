import type { FastifyInstance } from 'fastify';
import { startGameBody } from '#shared/schemas/game.ts';
import type { CookieSecurity } from '../auth/request-auth';
import { isDatabaseHealthy } from '../db/database';
import type { ServerDeps } from '../deps';
import { englishMessage } from '../errors';
import { sendError, signedIn, signedInFirst } from '../http/rest';
import { listCategories } from '../services/categories';
import { questionsForApi } from './game-views';

/** The spec's three /api calls (spec §7) as thin shims over the same services as the tRPC procedures. */
export async function gameRoutes(app: FastifyInstance, options: { deps: ServerDeps; security: CookieSecurity }) {
  const { deps } = options;

  app.get('/api/health', async (_request, reply) => {
    if (isDatabaseHealthy(deps.db)) return { status: 'ok' };
    return reply.code(503).send({ status: 'unavailable' });
  });

  app.get('/api/categories', async () => listCategories(deps.db));

  app.post('/api/start-game', { onRequest: signedInFirst(options) }, async (request, reply) => {
    const auth = await signedIn(options, request, reply);
    if (!auth) return reply;
    const body = startGameBody.safeParse(request.body);
    if (!body.success) return reply.code(400).send({ error: englishMessage('errors:startGame.invalidBody') });
    try {
      await deps.limiter.consume('POST /api/start-game', auth.user.id);
      // Read-only (the questions are chosen, no game is recorded): on this thread's read connection.
      return questionsForApi(deps.db, auth.user.id, body.data);
    } catch (error) {
      return sendError(reply, error);
    }
  });
}

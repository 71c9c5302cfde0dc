import type { FastifyInstance, FastifyReply } from 'fastify';
import { startGameBody } from '../../shared/schemas/game';
import { authenticate, type CookieSecurity } from '../auth/request-auth';
import { isDatabaseHealthy } from '../db/database';
import { englishMessage, httpErrorOf, isUnknownError } from '../errors';
import { listCategories } from '../services/categories';
import { questionsForApi } from '../services/game';
import type { ServerDeps } from '../trpc/context';

/** A REST answer for a service's error (server/errors.ts); unknown errors go on to the error handler. */
function sendError(reply: FastifyReply, error: unknown) {
  if (isUnknownError(error)) throw error;
  const { status, body, headers } = httpErrorOf(error);
  return reply.code(status).headers(headers).send(body);
}

/** The spec's three /api calls (spec §7) as thin shims over the same services as the tRPC procedures. */
export async function apiRoutes(app: FastifyInstance, options: { deps: ServerDeps; security: CookieSecurity }) {
  const { deps, security } = options;

  app.get('/api/health', async (_request, reply) => {
    if (isDatabaseHealthy(deps.db)) return { status: 'ok' };
    return reply.code(503).send({ status: 'unavailable' });
  });

  app.get('/api/categories', async () => listCategories(deps.db));

  app.post('/api/start-game', async (request, reply) => {
    const auth = await authenticate({ ...deps, security }, request, reply);
    if (!auth) return reply.code(401).send({ error: englishMessage('errors:unauthorized') });
    const body = startGameBody.safeParse(request.body);
    if (!body.success) return reply.code(400).send({ error: englishMessage('errors:startGame.invalidBody') });
    try {
      await deps.limiter.gameStart(auth.session.id);
      // Read-only (the questions are chosen, no game is recorded): on this thread's read connection.
      return questionsForApi(deps.db, auth.user.id, body.data);
    } catch (error) {
      return sendError(reply, error);
    }
  });
}

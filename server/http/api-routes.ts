import type { FastifyInstance, FastifyReply } from 'fastify';
import enErrors from '../../client/src/locales/en/errors.json' with { type: 'json' };
import { startGameBody } from '../../shared/schemas/game';
import { authenticate, type CookieSecurity } from '../auth/request-auth';
import type { Db } from '../db/database';
import { isDatabaseHealthy } from '../db/database';
import { DomainError, httpStatusOf } from '../errors';
import { listCategories } from '../services/categories';
import { onGameThread } from '../services/game-thread';

/** English text for an `errors:` key: REST clients get readable messages. */
export function englishMessage(key: string): string {
  const path = key.replace(/^errors:/, '').split('.');
  let node: unknown = enErrors;
  for (const part of path) node = (node as Record<string, unknown> | undefined)?.[part];
  return typeof node === 'string' ? node : key;
}

function sendDomainError(reply: FastifyReply, error: unknown) {
  if (error instanceof DomainError) {
    return reply.code(httpStatusOf[error.kind]).send({ error: englishMessage(error.message) });
  }
  throw error;
}

/** The spec's three /api calls as thin shims over the same services as the tRPC procedures. */
export async function apiRoutes(app: FastifyInstance, options: { db: Db; security: CookieSecurity }) {
  const { db, security } = options;

  app.get('/api/health', async (_request, reply) => {
    if (isDatabaseHealthy(db)) return { status: 'ok' };
    return reply.code(503).send({ status: 'unavailable' });
  });

  app.get('/api/categories', async () => listCategories(db));

  app.post('/api/start-game', async (request, reply) => {
    const auth = authenticate(db, security, request, reply);
    if (!auth) return reply.code(401).send({ error: englishMessage('errors:unauthorized') });
    const body = startGameBody.safeParse(request.body);
    if (!body.success) {
      return reply.code(400).send({ error: englishMessage('errors:startGame.invalidBody') });
    }
    try {
      return await onGameThread(db, 'questionsForApi', auth.user.id, body.data);
    } catch (error) {
      return sendDomainError(reply, error);
    }
  });
}

import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { QuestionGenerator } from '../ai/question-generator';
import { authenticate, type CookieSecurity } from '../auth/request-auth';
import type { Session, SessionUser } from '../auth/session';
import type { Db } from '../db/database';
import type { ImageStore } from '../images/image-store';
import type { GameLimiter } from '../rate-limits';
import type { Writer } from '../writer/writer';

/**
 * What every request's work stands on: the read connection, the writer, the rate limits, the
 * question images, and the AI service (null when none is configured).
 */
export type ServerDeps = {
  db: Db;
  writer: Writer;
  limiter: GameLimiter;
  images: ImageStore;
  generator: QuestionGenerator | null;
};

export type ContextInner = ServerDeps & {
  user: SessionUser | null;
  session: Session | null;
  log?: FastifyBaseLogger;
};

/** A context without HTTP in it: what tests hand to procedures. */
export function createContextInner(inner: ContextInner) {
  return inner;
}

export type Context = ReturnType<typeof createContextInner>;

export function contextFactory(deps: ServerDeps, security: CookieSecurity) {
  return async ({ req, res }: { req: FastifyRequest; res: FastifyReply }): Promise<Context> => {
    const auth = await authenticate({ ...deps, security }, req, res);
    return createContextInner({ ...deps, user: auth?.user ?? null, session: auth?.session ?? null, log: req.log });
  };
}

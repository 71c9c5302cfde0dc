import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { authenticate, type CookieSecurity } from '../auth/request-auth';
import type { Session, SessionUser } from '../auth/session';
import type { Db } from '../db/database';

export type ContextInner = {
  db: Db;
  user: SessionUser | null;
  session: Session | null;
  log?: FastifyBaseLogger;
};

/** A context without HTTP in it: what tests and the REST shims hand to procedures and services. */
export function createContextInner(inner: ContextInner) {
  return inner;
}

export type Context = ReturnType<typeof createContextInner>;

export function contextFactory(db: Db, security: CookieSecurity) {
  return ({ req, res }: { req: FastifyRequest; res: FastifyReply }): Context => {
    const auth = authenticate(db, security, req, res);
    return createContextInner({ db, user: auth?.user ?? null, session: auth?.session ?? null, log: req.log });
  };
}

import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { authenticate, type CookieSecurity } from '../auth/request-auth';
import type { Session, SessionUser } from '../auth/session';
import type { ServerDeps } from '../deps';

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

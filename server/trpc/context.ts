import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { authenticate, type CookieSecurity } from '../auth/request-auth';
import type { Session, SessionUser } from '../auth/session';
import type { ServerDeps } from '../deps';
import { type ShowVisitor, showVisitor, visitorWithoutHttp } from '../show/join-cookie';
import type { Site } from '../show/join-origin';

export type ContextInner = ServerDeps & {
  user: SessionUser | null;
  session: Session | null;
  /** The family show's view of the request: its address and a phone's join token. */
  visitor: ShowVisitor;
  log?: FastifyBaseLogger;
};

/** A context without HTTP in it: what tests hand to procedures (no join token unless given). */
export function createContextInner(inner: Omit<ContextInner, 'visitor'> & { visitor?: ShowVisitor }): ContextInner {
  return { ...inner, visitor: inner.visitor ?? visitorWithoutHttp() };
}

export type Context = ReturnType<typeof createContextInner>;

export function contextFactory(deps: ServerDeps, security: CookieSecurity, site: Site) {
  return async ({ req, res }: { req: FastifyRequest; res: FastifyReply }): Promise<Context> => {
    const auth = await authenticate({ ...deps, security }, req, res);
    return createContextInner({
      ...deps,
      user: auth?.user ?? null,
      session: auth?.session ?? null,
      visitor: showVisitor(req, res, security, site),
      log: req.log,
    });
  };
}

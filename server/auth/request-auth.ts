import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/database';
import type { Writer } from '../writer';
import { findSession, SESSION_COOKIE, type Session, type SessionUser } from './session';

export type RequestAuth = { user: SessionUser; session: Session } | null;

/** How the session cookie is sent: Secure under an https PUBLIC_URL, and then named with the `__Host-` prefix. */
export type CookieSecurity = { secure: boolean; sessionCookie: string };

/**
 * Under https the cookie is `__Host-ql_session`: a browser keeps it only when it is Secure, for the
 * path / and with no Domain, so no other subdomain nor a plain-http page can set or shadow it.
 */
export function cookieSecurity(https: boolean): CookieSecurity {
  return { secure: https, sessionCookie: https ? `__Host-${SESSION_COOKIE}` : SESSION_COOKIE };
}

export function sessionCookieOptions(security: CookieSecurity, expires: Date) {
  return { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: security.secure, expires };
}

/** Ends the session cookie in the browser (with the attributes its prefix requires). */
export function clearSessionCookie(reply: FastifyReply, security: CookieSecurity) {
  reply.clearCookie(security.sessionCookie, { path: '/', secure: security.secure });
}

/**
 * Who is asking: the session named by the cookie, and only the cookie (never a header or a
 * query parameter). A sliding session due for renewal is renewed through the writer and its
 * cookie re-sent with the new expiry, on a request that writes anyway (a POST): a GET never
 * writes, so that it can be answered from a read-only replica (README, "Growing past one machine").
 */
export function authenticate(
  deps: { db: Db; writer: Writer; security: CookieSecurity },
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<RequestAuth> {
  // Once a request: an early check (app.ts) and the procedure's context share the lookup.
  let auth = asked.get(request);
  if (!auth) {
    auth = lookUp(deps, request, reply);
    asked.set(request, auth);
  }
  return auth;
}

const asked = new WeakMap<FastifyRequest, Promise<RequestAuth>>();

async function lookUp(
  deps: { db: Db; writer: Writer; security: CookieSecurity },
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<RequestAuth> {
  const token = request.cookies[deps.security.sessionCookie];
  if (!token) return null;
  const found = findSession(deps.db, token);
  if (!found) {
    clearSessionCookie(reply, deps.security);
    return null;
  }
  if (found.renewTo && request.method !== 'GET' && request.method !== 'HEAD') {
    await deps.writer.renewSession(found.session.id, found.renewTo);
    reply.setCookie(deps.security.sessionCookie, token, sessionCookieOptions(deps.security, found.renewTo));
  }
  return { user: found.user, session: found.session };
}

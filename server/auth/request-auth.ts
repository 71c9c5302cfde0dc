import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/database';
import type { Writer } from '../writer';
import { findSession, SESSION_COOKIE, type Session, type SessionUser } from './session';

export type RequestAuth = { user: SessionUser; session: Session } | null;

export type CookieSecurity = { secure: boolean };

export function sessionCookieOptions(security: CookieSecurity, expires: Date) {
  return { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: security.secure, expires };
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
  const token = request.cookies[SESSION_COOKIE];
  if (!token) return null;
  const found = findSession(deps.db, token);
  if (!found) {
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return null;
  }
  if (found.renewTo && request.method !== 'GET' && request.method !== 'HEAD') {
    await deps.writer.renewSession(found.session.id, found.renewTo);
    reply.setCookie(SESSION_COOKIE, token, sessionCookieOptions(deps.security, found.renewTo));
  }
  return { user: found.user, session: found.session };
}

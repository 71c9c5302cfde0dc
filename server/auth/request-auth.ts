import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/database';
import { SESSION_COOKIE, type Session, type SessionUser, validateSession } from './session';

export type RequestAuth = { user: SessionUser; session: Session } | null;

export type CookieSecurity = { secure: boolean };

export function sessionCookieOptions(security: CookieSecurity, expires: Date) {
  return { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: security.secure, expires };
}

/**
 * Who is asking: the session named by the cookie, and only the cookie (never a header or a
 * query parameter). Renewing a sliding session re-sends the cookie with its new expiry.
 */
export function authenticate(
  db: Db,
  security: CookieSecurity,
  request: FastifyRequest,
  reply: FastifyReply,
): RequestAuth {
  const token = request.cookies[SESSION_COOKIE];
  if (!token) return null;
  const found = validateSession(db, token);
  if (!found) {
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return null;
  }
  if (found.renewed) reply.setCookie(SESSION_COOKIE, token, sessionCookieOptions(security, found.session.expiresAt));
  return { user: found.user, session: found.session };
}

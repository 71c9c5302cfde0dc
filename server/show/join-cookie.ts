import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CookieSecurity } from '../auth/request-auth';
import { joinOrigin, type Site } from './join-origin';

/**
 * A phone's join token travels in an httpOnly cookie, never in a URL or a page's script: an
 * EventSource cannot send headers, a query string ends up in proxies' logs, and a script cannot
 * read what it does not need (docs/decisions/family-show.md). Under https it takes the `__Host-`
 * prefix, as the session cookie does.
 */
export const JOIN_COOKIE = 'ql_show';
/** Longer than any show with its podium; the token dies with its player anyway. */
const JOIN_COOKIE_MS = 12 * 60 * 60 * 1000;

export function joinCookieName(security: CookieSecurity): string {
  return security.secure ? `__Host-${JOIN_COOKIE}` : JOIN_COOKIE;
}

/** Who a request is, as the show sees a phone: its address (for the join limits) and its join token. */
export type ShowVisitor = {
  ip: string;
  joinToken: string | null;
  /** Sets the phone's cookie to a new token, or clears it (null). */
  setJoinToken(token: string | null): void;
  /** Where phones join the show (the TV's QR code and address): see join-origin.ts. */
  joinOrigin(): string;
};

/** A visitor with no HTTP behind it (tests' callers). */
export function visitorWithoutHttp(joinToken: string | null = null, ip = '127.0.0.1'): ShowVisitor {
  const visitor: ShowVisitor = {
    ip,
    joinToken,
    setJoinToken(token) {
      visitor.joinToken = token;
    },
    joinOrigin: () => 'http://localhost',
  };
  return visitor;
}

export function showVisitor(
  request: FastifyRequest,
  reply: FastifyReply,
  security: CookieSecurity,
  site: Site,
): ShowVisitor {
  const name = joinCookieName(security);
  return {
    ip: request.ip,
    joinOrigin: () => joinOrigin(site, { protocol: request.protocol, host: request.headers.host ?? 'localhost' }),
    joinToken: request.cookies[name] ?? null,
    setJoinToken(token) {
      if (token === null) {
        reply.clearCookie(name, { path: '/', secure: security.secure });
        return;
      }
      reply.setCookie(name, token, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: security.secure,
        maxAge: JOIN_COOKIE_MS / 1000,
      });
    },
  };
}

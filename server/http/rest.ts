import type { FastifyReply, FastifyRequest } from 'fastify';
import { isUnlocked } from '#shared/parent-lock.ts';
import { pinLocked } from '../auth/parent-lock';
import { authenticate, type CookieSecurity, type RequestAuth } from '../auth/request-auth';
import type { ServerDeps } from '../deps';
import { forbidden, httpErrorOf, isUnknownError, notFound, unauthorized } from '../errors';

/**
 * What every REST route shares (tRPC procedures have their own in trpc/trpc.ts): the answer for an
 * error, and who is asking.
 */

/** The REST answer for a service's error (server/errors.ts); an unknown error goes on to the app's error handler. */
export function sendError(reply: FastifyReply, error: unknown) {
  if (isUnknownError(error)) throw error;
  const { status, body, headers } = httpErrorOf(error);
  return reply.code(status).headers(headers).send(body);
}

/**
 * The app's error handler: an error no route answered itself. Unknown errors are logged and
 * answered generically: no stacks, SQL or paths leave the server.
 */
export function answerError(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  const { status, body, headers } = httpErrorOf(error);
  if (status >= 500) request.log.error({ err: error }, 'request failed');
  return reply.code(status).headers(headers).send(body);
}

/** 404 for what is not here, in the words every other 404 uses. */
export const sendNotFound = (reply: FastifyReply) => sendError(reply, notFound());

type Who = { deps: ServerDeps; security: CookieSecurity };

/** The signed-in visitor, or null once 401 has been answered. */
export async function signedIn({ deps, security }: Who, request: FastifyRequest, reply: FastifyReply) {
  const auth = await authenticate({ ...deps, security }, request, reply);
  if (!auth) await sendError(reply, unauthorized());
  return auth;
}

/** The signed-in admin, or null once 401 (signed out) or 403 (not an admin) has been answered. */
export async function signedInAdmin(
  who: Who,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<NonNullable<RequestAuth> | null> {
  const auth = await authenticate({ ...who.deps, security: who.security }, request, reply);
  // Behind the parent lock too (shared/parent-lock.ts): a child in an admin's session is refused.
  if (auth?.user.isAdmin && isUnlocked(auth.user.hasPin, auth.session.unlockedUntil)) return auth;
  await sendError(reply, auth ? (auth.user.isAdmin ? pinLocked() : forbidden()) : unauthorized());
  return null;
}

/**
 * onRequest hooks for the routes that take a body: who is asking is known before a byte of it is
 * read, so a stranger's request costs its headers only (401 signed out, 403 not an admin). The
 * route's handler asks again, for the account, and gets the same answer (authenticate is once a
 * request).
 */
export const signedInFirst = (who: Who) => async (request: FastifyRequest, reply: FastifyReply) => {
  if (!(await signedIn(who, request, reply))) return reply;
};
export const adminFirst = (who: Who) => async (request: FastifyRequest, reply: FastifyReply) => {
  if (!(await signedInAdmin(who, request, reply))) return reply;
};

import { timingSafeEqual } from 'node:crypto';
import { generateCodeVerifier, generateState } from 'arctic';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { paths, safeReturnPath } from '../../shared/routes';
import { localSignInInput } from '../../shared/schemas/auth';
import type { SignInMode } from '../env';
import { englishMessage, httpErrorOf } from '../errors';
import { ownOrigin } from '../http/security';
import type { ServerDeps } from '../trpc/context';
import type { GoogleSignIn } from './google';
import { authenticate, type CookieSecurity, sessionCookieOptions } from './request-auth';
import { SESSION_COOKIE, sessionIdOf } from './session';
import type { VerifiedIdentity } from './users';

const STATE_COOKIE = 'ql_oauth_state';
const VERIFIER_COOKIE = 'ql_oauth_verifier';
const RETURN_COOKIE = 'ql_oauth_return';
const OAUTH_COOKIE_MS = 10 * 60 * 1000;

export type AuthRoutesOptions = {
  deps: ServerDeps;
  mode: SignInMode;
  google: GoogleSignIn | null;
  adminEmails: readonly string[];
  security: CookieSecurity;
  /** e.g. https://quiz.example; null: the origin the request came to. */
  publicOrigin: string | null;
  /** Sign-in attempts allowed per IP per minute. */
  signInRateLimit: number;
};

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export async function authRoutes(app: FastifyInstance, options: AuthRoutesOptions) {
  const { deps, security } = options;
  const rateLimit = { rateLimit: { max: options.signInRateLimit, timeWindow: '1 minute' } };
  const oauthCookie = {
    path: '/auth',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: security.secure,
    maxAge: OAUTH_COOKIE_MS / 1000,
  };
  const callbackUrl = (request: FastifyRequest) => `${ownOrigin(request, options.publicOrigin)}/auth/google/callback`;

  // States already used, until their cookies would have expired: a replay that resends the
  // old cookie values is refused here, not left to the provider's one-time codes.
  const usedStates = new Map<string, number>();
  function firstUseOf(state: string): boolean {
    const now = Date.now();
    for (const [used, until] of usedStates) {
      if (until > now) break;
      usedStates.delete(used);
    }
    if (usedStates.has(state)) return false;
    usedStates.set(state, now + OAUTH_COOKIE_MS);
    return true;
  }

  /** A new session at every sign-in; the one the browser held before ends (see signIn). */
  async function startSession(request: FastifyRequest, reply: FastifyReply, identity: VerifiedIdentity) {
    const replaced = sessionIdOf(request.cookies[SESSION_COOKIE]);
    const { token, expiresAt } = await deps.writer.signIn(identity, options.adminEmails, replaced);
    reply.setCookie(SESSION_COOKIE, token, sessionCookieOptions(security, expiresAt));
  }

  app.get('/auth/google', { config: rateLimit }, async (request, reply) => {
    const returnTo = safeReturnPath((request.query as { returnTo?: unknown }).returnTo ?? paths.profiles);
    if (options.mode === 'local' || !options.google) {
      return reply.redirect(`${paths.localSignIn}?returnTo=${encodeURIComponent(returnTo)}`);
    }
    const state = generateState();
    const verifier = generateCodeVerifier();
    reply
      .setCookie(STATE_COOKIE, state, oauthCookie)
      .setCookie(VERIFIER_COOKIE, verifier, oauthCookie)
      .setCookie(RETURN_COOKIE, returnTo, oauthCookie);
    return reply.redirect(options.google.authorizationUrl(callbackUrl(request), state, verifier).toString());
  });

  app.get('/auth/google/callback', { config: rateLimit }, async (request, reply) => {
    const query = request.query as { code?: unknown; state?: unknown; error?: unknown };
    const expectedState = request.cookies[STATE_COOKIE];
    const verifier = request.cookies[VERIFIER_COOKIE];
    const returnTo = safeReturnPath(request.cookies[RETURN_COOKIE]);
    // One attempt per state: the cookies go whatever happens next, so a replay finds none.
    for (const name of [STATE_COOKIE, VERIFIER_COOKIE, RETURN_COOKIE]) reply.clearCookie(name, { path: '/auth' });

    if (!options.google) return reply.code(404).send({ error: 'Not found' });
    if (
      typeof query.state !== 'string' ||
      typeof query.code !== 'string' ||
      !expectedState ||
      !verifier ||
      !sameText(query.state, expectedState) ||
      !firstUseOf(expectedState)
    ) {
      request.log.warn({ reason: query.error ?? 'state or code missing or wrong' }, 'sign-in refused');
      return reply.code(400).type('text/plain').send('Sign-in failed. Please go back and try again.');
    }
    try {
      await startSession(request, reply, await options.google.identityFor(callbackUrl(request), query.code, verifier));
    } catch (error) {
      // Spec §8: sign-in errors are only logged.
      request.log.warn({ err: error }, 'sign-in failed');
      return reply.redirect(paths.home);
    }
    return reply.redirect(returnTo);
  });

  app.post('/auth/local', { config: rateLimit }, async (request, reply) => {
    if (options.mode !== 'local') return reply.code(404).send({ error: 'Not found' });
    const body = localSignInInput.safeParse(request.body);
    if (!body.success) return reply.code(400).send(httpErrorOf(body.error).body);
    await startSession(request, reply, {
      subject: `local:${body.data.email.toLowerCase()}`,
      email: body.data.email,
      displayName: body.data.name,
      photoUrl: null,
    });
    return { redirectTo: safeReturnPath(body.data.returnTo ?? paths.profiles) };
  });

  app.post('/auth/sign-out', async (request, reply) => {
    const auth = await authenticate({ ...deps, security }, request, reply);
    if (auth) await deps.writer.signOut(auth.session.id);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return reply.code(204).send();
  });

  /** Ends every session of the account: a lost phone, a shared computer left signed in. */
  app.post('/auth/sign-out-everywhere', async (request, reply) => {
    const auth = await authenticate({ ...deps, security }, request, reply);
    if (!auth) return reply.code(401).send({ error: englishMessage('errors:unauthorized') });
    await deps.writer.signOutEverywhere(auth.user.id);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return reply.code(204).send();
  });
}

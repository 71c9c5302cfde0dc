import { timingSafeEqual } from 'node:crypto';
import { generateCodeVerifier, generateState } from 'arctic';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import viMessages from '#shared/locales/vi/errors.json' with { type: 'json' };
import { FORGOT_PIN_PARAM, FORGOT_PIN_PATH, type ForgotPinOutcome, isFreshSignIn } from '#shared/parent-lock.ts';
import { paths, safeReturnPath } from '#shared/routes.ts';
import { localSignInInput } from '#shared/schemas/auth.ts';
import type { ServerDeps } from '../deps';
import type { SignInMode } from '../env';
import { DomainError, englishMessage, httpErrorOf } from '../errors';
import { answerError, sendNotFound } from '../http/rest';
import { ownOrigin } from '../http/security';
import type { GoogleSignIn } from './google';
import { assertParentUnlocked } from './parent-lock';
import { authenticate, type CookieSecurity, clearSessionCookie, sessionCookieOptions } from './request-auth';
import { sessionIdOf } from './session';
import type { VerifiedIdentity } from './users';

const STATE_COOKIE = 'ql_oauth_state';
const VERIFIER_COOKIE = 'ql_oauth_verifier';
const RETURN_COOKIE = 'ql_oauth_return';
/** `pin`: the sign-in is Forgot PIN's, which asked for the password again. */
const PURPOSE_COOKIE = 'ql_oauth_purpose';
const OAUTH_COOKIES = [STATE_COOKIE, VERIFIER_COOKIE, RETURN_COOKIE, PURPOSE_COOKIE];
const OAUTH_COOKIE_MS = 10 * 60 * 1000;
/** What the provider's redirect carries on to the POST (anything longer is not a real code). */
const CALLBACK_FIELDS = ['code', 'state', 'error'] as const;
const MAX_CALLBACK_FIELD = 4096;
const CONTINUE_SCRIPT = '/auth/continue.js';
const CONTINUE_JS = 'document.forms[0].submit();\n';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The page between the provider and the session: it posts the provider's answer on (a button without script). */
function continuePage(fields: readonly (readonly [string, string])[]): string {
  const inputs = fields.map(([name, value]) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`);
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>Quiz Ladder</title><script src="${CONTINUE_SCRIPT}" defer></script></head><body>` +
    `<form method="post" action="/auth/google/callback">${inputs.join('')}` +
    `<p>${escapeHtml(englishMessage('errors:signIn.continuing'))}</p>` +
    `<p lang="vi">${escapeHtml(viMessages.signIn.continuing)}</p>` +
    `<noscript><button type="submit">${englishMessage('errors:signIn.continue')} · ${viMessages.signIn.continue}</button></noscript>` +
    '</form></body></html>'
  );
}

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

/** Where Forgot PIN lands, saying how it went (the client opens the PIN settings, or says why not). */
const forgotPinLanding = (outcome: ForgotPinOutcome) => `${paths.profiles}?${FORGOT_PIN_PARAM}=${outcome}`;

export async function authRoutes(app: FastifyInstance, options: AuthRoutesOptions) {
  const { deps, security } = options;
  const rateLimit = {
    rateLimit: {
      max: options.signInRateLimit,
      timeWindow: '1 minute',
      // A 429 that says what happened, in the API's usual shape (the plugin adds Retry-After).
      errorResponseBuilder: (_request: FastifyRequest, context: { ttl: number }) =>
        new DomainError('TOO_MANY_REQUESTS', 'errors:signIn.tooManyAttempts', Math.ceil(context.ttl / 1000)),
    },
  };
  // A browser sent here by a link or Google's form (not a script) is shown the sign-in page, saying so.
  app.setErrorHandler((error, request, reply) => {
    const navigation = request.method === 'GET' || request.url.startsWith('/auth/google/callback');
    if (error instanceof DomainError && error.kind === 'TOO_MANY_REQUESTS' && navigation) {
      return reply.redirect(`${paths.home}?signIn=tooManyAttempts`, 303);
    }
    return answerError(error, request, reply);
  });
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

  /**
   * A new session at every sign-in; the one the browser held before ends (see signIn). Locked like
   * any other, unless `pinReset` (Forgot PIN, the password just typed).
   */
  async function startSession(
    request: FastifyRequest,
    reply: FastifyReply,
    identity: VerifiedIdentity,
    pinReset = false,
  ) {
    const replaced = sessionIdOf(request.cookies[security.sessionCookie]);
    const { token, expiresAt } = await deps.writer.signIn(identity, options.adminEmails, replaced, { pinReset });
    reply.setCookie(security.sessionCookie, token, sessionCookieOptions(security, expiresAt));
  }

  /** Off to Google, with the one-time cookies the callback checks; `forgotPin` asks for the password again. */
  function beginGoogleSignIn(
    google: GoogleSignIn,
    request: FastifyRequest,
    reply: FastifyReply,
    returnTo: string,
    forgotPin: boolean,
  ) {
    const state = generateState();
    const verifier = generateCodeVerifier();
    reply
      .setCookie(STATE_COOKIE, state, oauthCookie)
      .setCookie(VERIFIER_COOKIE, verifier, oauthCookie)
      .setCookie(RETURN_COOKIE, returnTo, oauthCookie);
    if (forgotPin) reply.setCookie(PURPOSE_COOKIE, 'pin', oauthCookie);
    else reply.clearCookie(PURPOSE_COOKIE, { path: '/auth' });
    return reply.redirect(google.authorizationUrl(callbackUrl(request), state, verifier, forgotPin).toString());
  }

  app.get('/auth/google', { config: rateLimit }, async (request, reply) => {
    const returnTo = safeReturnPath((request.query as { returnTo?: unknown }).returnTo ?? paths.profiles);
    if (options.mode === 'local' || !options.google) {
      return reply.redirect(`${paths.localSignIn}?returnTo=${encodeURIComponent(returnTo)}`);
    }
    return beginGoogleSignIn(options.google, request, reply, returnTo, false);
  });

  /**
   * Forgot PIN (shared/parent-lock.ts): a sign-in that asks Google for the password again, and opens
   * the lock only if the ID token says it was typed just now. With local sign-in (development only)
   * it is the local page, which proves nothing: anyone may sign in there as anyone (README).
   */
  app.get(FORGOT_PIN_PATH, { config: rateLimit }, async (request, reply) => {
    if (options.mode === 'local' || !options.google) {
      return reply.redirect(`${paths.localSignIn}?${FORGOT_PIN_PARAM}=1`);
    }
    return beginGoogleSignIn(options.google, request, reply, paths.profiles, true);
  });

  /**
   * The provider sends the browser back with a GET, which must not write (a GET can be answered by
   * a read-only replica: README, "Growing past one machine"): it answers a page that posts the code
   * and state on to the same address, where the session is made. Nothing is checked or kept here.
   */
  app.get('/auth/google/callback', { config: rateLimit }, async (request, reply) => {
    if (!options.google) return sendNotFound(reply);
    const query = request.query as Record<string, unknown>;
    const fields = CALLBACK_FIELDS.flatMap((name) => {
      const value = query[name];
      return typeof value === 'string' && value.length <= MAX_CALLBACK_FIELD ? [[name, value] as const] : [];
    });
    return reply
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-store')
      .header('Referrer-Policy', 'no-referrer')
      .send(continuePage(fields));
  });
  app.get(CONTINUE_SCRIPT, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('Cache-Control', 'public, max-age=3600').send(CONTINUE_JS),
  );

  await app.register(async (form) => {
    form.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    form.post('/auth/google/callback', { config: rateLimit }, async (request, reply) => {
      const body = (request.body ?? {}) as { code?: unknown; state?: unknown; error?: unknown };
      const expectedState = request.cookies[STATE_COOKIE];
      const verifier = request.cookies[VERIFIER_COOKIE];
      const returnTo = safeReturnPath(request.cookies[RETURN_COOKIE]);
      const forgotPin = request.cookies[PURPOSE_COOKIE] === 'pin';
      // One attempt per state: the cookies go whatever happens next, so a replay finds none.
      for (const name of OAUTH_COOKIES) reply.clearCookie(name, { path: '/auth' });

      if (!options.google) return sendNotFound(reply);
      if (
        typeof body.state !== 'string' ||
        typeof body.code !== 'string' ||
        !expectedState ||
        !verifier ||
        !sameText(body.state, expectedState) ||
        !firstUseOf(expectedState)
      ) {
        request.log.warn({ reason: body.error ?? 'state or code missing or wrong' }, 'sign-in refused');
        return reply.code(400).type('text/plain').send('Sign-in failed. Please go back and try again.');
      }
      let pinReset = false;
      try {
        const { identity, authenticatedAt } = await options.google.identityFor(
          callbackUrl(request),
          body.code,
          verifier,
        );
        pinReset = forgotPin && isFreshSignIn(authenticatedAt);
        if (forgotPin && !authenticatedAt) {
          request.log.warn("Forgot PIN: the ID token has no auth_time (turn on Google's session age claims: README)");
        }
        await startSession(request, reply, identity, pinReset);
      } catch (error) {
        // Spec §8: sign-in errors are only logged.
        request.log.warn({ err: error }, 'sign-in failed');
        return reply.redirect(paths.home, 303);
      }
      return reply.redirect(forgotPin ? forgotPinLanding(pinReset ? 'confirmed' : 'unconfirmed') : returnTo, 303);
    });
  });

  app.post('/auth/local', { config: rateLimit }, async (request, reply) => {
    if (options.mode !== 'local') return sendNotFound(reply);
    const body = localSignInInput.safeParse(request.body);
    if (!body.success) return reply.code(400).send(httpErrorOf(body.error).body);
    // Forgot PIN here proves nothing (anyone may sign in as anyone): local sign-in is for development.
    const forgotPin = body.data.forgotPin === true;
    const identity = {
      subject: `local:${body.data.email.toLowerCase()}`,
      email: body.data.email,
      displayName: body.data.name,
      photoUrl: null,
    };
    await startSession(request, reply, identity, forgotPin);
    return {
      redirectTo: forgotPin ? forgotPinLanding('confirmed') : safeReturnPath(body.data.returnTo ?? paths.profiles),
    };
  });

  app.post('/auth/sign-out', async (request, reply) => {
    const auth = await authenticate({ ...deps, security }, request, reply);
    if (auth) await deps.writer.signOut(auth.session.id);
    clearSessionCookie(reply, security);
    return reply.code(204).send();
  });

  /**
   * Ends every session of the account: a lost phone, a shared computer left signed in. Behind the
   * parent lock: a child must not sign the parent's phone out.
   */
  app.post('/auth/sign-out-everywhere', async (request, reply) => {
    const auth = await authenticate({ ...deps, security }, request, reply);
    if (!auth) return reply.code(401).send({ error: englishMessage('errors:unauthorized') });
    try {
      assertParentUnlocked(auth.user, auth.session);
    } catch (error) {
      return answerError(error, request, reply);
    }
    await deps.writer.signOutEverywhere(auth.user.id);
    clearSessionCookie(reply, security);
    return reply.code(204).send();
  });
}

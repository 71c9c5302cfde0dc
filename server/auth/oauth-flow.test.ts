import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { loggerOptions } from '../app';
import { sessions, users } from '../db/schema';
import { createTestApp, TEST_ORIGIN } from '../test/app';
import { createTestDb } from '../test/db';
import { type IdTokenClaims, s256, startFakeIdentityProvider } from '../test/fake-identity-provider';
import { hashToken, SESSION_COOKIE } from './session';

const ADMIN = 'boss@example.com';
const CALLBACK = 'http://localhost:80/auth/google/callback';

const idp = await startFakeIdentityProvider();
afterAll(() => idp.close());

const db = createTestDb();
const googleConfig = {
  signIn: 'google' as const,
  GOOGLE_CLIENT_ID: idp.clientId,
  GOOGLE_CLIENT_SECRET: idp.clientSecret,
  ADMIN_EMAILS: [ADMIN],
  PUBLIC_URL: undefined,
  PORT: 80,
};
// Many sign-ins here: the per-IP sign-in limit is tested in http/security.test.ts.
const app = await createTestApp(db, { config: googleConfig, oauthEndpoints: idp.endpoints, signInRateLimit: 1000 });

const sessionCount = () => db.select().from(sessions).all().length;
const userCount = () => db.select().from(users).all().length;

function setCookieHeaders(response: LightMyRequestResponse): string[] {
  const header = response.headers['set-cookie'];
  return header === undefined ? [] : [header].flat();
}

/** The cookies a browser would send back, exactly as the server set them (name=value). */
function cookieHeaderFrom(response: LightMyRequestResponse): string {
  return setCookieHeaders(response)
    .map((line) => line.split(';')[0])
    .filter((pair) => pair && !pair.endsWith('='))
    .join('; ');
}

function setCookieLine(response: LightMyRequestResponse, name: string): string {
  return setCookieHeaders(response).find((line) => line.startsWith(`${name}=`)) ?? '';
}

function cookieValue(response: LightMyRequestResponse, name: string): string | undefined {
  return response.cookies.find((cookie) => cookie.name === name)?.value;
}

async function beginSignIn(target: FastifyInstance = app, returnTo?: string) {
  const query = returnTo === undefined ? '' : `?returnTo=${encodeURIComponent(returnTo)}`;
  const response = await target.inject({ method: 'GET', url: `/auth/google${query}` });
  return { response, location: response.headers.location as string, cookies: cookieHeaderFrom(response) };
}

/**
 * The provider's redirect back (a GET, which only answers a page), then what the page does: post
 * the code and state on to the same address, with the browser's cookies.
 */
async function callback(pathAndQuery: string, cookies?: string, target: FastifyInstance = app) {
  const page = await target.inject({ method: 'GET', url: pathAndQuery, headers: cookies ? { cookie: cookies } : {} });
  expect(page.statusCode).toBe(200);
  expect(page.headers['cache-control']).toBe('no-store');
  const fields = [...page.body.matchAll(/<input type="hidden" name="(\w+)" value="([^"]*)">/g)].map(
    ([, name, value]) => [
      name as string,
      (value as string).replace(/&#(\d+);/g, (_m, code: string) => String.fromCharCode(Number(code))),
    ],
  );
  return target.inject({
    method: 'POST',
    url: '/auth/google/callback',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: TEST_ORIGIN,
      ...(cookies ? { cookie: cookies } : {}),
    },
    payload: new URLSearchParams(fields).toString(),
  });
}

/** The whole round trip: the app's redirect, the provider's consent, the app's callback. */
async function signInWithGoogle(claims: IdTokenClaims, returnTo?: string, target: FastifyInstance = app) {
  idp.signInAs(claims);
  const begun = await beginSignIn(target, returnTo);
  const back = await idp.authorize(begun.location);
  const pathAndQuery = `${back.pathname}${back.search}`;
  const response = await callback(pathAndQuery, begun.cookies, target);
  return { begun, back, pathAndQuery, response };
}

beforeEach(() => {
  idp.oneTimeCodes = true;
  idp.signInAs({});
});

describe('GET /auth/google', () => {
  it('sets short-lived HttpOnly state and verifier cookies and redirects to the provider with PKCE', async () => {
    const { response, location } = await beginSignIn(app, '/pre-game');
    expect(response.statusCode).toBe(302);

    for (const name of ['ql_oauth_state', 'ql_oauth_verifier']) {
      const line = setCookieLine(response, name);
      expect(line, name).toMatch(/; HttpOnly/i);
      expect(line, name).toMatch(/; Max-Age=600(;|$)/);
      expect(line, name).toMatch(/; SameSite=Lax/i);
      expect(line, name).toMatch(/; Path=\/auth(;|$)/);
    }
    const state = cookieValue(response, 'ql_oauth_state') as string;
    const verifier = cookieValue(response, 'ql_oauth_verifier') as string;
    expect(state.length).toBeGreaterThanOrEqual(22);
    expect(verifier.length).toBeGreaterThanOrEqual(43);

    const url = new URL(location);
    expect(`${url.origin}${url.pathname}`).toBe(idp.endpoints.authorization);
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('client_id')).toBe(idp.clientId);
    expect(url.searchParams.get('redirect_uri')).toBe(CALLBACK);
    expect(url.searchParams.get('state')).toBe(state);
    expect(url.searchParams.get('scope')).toBe('openid email profile');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toBe(s256(verifier));
    // The verifier itself never leaves in the URL.
    expect(location).not.toContain(verifier);
  });

  it('uses a fresh state and verifier every time', async () => {
    const first = await beginSignIn();
    const second = await beginSignIn();
    expect(cookieValue(second.response, 'ql_oauth_state')).not.toBe(cookieValue(first.response, 'ql_oauth_state'));
    expect(cookieValue(second.response, 'ql_oauth_verifier')).not.toBe(
      cookieValue(first.response, 'ql_oauth_verifier'),
    );
  });
});

describe('GET /auth/google/callback', () => {
  it('with the right state signs in, sets the session cookie and goes to returnTo', async () => {
    const sessionsBefore = sessionCount();
    const { response, begun, back } = await signInWithGoogle(
      { sub: 'happy-1', email: 'happy@example.com' },
      '/pre-game',
    );
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/pre-game');
    expect(sessionCount()).toBe(sessionsBefore + 1);

    const token = cookieValue(response, SESSION_COOKIE) as string;
    expect(token).toMatch(/^[\w-]{43}$/);
    const line = setCookieLine(response, SESSION_COOKIE);
    expect(line).toMatch(/; HttpOnly/i);
    expect(line).toMatch(/; SameSite=Lax/i);
    expect(line).toMatch(/; Path=\/(;|$)/);
    expect(line).not.toMatch(/; Secure/i);

    // The session belongs to the Google subject, and the cookie works.
    const row = db
      .select()
      .from(sessions)
      .where(eq(sessions.id, hashToken(token)))
      .get();
    const user = db
      .select()
      .from(users)
      .where(eq(users.id, row?.userId as string))
      .get();
    expect(user?.authSubject).toBe('google:happy-1');
    expect(user?.email).toBe('happy@example.com');
    expect(user?.isAdmin).toBe(false);
    const list = await app.inject({
      method: 'GET',
      url: '/trpc/profiles.list',
      headers: { cookie: `${SESSION_COOKIE}=${token}` },
    });
    expect(list.statusCode).toBe(200);

    // The one-time cookies are cleared.
    for (const name of ['ql_oauth_state', 'ql_oauth_verifier', 'ql_oauth_return']) {
      expect(cookieValue(response, name), name).toBe('');
    }

    // The token endpoint got the code and the PKCE verifier that matches the challenge.
    const request = idp.tokenRequests.at(-1);
    const verifier = begun.cookies.match(/ql_oauth_verifier=([^;]+)/)?.[1] as string;
    const challenge = new URL(begun.location).searchParams.get('code_challenge');
    expect(request?.status).toBe(200);
    expect(request?.params.grant_type).toBe('authorization_code');
    expect(request?.params.code).toBe(back.searchParams.get('code'));
    expect(request?.params.code_verifier).toBe(verifier);
    expect(s256(request?.params.code_verifier as string)).toBe(challenge);
    expect(request?.params.redirect_uri).toBe(CALLBACK);
    expect(request?.contentType).toContain('application/x-www-form-urlencoded');
  });

  it('goes to /profiles when no returnTo was given', async () => {
    const { response } = await signInWithGoogle({ sub: 'no-return' });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/profiles');
  });

  it('makes a new session at every sign-in', async () => {
    const first = await signInWithGoogle({ sub: 'twice' });
    const second = await signInWithGoogle({ sub: 'twice' });
    const a = cookieValue(first.response, SESSION_COOKIE);
    const b = cookieValue(second.response, SESSION_COOKIE);
    expect(a).toBeTruthy();
    expect(b).toBeTruthy();
    expect(a).not.toBe(b);
  });

  it('answers the redirect with a page that only carries the code on (escaped), writing nothing', async () => {
    const before = { sessions: sessionCount(), users: userCount(), tokenRequests: idp.tokenRequests.length };
    const page = await app.inject({
      method: 'GET',
      url: `/auth/google/callback?code=abc&state=${encodeURIComponent('"><script>alert(1)</script>')}`,
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).not.toContain('<script>alert');
    expect(page.body).toContain('name="code" value="abc"');
    expect(page.body).toContain('<script src="/auth/continue.js" defer></script>');
    expect(setCookieHeaders(page)).toEqual([]);
    expect({ sessions: sessionCount(), users: userCount(), tokenRequests: idp.tokenRequests.length }).toEqual(before);
    // The post the page makes is refused from another site, like every other.
    const forged = await app.inject({
      method: 'POST',
      url: '/auth/google/callback',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
      payload: 'code=abc&state=x',
    });
    expect(forged.statusCode).toBe(403);
  });

  describe('refuses with 400, creating no session', () => {
    it('a missing state', async () => {
      idp.signInAs({ sub: 'missing-state' });
      const begun = await beginSignIn();
      const back = await idp.authorize(begun.location);
      const before = { sessions: sessionCount(), tokenRequests: idp.tokenRequests.length };
      const response = await callback(`/auth/google/callback?code=${back.searchParams.get('code')}`, begun.cookies);
      expect(response.statusCode).toBe(400);
      expect(cookieValue(response, SESSION_COOKIE)).toBeUndefined();
      expect(sessionCount()).toBe(before.sessions);
      expect(idp.tokenRequests.length).toBe(before.tokenRequests);
    });

    it('a wrong state', async () => {
      idp.signInAs({ sub: 'wrong-state' });
      const begun = await beginSignIn();
      const back = await idp.authorize(begun.location);
      back.searchParams.set('state', 'not-the-state-we-sent');
      const before = { sessions: sessionCount(), tokenRequests: idp.tokenRequests.length };
      const response = await callback(`${back.pathname}${back.search}`, begun.cookies);
      expect(response.statusCode).toBe(400);
      expect(cookieValue(response, SESSION_COOKIE)).toBeUndefined();
      expect(sessionCount()).toBe(before.sessions);
      expect(idp.tokenRequests.length).toBe(before.tokenRequests);
    });

    it('no state cookie (a callback started in another browser)', async () => {
      idp.signInAs({ sub: 'no-cookie' });
      const begun = await beginSignIn();
      const back = await idp.authorize(begun.location);
      const before = { sessions: sessionCount(), tokenRequests: idp.tokenRequests.length };
      const withoutState = begun.cookies
        .split('; ')
        .filter((pair) => !pair.startsWith('ql_oauth_state='))
        .join('; ');
      for (const cookies of [undefined, withoutState]) {
        const response = await callback(`${back.pathname}${back.search}`, cookies);
        expect(response.statusCode).toBe(400);
        expect(cookieValue(response, SESSION_COOKIE)).toBeUndefined();
      }
      expect(sessionCount()).toBe(before.sessions);
      expect(idp.tokenRequests.length).toBe(before.tokenRequests);
    });

    it('no code (the user declined at the provider)', async () => {
      const begun = await beginSignIn();
      const state = begun.cookies.match(/ql_oauth_state=([^;]+)/)?.[1];
      const before = sessionCount();
      const response = await callback(`/auth/google/callback?error=access_denied&state=${state}`, begun.cookies);
      expect(response.statusCode).toBe(400);
      expect(sessionCount()).toBe(before);
    });
  });

  describe('a replay of a used callback', () => {
    it('is refused once the cookies are gone', async () => {
      const first = await signInWithGoogle({ sub: 'replay-1' });
      expect(first.response.headers.location).toBe('/profiles');
      const before = sessionCount();
      const replay = await callback(first.pathAndQuery, cookieHeaderFrom(first.response));
      expect(replay.statusCode).toBe(400);
      expect(cookieValue(replay, SESSION_COOKIE)).toBeUndefined();
      expect(sessionCount()).toBe(before);
    });

    it('is refused with the old cookie values resent', async () => {
      const first = await signInWithGoogle({ sub: 'replay-2' });
      expect(cookieValue(first.response, SESSION_COOKIE)).toBeTruthy();
      const before = sessionCount();
      const replay = await callback(first.pathAndQuery, first.begun.cookies);
      expect(replay.statusCode).toBe(400);
      expect(cookieValue(replay, SESSION_COOKIE)).toBeUndefined();
      expect(sessionCount()).toBe(before);
    });

    it('is refused by the app itself, even if the provider would take the code again', async () => {
      idp.oneTimeCodes = false;
      const first = await signInWithGoogle({ sub: 'replay-3' });
      expect(cookieValue(first.response, SESSION_COOKIE)).toBeTruthy();
      const before = { sessions: sessionCount(), tokenRequests: idp.tokenRequests.length };
      const replay = await callback(first.pathAndQuery, first.begun.cookies);
      expect(replay.statusCode).toBe(400);
      expect(cookieValue(replay, SESSION_COOKIE)).toBeUndefined();
      expect(sessionCount()).toBe(before.sessions);
      expect(idp.tokenRequests.length).toBe(before.tokenRequests);
    });
  });

  describe('returnTo', () => {
    for (const evil of [
      '//evil.example',
      '/\\evil.example',
      'https://evil.example',
      'javascript:alert(1)',
      '/\r\nLocation: //evil',
    ]) {
      it(`${JSON.stringify(evil)} goes to / instead`, async () => {
        const { response } = await signInWithGoogle({ sub: `return-${evil}` }, evil);
        expect(response.statusCode).toBe(303);
        // The session is made: only the destination is replaced.
        expect(cookieValue(response, SESSION_COOKIE)).toBeTruthy();
        expect(response.headers.location).toBe('/');
      });
    }

    it('a return cookie tampered with after the redirect goes to / too', async () => {
      idp.signInAs({ sub: 'tampered-return' });
      const begun = await beginSignIn(app, '/pre-game');
      const back = await idp.authorize(begun.location);
      const cookies = begun.cookies.replace(
        /ql_oauth_return=[^;]*/,
        `ql_oauth_return=${encodeURIComponent('//evil.example')}`,
      );
      expect(cookies).toContain('ql_oauth_return=%2F%2Fevil.example');
      const response = await callback(`${back.pathname}${back.search}`, cookies);
      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toBe('/');
    });
  });

  describe('signs nobody in, redirecting to /', () => {
    const refusedClaims: [string, IdTokenClaims][] = [
      ['an unverified email', { sub: 'unverified', email: 'unverified@example.com', email_verified: false }],
      [
        'an email with no verification claim',
        { sub: 'unverified-2', email: 'unverified2@example.com', email_verified: undefined },
      ],
      ['a token for another client', { sub: 'other-aud', aud: 'someone-else' }],
      ['a token from another issuer', { sub: 'other-iss', iss: 'https://evil.example' }],
      ['an expired token', { sub: 'expired', exp: Math.floor(Date.now() / 1000) - 60 }],
      ['a token without a subject', { sub: undefined }],
    ];
    for (const [what, claims] of refusedClaims) {
      it(`for ${what}`, async () => {
        const before = { sessions: sessionCount(), users: userCount() };
        const { response } = await signInWithGoogle(claims, '/pre-game');
        expect(response.statusCode).toBe(303);
        expect(response.headers.location).toBe('/');
        expect(cookieValue(response, SESSION_COOKIE)).toBeUndefined();
        expect(sessionCount()).toBe(before.sessions);
        expect(userCount()).toBe(before.users);
      });
    }
  });

  it('makes an ADMIN_EMAILS address an admin, whatever its case, and nobody else', async () => {
    const boss = await signInWithGoogle({ sub: 'the-boss', email: 'Boss@Example.com' });
    const worker = await signInWithGoogle({ sub: 'a-worker', email: 'worker@example.com' });
    const bossUser = db.select().from(users).where(eq(users.authSubject, 'google:the-boss')).get();
    const workerUser = db.select().from(users).where(eq(users.authSubject, 'google:a-worker')).get();
    expect(cookieValue(boss.response, SESSION_COOKIE)).toBeTruthy();
    expect(cookieValue(worker.response, SESSION_COOKIE)).toBeTruthy();
    expect(bossUser?.isAdmin).toBe(true);
    expect(workerUser?.isAdmin).toBe(false);
  });

  it('keys accounts on the subject: two subjects with one email are two accounts', async () => {
    await signInWithGoogle({ sub: 'twin-a', email: 'twins@example.com' });
    await signInWithGoogle({ sub: 'twin-b', email: 'twins@example.com' });
    const rows = db.select().from(users).where(eq(users.email, 'twins@example.com')).all();
    expect(rows.map((row) => row.authSubject).sort()).toEqual(['google:twin-a', 'google:twin-b']);
    // And signing in again as the first finds the first account.
    const again = await signInWithGoogle({ sub: 'twin-a', email: 'twins@example.com' });
    const token = cookieValue(again.response, SESSION_COOKIE) as string;
    const session = db
      .select()
      .from(sessions)
      .where(eq(sessions.id, hashToken(token)))
      .get();
    expect(session?.userId).toBe(rows.find((row) => row.authSubject === 'google:twin-a')?.id);
  });
});

describe('the parent lock and Google', () => {
  const trpc = (cookie: string, path: string, method: 'GET' | 'POST' = 'POST', payload: object = {}) =>
    app.inject({
      method,
      url: `/trpc/${path}`,
      headers: { cookie, origin: TEST_ORIGIN, 'content-type': 'application/json' },
      ...(method === 'POST' ? { payload } : {}),
    });
  const lockOf = async (cookie: string) => (await trpc(cookie, 'parentLock.status', 'GET')).json().result.data;
  const sessionOf = (response: LightMyRequestResponse) => `${SESSION_COOKIE}=${cookieValue(response, SESSION_COOKIE)}`;

  /** A Google account with a PIN, signed in on a device where the lock is closed. */
  async function parentWithPin(sub: string) {
    const { response } = await signInWithGoogle({ sub });
    const cookie = sessionOf(response);
    expect((await trpc(cookie, 'parentLock.set', 'POST', { pin: '2468' })).statusCode).toBe(200);
    expect((await trpc(cookie, 'parentLock.lock')).statusCode).toBe(200);
    return cookie;
  }

  /** Forgot PIN from a signed-in browser: the app's redirect, the provider, the callback. */
  async function forgotPin(sessionCookie: string) {
    const begun = await app.inject({ method: 'GET', url: '/auth/forgot-pin', headers: { cookie: sessionCookie } });
    expect(begun.statusCode).toBe(302);
    const back = await idp.authorize(begun.headers.location as string);
    const response = await callback(`${back.pathname}${back.search}`, `${cookieHeaderFrom(begun)}; ${sessionCookie}`);
    return { begun, response, asked: idp.authorizations.at(-1) as URLSearchParams };
  }

  beforeEach(() => {
    idp.passwordTypedAt = Math.floor(Date.now() / 1000) - 3600;
    idp.authTimeClaim = true;
  });

  it('signing in again with Google (one tap: no password asked) leaves the lock closed', async () => {
    const first = await parentWithPin('pin-parent-1');
    await app.inject({ method: 'POST', url: '/auth/sign-out', headers: { cookie: first, origin: TEST_ORIGIN } });
    const { response } = await signInWithGoogle({ sub: 'pin-parent-1' });
    const asked = idp.authorizations.at(-1) as URLSearchParams;
    expect(asked.get('max_age')).toBeNull();
    expect(asked.get('prompt')).toBeNull();
    expect(await lockOf(sessionOf(response))).toEqual({ hasPin: true, unlocked: false });
    expect((await trpc(sessionOf(response), 'parentLock.remove')).statusCode).toBe(403);
  });

  it('even a password typed just now opens nothing at a plain sign-in: only Forgot PIN does', async () => {
    await parentWithPin('pin-parent-2');
    const { response } = await signInWithGoogle({ sub: 'pin-parent-2', auth_time: Math.floor(Date.now() / 1000) });
    expect(response.headers.location).toBe('/profiles');
    expect(await lockOf(sessionOf(response))).toEqual({ hasPin: true, unlocked: false });
  });

  it('Forgot PIN asks for the password again and, with a fresh auth_time, opens the lock to set a new PIN', async () => {
    const tablet = await parentWithPin('pin-parent-3');
    const { begun, response, asked } = await forgotPin(tablet);
    expect(asked.get('max_age')).toBe('0');
    const line = setCookieLine(begun, 'ql_oauth_purpose');
    expect(line).toMatch(/^ql_oauth_purpose=pin;/);
    expect(line).toMatch(/; HttpOnly/i);
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/profiles?forgotPin=confirmed');
    expect(cookieValue(response, 'ql_oauth_purpose')).toBe('');
    const cookie = sessionOf(response);
    expect(await lockOf(cookie)).toEqual({ hasPin: true, unlocked: true });
    expect((await trpc(cookie, 'parentLock.set', 'POST', { pin: '1357' })).statusCode).toBe(200);
    // The session the browser held before ended, as at every sign-in.
    expect((await trpc(tablet, 'parentLock.status', 'GET')).statusCode).toBe(401);
  });

  it('Forgot PIN gives a parent locked out everywhere the account’s tries back', async () => {
    const sub = 'pin-parent-4';
    let cookie = await parentWithPin(sub);
    for (let device = 0; device < 3; device++) {
      for (let i = 0; i < 5; i++) await trpc(cookie, 'parentLock.unlock', 'POST', { pin: '0000' });
      cookie = sessionOf((await signInWithGoogle({ sub })).response);
    }
    expect((await trpc(cookie, 'parentLock.unlock', 'POST', { pin: '2468' })).statusCode).toBe(429);
    const { response } = await forgotPin(cookie);
    const fresh = sessionOf(response);
    expect(await lockOf(fresh)).toEqual({ hasPin: true, unlocked: true });
    await trpc(fresh, 'parentLock.lock');
    expect((await trpc(fresh, 'parentLock.unlock', 'POST', { pin: '2468' })).statusCode).toBe(200);
  }, 60_000);

  const unconfirmed: [string, (sub: string) => void][] = [
    [
      'an auth_time an hour old (the provider did not ask again)',
      (sub) => idp.signInAs({ sub, auth_time: idp.passwordTypedAt }),
    ],
    ['no auth_time at all (session age claims off)', () => (idp.authTimeClaim = false)],
    ['an auth_time in the future', (sub) => idp.signInAs({ sub, auth_time: Math.floor(Date.now() / 1000) + 3600 })],
  ];
  for (const [what, arrange] of unconfirmed) {
    it(`Forgot PIN with ${what} signs in with the lock closed, and says so`, async () => {
      const sub = `pin-parent-${what}`;
      const tablet = await parentWithPin(sub);
      arrange(sub);
      const { response } = await forgotPin(tablet);
      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toBe('/profiles?forgotPin=unconfirmed');
      const cookie = sessionOf(response);
      expect(await lockOf(cookie)).toEqual({ hasPin: true, unlocked: false });
      expect((await trpc(cookie, 'parentLock.remove')).statusCode).toBe(403);
    });
  }

  it('a plain sign-in begun after an abandoned Forgot PIN is a plain one', async () => {
    const forgot = await app.inject({ method: 'GET', url: '/auth/forgot-pin' });
    const { response } = await beginSignIn();
    expect(cookieValue(forgot, 'ql_oauth_purpose')).toBe('pin');
    expect(cookieValue(response, 'ql_oauth_purpose')).toBe('');
  });
});

describe('in google mode', () => {
  it('the local sign-in route answers 404 and signs nobody in', async () => {
    const before = sessionCount();
    const response = await app.inject({
      method: 'POST',
      url: '/auth/local',
      headers: { origin: TEST_ORIGIN },
      payload: { name: 'Intruder', email: ADMIN },
    });
    expect(response.statusCode).toBe(404);
    expect(cookieValue(response, SESSION_COOKIE)).toBeUndefined();
    expect(sessionCount()).toBe(before);
  });
});

describe('in local mode', () => {
  it('GET /auth/google redirects to the local sign-in page with a safe returnTo', async () => {
    const localApp = await createTestApp(createTestDb());
    const forgot = await localApp.inject({ method: 'GET', url: '/auth/forgot-pin' });
    expect(forgot.statusCode).toBe(302);
    expect(forgot.headers.location).toBe('/sign-in/local?forgotPin=1');
    const cases: [string | undefined, string][] = [
      ['/pre-game', '/sign-in/local?returnTo=%2Fpre-game'],
      [undefined, '/sign-in/local?returnTo=%2Fprofiles'],
      ['//evil.example', '/sign-in/local?returnTo=%2F'],
      ['https://evil.example', '/sign-in/local?returnTo=%2F'],
    ];
    for (const [returnTo, expected] of cases) {
      const { response } = await beginSignIn(localApp, returnTo);
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe(expected);
      expect(cookieValue(response, 'ql_oauth_state')).toBeUndefined();
    }
  });

  it('the Google callback answers 404, to the redirect and to its post', async () => {
    const localApp = await createTestApp(createTestDb());
    const page = await localApp.inject({ method: 'GET', url: '/auth/google/callback?code=x&state=y' });
    expect(page.statusCode).toBe(404);
    const post = await localApp.inject({
      method: 'POST',
      url: '/auth/google/callback',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: TEST_ORIGIN,
        cookie: 'ql_oauth_state=y; ql_oauth_verifier=v',
      },
      payload: 'code=x&state=y',
    });
    expect(post.statusCode).toBe(404);
  });
});

describe('logs', () => {
  it('never hold the session cookie, and hold callback URLs without their query string', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const loggedApp = await createTestApp(createTestDb(), {
      config: googleConfig,
      oauthEndpoints: idp.endpoints,
      signInRateLimit: 1000,
      logger: { level: 'trace', stream, ...loggerOptions },
    });

    const { response, back } = await signInWithGoogle({ sub: 'logged' }, '/pre-game', loggedApp);
    const token = cookieValue(response, SESSION_COOKIE) as string;
    expect(token).toBeTruthy();
    const cookie = `${SESSION_COOKIE}=${token}`;
    await loggedApp.inject({ method: 'GET', url: '/trpc/profiles.list', headers: { cookie } });
    await loggedApp.inject({
      method: 'POST',
      url: '/api/start-game',
      headers: { cookie, origin: TEST_ORIGIN },
      payload: {},
    });
    // A refused callback logs a warning: still no query string.
    await callback(`${back.pathname}${back.search}`, undefined, loggedApp);
    await loggedApp.inject({ method: 'POST', url: '/auth/sign-out', headers: { cookie, origin: TEST_ORIGIN } });

    const log = lines.join('');
    expect(log).toContain('/auth/google/callback');
    expect(log).toContain('/trpc/profiles.list');
    expect(log).not.toContain(token);
    expect(log).not.toContain(encodeURIComponent(token));
    const code = back.searchParams.get('code') as string;
    const state = back.searchParams.get('state') as string;
    expect(log).not.toContain(code);
    expect(log).not.toContain(state);
    expect(log).not.toContain('/auth/google/callback?');
  });
});

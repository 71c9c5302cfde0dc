import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { type AppDeps, LOCAL_ONLY_CONFIG } from '../app';
import { SESSION_COOKIE } from '../auth/session';
import { profiles, sessions } from '../db/schema';
import { createTestApp, signInLocally, TEST_ORIGIN } from '../test/app';
import { createTestDb } from '../test/db';
import { createCategoryRow, createQuestionRows } from '../test/factories';
import { lanAddresses } from './own-addresses';

const EVIL = 'https://evil.example';
const localConfig: AppDeps['config'] = LOCAL_ONLY_CONFIG;
const httpsConfig: AppDeps['config'] = { ...localConfig, PUBLIC_URL: 'https://quiz.example' };

/** A built client in a temporary folder, beside the kinds of files that must never be served. */
function fakeInstall() {
  const root = mkdtempSync(join(tmpdir(), 'quiz-ladder-public-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const publicDir = join(root, 'public');
  mkdirSync(join(publicDir, 'assets'), { recursive: true });
  writeFileSync(join(publicDir, 'index.html'), '<!doctype html><title>Quiz Ladder</title><div id="root"></div>');
  writeFileSync(join(publicDir, 'assets', 'x.js'), 'console.log("x")');
  writeFileSync(join(publicDir, 'assets', 'x.js.br'), brotliCompressSync('console.log("x")'));
  // A dotfile that slipped into the build output is not served either.
  writeFileSync(join(publicDir, '.env'), 'SECRET_IN_PUBLIC=1');
  // The repository around it: secrets one level up from the public folder.
  writeFileSync(join(root, '.env'), 'GOOGLE_CLIENT_SECRET=top-secret');
  writeFileSync(join(root, 'package.json'), '{"name":"quiz-ladder-secret"}');
  mkdirSync(join(root, 'data'));
  writeFileSync(join(root, 'data', 'quiz-ladder.db'), 'SQLite format 3');
  mkdirSync(join(root, 'drizzle'));
  writeFileSync(join(root, 'drizzle', '0000_init.sql'), 'CREATE TABLE users');
  return publicDir;
}

const db = createTestDb();
const publicDir = fakeInstall();
// Many sign-ins here: the per-IP sign-in limit is tested with an app of its own below.
const app = await createTestApp(db, { publicDir, signInRateLimit: 1000 });

const profileCount = () => db.select().from(profiles).all().length;
const sessionCount = () => db.select().from(sessions).all().length;

function createProfile(headers: Record<string, string>, payload: unknown = { name: 'Kid', age: 9 }) {
  return app.inject({ method: 'POST', url: '/trpc/profiles.create', headers, payload: payload as object });
}

function expectNoLeak(response: LightMyRequestResponse) {
  const body = response.body;
  expect(body).not.toMatch(/\n\s+at /);
  expect(body).not.toMatch(/"stack"/);
  expect(body).not.toMatch(/SQLITE/i);
  expect(body).not.toMatch(/\/work\/|\/home\/|\/tmp\/|node_modules|\.ts:\d+/);
  expect(body).not.toMatch(/\bSELECT\b|\bINSERT\b|\bFROM\b/);
}

describe('cross-site requests', () => {
  it('a tRPC mutation from another site is refused and changes nothing', async () => {
    const cookie = await signInLocally(app, 'csrf-trpc@example.com');
    const before = profileCount();
    const response = await createProfile({ cookie, origin: EVIL });
    expect(response.statusCode).toBe(403);
    expect(profileCount()).toBe(before);
    // The same request from our own page works: the refusal was the origin's doing.
    const own = await createProfile({ cookie, origin: TEST_ORIGIN });
    expect(own.statusCode).toBe(200);
    expect(profileCount()).toBe(before + 1);
  });

  it('POST /api/start-game from another site is refused', async () => {
    const cookie = await signInLocally(app, 'csrf-api@example.com');
    const categoryId = createCategoryRow(db);
    const payload = { categoryId, lang: 'en' };
    const foreign = await app.inject({
      method: 'POST',
      url: '/api/start-game',
      headers: { cookie, origin: EVIL },
      payload,
    });
    expect(foreign.statusCode).toBe(403);
    const own = await app.inject({
      method: 'POST',
      url: '/api/start-game',
      headers: { cookie, origin: TEST_ORIGIN },
      payload,
    });
    expect(own.statusCode).toBe(200);
  });

  it('POST /auth/sign-out from another site is refused and the session lives on', async () => {
    const cookie = await signInLocally(app, 'csrf-signout@example.com');
    const before = sessionCount();
    const response = await app.inject({ method: 'POST', url: '/auth/sign-out', headers: { cookie, origin: EVIL } });
    expect(response.statusCode).toBe(403);
    expect(response.cookies.find((c) => c.name === SESSION_COOKIE)).toBeUndefined();
    expect(sessionCount()).toBe(before);
    expect((await app.inject({ method: 'GET', url: '/trpc/profiles.list', headers: { cookie } })).statusCode).toBe(200);
  });

  it('POST /auth/local from another site is refused and signs nobody in (login CSRF)', async () => {
    const before = sessionCount();
    const response = await app.inject({
      method: 'POST',
      url: '/auth/local',
      headers: { origin: EVIL },
      payload: { name: 'Attacker', email: 'attacker@example.com' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.cookies.find((c) => c.name === SESSION_COOKIE)).toBeUndefined();
    expect(sessionCount()).toBe(before);
  });

  it('look-alike and opaque origins are other sites', async () => {
    const cookie = await signInLocally(app, 'csrf-lookalike@example.com');
    const before = profileCount();
    for (const origin of [
      'null',
      'http://localhost:80.evil.example',
      'http://localhost:8080',
      'https://localhost:80',
      'http://localhost',
    ]) {
      expect((await createProfile({ cookie, origin })).statusCode, origin).toBe(403);
    }
    expect(profileCount()).toBe(before);
  });

  it('a POST with neither Origin nor Sec-Fetch-Site is refused', async () => {
    const cookie = await signInLocally(app, 'csrf-bare@example.com');
    const before = { profiles: profileCount(), sessions: sessionCount() };
    expect((await createProfile({ cookie })).statusCode).toBe(403);
    const startGame = await app.inject({
      method: 'POST',
      url: '/api/start-game',
      headers: { cookie },
      payload: { categoryId: 'random', lang: 'en' },
    });
    expect(startGame.statusCode).toBe(403);
    expect((await app.inject({ method: 'POST', url: '/auth/sign-out', headers: { cookie } })).statusCode).toBe(403);
    const local = await app.inject({
      method: 'POST',
      url: '/auth/local',
      payload: { name: 'N', email: 'n@example.com' },
    });
    expect(local.statusCode).toBe(403);
    expect(profileCount()).toBe(before.profiles);
    expect(sessionCount()).toBe(before.sessions);
  });

  it('a POST without Origin whose Sec-Fetch-Site is not same-origin is refused', async () => {
    const cookie = await signInLocally(app, 'csrf-fetch-site@example.com');
    const before = profileCount();
    for (const site of ['cross-site', 'same-site', 'none']) {
      expect((await createProfile({ cookie, 'sec-fetch-site': site })).statusCode, site).toBe(403);
    }
    expect(profileCount()).toBe(before);
  });

  it('a POST without Origin but with Sec-Fetch-Site: same-origin is allowed', async () => {
    const cookie = await signInLocally(app, 'csrf-same-origin@example.com');
    const before = profileCount();
    const response = await createProfile({ cookie, 'sec-fetch-site': 'same-origin' });
    expect(response.statusCode).toBe(200);
    expect(profileCount()).toBe(before + 1);
  });

  it('a foreign Origin wins over a same-origin Sec-Fetch-Site', async () => {
    const cookie = await signInLocally(app, 'csrf-both@example.com');
    const before = profileCount();
    expect((await createProfile({ cookie, origin: EVIL, 'sec-fetch-site': 'same-origin' })).statusCode).toBe(403);
    expect(profileCount()).toBe(before);
  });

  it('a multipart/form-data or text/plain POST to a tRPC mutation from another site is refused', async () => {
    const cookie = await signInLocally(app, 'csrf-form@example.com');
    const before = profileCount();
    const boundary = '----quizladdertest';
    const multipart = [
      `--${boundary}`,
      'Content-Disposition: form-data; name="name"',
      '',
      'Forged',
      `--${boundary}`,
      'Content-Disposition: form-data; name="age"',
      '',
      '9',
      `--${boundary}--`,
      '',
    ].join('\r\n');
    const form = await app.inject({
      method: 'POST',
      url: '/trpc/profiles.create',
      headers: { cookie, origin: EVIL, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: multipart,
    });
    expect(form.statusCode).toBe(403);
    const text = await app.inject({
      method: 'POST',
      url: '/trpc/profiles.create',
      headers: { cookie, origin: EVIL, 'content-type': 'text/plain' },
      payload: JSON.stringify({ name: 'Forged', age: 9 }),
    });
    expect(text.statusCode).toBe(403);
    expect(profileCount()).toBe(before);
  });

  it('GET queries are not blocked, whatever their origin', async () => {
    const cookie = await signInLocally(app, 'csrf-get@example.com');
    expect(
      (await app.inject({ method: 'GET', url: '/trpc/profiles.list', headers: { cookie, origin: EVIL } })).statusCode,
    ).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/trpc/profiles.list', headers: { cookie } })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/categories', headers: { origin: EVIL } })).statusCode).toBe(
      200,
    );
    // And nothing invites another site to read the answer.
    const response = await app.inject({ method: 'GET', url: '/trpc/profiles.list', headers: { cookie, origin: EVIL } });
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('behind PUBLIC_URL, only that origin is our own', async () => {
    const httpsApp = await createTestApp(createTestDb(), { config: httpsConfig });
    const payload = { name: 'P', email: 'public-url@example.com' };
    const own = await httpsApp.inject({
      method: 'POST',
      url: '/auth/local',
      headers: { origin: 'https://quiz.example' },
      payload,
    });
    expect(own.statusCode).toBe(200);
    for (const origin of ['http://quiz.example', TEST_ORIGIN, 'https://quiz.example.evil.example']) {
      const response = await httpsApp.inject({ method: 'POST', url: '/auth/local', headers: { origin }, payload });
      expect(response.statusCode, origin).toBe(403);
    }
  });
});

describe('the session cookie', () => {
  it('under an https PUBLIC_URL is __Host-ql_session: Secure, path /, no Domain; and it is the one read', async () => {
    const httpsApp = await createTestApp(createTestDb(), { config: httpsConfig });
    const headers = { origin: 'https://quiz.example', host: 'quiz.example' };
    const signIn = await httpsApp.inject({
      method: 'POST',
      url: '/auth/local',
      headers,
      payload: { name: 'P', email: 'host-prefix@example.com' },
    });
    expect(signIn.statusCode).toBe(200);
    const cookie = signIn.cookies.find((c) => c.name === '__Host-ql_session');
    expect(cookie).toMatchObject({ secure: true, path: '/', httpOnly: true, sameSite: 'Lax' });
    expect(cookie?.domain).toBeUndefined();
    expect(signIn.cookies.find((c) => c.name === SESSION_COOKIE)).toBeUndefined();

    const asked = (cookieHeader: string) =>
      httpsApp.inject({ method: 'GET', url: '/trpc/profiles.list', headers: { ...headers, cookie: cookieHeader } });
    expect((await asked(`__Host-ql_session=${cookie?.value}`)).statusCode).toBe(200);
    // The unprefixed name (which a plain-http page or a subdomain could set) is not a session here.
    expect((await asked(`${SESSION_COOKIE}=${cookie?.value}`)).statusCode).toBe(401);

    const signOut = await httpsApp.inject({
      method: 'POST',
      url: '/auth/sign-out',
      headers: { ...headers, cookie: `__Host-ql_session=${cookie?.value}` },
    });
    expect(signOut.statusCode).toBe(204);
    // Cleared with the attributes the prefix needs, or a browser would ignore the deletion.
    expect(signOut.cookies.find((c) => c.name === '__Host-ql_session')).toMatchObject({ secure: true, path: '/' });
  });

  it('over plain http keeps its plain name (a browser drops __Host- cookies that are not Secure)', async () => {
    const signIn = await app.inject({
      method: 'POST',
      url: '/auth/local',
      headers: { origin: TEST_ORIGIN },
      payload: { name: 'P', email: 'plain-cookie@example.com' },
    });
    expect(signIn.cookies.map((c) => c.name)).toEqual([SESSION_COOKIE]);
  });
});

describe('caching', () => {
  it('every tRPC and REST answer says no-store, signed in or not, errors too; pages and assets keep theirs', async () => {
    const cookie = await signInLocally(app, 'no-store@example.com');
    const answers: [string, LightMyRequestResponse][] = [
      ['trpc query', await app.inject({ method: 'GET', url: '/trpc/profiles.list', headers: { cookie } })],
      [
        'trpc batch',
        await app.inject({
          method: 'GET',
          url: '/trpc/profiles.list,categories.list?batch=1&input={}',
          headers: { cookie },
        }),
      ],
      ['trpc 401', await app.inject({ method: 'GET', url: '/trpc/profiles.list' })],
      ['REST categories', await app.inject({ method: 'GET', url: '/api/categories' })],
      ['REST health', await app.inject({ method: 'GET', url: '/api/health' })],
      [
        'REST 400',
        await app.inject({
          method: 'POST',
          url: '/api/start-game',
          headers: { cookie, origin: TEST_ORIGIN },
          payload: { categoryId: 'nope' },
        }),
      ],
      ['REST 404', await app.inject({ method: 'GET', url: '/api/no-such-call' })],
    ];
    for (const [what, response] of answers) expect(response.headers['cache-control'], what).toBe('no-store');
    expect((await app.inject({ method: 'GET', url: '/assets/x.js' })).headers['cache-control']).toMatch(/^public/);
    expect((await app.inject({ method: 'GET', url: '/profiles', headers: { cookie } })).headers['cache-control']).toBe(
      'private, no-cache',
    );
  });
});

describe('a NUL character in what is sent', () => {
  it('is a 400 on tRPC queries, mutations and batches, and REST bodies and queries, and changes nothing', async () => {
    const cookie = await signInLocally(app, 'nul@example.com');
    const headers = { cookie, origin: TEST_ORIGIN, 'content-type': 'application/json' };
    const before = profileCount();
    const input = encodeURIComponent(JSON.stringify({ name: 'A\u0000' }));
    const attempts: [string, () => Promise<LightMyRequestResponse>][] = [
      ['trpc query', () => app.inject({ method: 'GET', url: `/trpc/categories.list?input=${input}`, headers })],
      [
        'trpc mutation',
        () =>
          app.inject({
            method: 'POST',
            url: '/trpc/profiles.create',
            headers,
            payload: '{"name":"Kid\\u0000","age":9}',
          }),
      ],
      [
        'trpc batch',
        () =>
          app.inject({
            method: 'POST',
            url: '/trpc/profiles.create?batch=1',
            headers,
            payload: '{"0":{"name":"Kid\\u0000x","age":9}}',
          }),
      ],
      [
        'REST body',
        () =>
          app.inject({
            method: 'POST',
            url: '/api/start-game',
            headers,
            payload: '{"categoryId":"random","lang":"e\\u0000n"}',
          }),
      ],
      ['REST query', () => app.inject({ method: 'GET', url: '/api/categories?x=%00', headers })],
      ['a key', () => app.inject({ method: 'POST', url: '/api/start-game', headers, payload: '{"k\\u0000":1}' })],
    ];
    for (const [what, send] of attempts) {
      const response = await send();
      expect(response.statusCode, what).toBe(400);
      expectNoLeak(response);
    }
    expect(profileCount()).toBe(before);
  });
});

describe('the Host the server answers to (DNS rebinding)', () => {
  it('a page whose name re-binds to 127.0.0.1 gets 421 before any route, signed in or not', async () => {
    const cookie = await signInLocally(app, 'rebinding@example.com');
    const before = { profiles: profileCount(), sessions: sessionCount() };
    const rebound = 'rebind.attacker.test:80';
    const attempts = [
      { method: 'POST' as const, url: '/auth/local', payload: { name: 'Admin', email: 'admin@example.com' } },
      { method: 'GET' as const, url: '/trpc/profiles.list' },
      { method: 'POST' as const, url: '/trpc/profiles.create', payload: { name: 'Kid', age: 9 } },
      { method: 'GET' as const, url: '/api/categories' },
      { method: 'GET' as const, url: '/' },
      { method: 'GET' as const, url: '/no/such/page' },
    ];
    for (const attempt of attempts) {
      const response = await app.inject({
        ...attempt,
        headers: { host: rebound, origin: `http://${rebound}`, cookie },
      });
      expect(response.statusCode, attempt.url).toBe(421);
      expect(response.json()).toEqual({ error: 'Misdirected request.' });
      expect(response.headers['content-security-policy']).toBeDefined();
      expect(response.headers['set-cookie'], attempt.url).toBeUndefined();
    }
    expect({ profiles: profileCount(), sessions: sessionCount() }).toEqual(before);
  });

  it('tells a browser opened at an unknown address what to set, in both languages', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/',
      headers: { host: '192.168.1.20:3000', accept: 'text/html,application/xhtml+xml' },
    });
    expect(response.statusCode).toBe(421);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain('set PUBLIC_URL to the address players use');
    expect(response.body).toContain('hãy đặt PUBLIC_URL');
    expect(response.headers['content-security-policy']).toBeDefined();
  });

  it('answers to localhost, 127.0.0.1 and [::1] on its own port only', async () => {
    for (const host of ['localhost:80', '127.0.0.1:80', '[::1]:80', 'localhost', 'LOCALHOST:80']) {
      const response = await app.inject({ method: 'GET', url: '/api/health', headers: { host } });
      expect(response.statusCode, host).toBe(200);
    }
    for (const host of ['localhost:3000', '127.0.0.2:80', 'quiz.example', '0.0.0.0:80']) {
      const response = await app.inject({ method: 'GET', url: '/api/health', headers: { host } });
      expect(response.statusCode, host).toBe(421);
    }
  });

  it('on HOST=0.0.0.0 without PUBLIC_URL, to its own network addresses too: phones on the home network play', async () => {
    const address = lanAddresses('0.0.0.0')[0];
    if (!address) throw new Error('this machine has no network address to test with');
    const lanApp = await createTestApp(createTestDb(), { config: { ...localConfig, HOST: '0.0.0.0' } });
    const origin = `http://${address}`;
    const cookie = await signInLocally(lanApp, 'lan@example.com');
    const health = await lanApp.inject({ method: 'GET', url: '/api/health', headers: { host: address } });
    expect(health.statusCode).toBe(200);
    // A phone's state-changing call, from a page it opened at that address.
    const created = await lanApp.inject({
      method: 'POST',
      url: '/trpc/profiles.create',
      headers: { host: address, origin, cookie, 'content-type': 'application/json' },
      payload: { name: 'Bé An', age: 7 },
    });
    expect(created.statusCode).toBe(200);
    for (const host of ['192.0.2.254:80', 'rebind.attacker.test', `${address}:8080`]) {
      const response = await lanApp.inject({ method: 'GET', url: '/api/health', headers: { host } });
      expect(response.statusCode, host).toBe(421);
    }
    // The loopback server of the test above answers at none of them.
    const loopback = await app.inject({ method: 'GET', url: '/api/health', headers: { host: address } });
    expect(loopback.statusCode).toBe(421);
  });

  it('behind PUBLIC_URL, to its host (and loopback names for a proxy or a health check on the machine)', async () => {
    const httpsApp = await createTestApp(createTestDb(), { config: httpsConfig });
    for (const host of ['quiz.example', '127.0.0.1:80']) {
      const response = await httpsApp.inject({ method: 'GET', url: '/api/health', headers: { host } });
      expect(response.statusCode, host).toBe(200);
    }
    for (const host of ['quiz.example:8443', 'evil.example', 'quiz.example.evil.example']) {
      const response = await httpsApp.inject({ method: 'GET', url: '/api/health', headers: { host } });
      expect(response.statusCode, host).toBe(421);
    }
  });
});

describe('limits', () => {
  const big = 'x'.repeat(70 * 1024);

  it('a JSON body over 64 KB is refused with 413 and no stack', async () => {
    const cookie = await signInLocally(app, 'big-body@example.com');
    const before = profileCount();
    for (const url of ['/api/start-game', '/trpc/profiles.create', '/auth/local']) {
      const response = await app.inject({
        method: 'POST',
        url,
        headers: { cookie, origin: TEST_ORIGIN, 'content-type': 'application/json' },
        payload: JSON.stringify({ name: big, age: 9, email: 'a@example.com', categoryId: 'random', lang: 'en' }),
      });
      expect(response.statusCode, url).toBe(413);
      expect(response.json(), url).toEqual({ error: 'Request body is too large.' });
      expectNoLeak(response);
    }
    expect(profileCount()).toBe(before);
  });

  it('a body just under the limit is not refused for its size', async () => {
    const cookie = await signInLocally(app, 'fits@example.com');
    const response = await app.inject({
      method: 'POST',
      url: '/api/start-game',
      headers: { cookie, origin: TEST_ORIGIN, 'content-type': 'application/json' },
      payload: JSON.stringify({ categoryId: 'random', lang: 'en', padding: 'x'.repeat(60 * 1024) }),
    });
    expect(response.statusCode).toBe(200);
  });

  it('the 11th sign-in within a minute from one address gets 429 with Retry-After', async () => {
    const limitedApp = await createTestApp(createTestDb());
    const signIn = (n: number, remoteAddress = '203.0.113.7') =>
      limitedApp.inject({
        method: 'POST',
        url: '/auth/local',
        remoteAddress,
        headers: { origin: TEST_ORIGIN },
        payload: { name: `Player ${n}`, email: `limit${n}@example.com` },
      });
    for (let n = 1; n <= 10; n++) expect((await signIn(n)).statusCode, `attempt ${n}`).toBe(200);
    const eleventh = await signIn(11);
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json()).toEqual({ error: 'Too many attempts to sign in. Please wait a minute and try again.' });
    expect(Number(eleventh.headers['retry-after'])).toBeGreaterThan(0);
    expect(eleventh.cookies.find((c) => c.name === SESSION_COOKIE)).toBeUndefined();
    expectNoLeak(eleventh);
    // Per address: another one is not held back.
    expect((await signIn(12, '203.0.113.8')).statusCode).toBe(200);
    // A browser following the Google button over the limit is shown the sign-in page, saying why.
    const button = () => limitedApp.inject({ method: 'GET', url: '/auth/google', remoteAddress: '203.0.113.9' });
    for (let n = 1; n <= 10; n++) expect((await button()).statusCode, `click ${n}`).toBe(302);
    const eleventhClick = await button();
    expect(eleventhClick.statusCode).toBe(303);
    expect(eleventhClick.headers.location).toBe('/?signIn=tooManyAttempts');
  });
});

describe('security headers', () => {
  function expectSecurityHeaders(response: LightMyRequestResponse, what: string) {
    const csp = String(response.headers['content-security-policy'] ?? '');
    for (const directive of ["default-src 'self'", "object-src 'none'", "frame-ancestors 'none'", "base-uri 'none'"]) {
      expect(csp, `${what}: ${directive}`).toContain(directive);
    }
    expect(csp, what).not.toContain('unsafe-inline');
    expect(csp, what).not.toContain('unsafe-eval');
    expect(response.headers['x-content-type-options'], what).toBe('nosniff');
    expect(response.headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
    expect(response.headers['x-frame-options'], what).toBe('DENY');
  }

  it('are on every response: HTML, JSON, assets, 404, 403, errors', async () => {
    const cases: [string, () => Promise<LightMyRequestResponse>, number][] = [
      ['html', () => app.inject({ method: 'GET', url: '/profiles' }), 200],
      ['json', () => app.inject({ method: 'GET', url: '/api/health' }), 200],
      ['asset', () => app.inject({ method: 'GET', url: '/assets/x.js' }), 200],
      ['404', () => app.inject({ method: 'GET', url: '/no-such-page' }), 404],
      ['trpc 401', () => app.inject({ method: 'GET', url: '/trpc/profiles.list' }), 401],
      [
        '403',
        () => app.inject({ method: 'POST', url: '/api/start-game', headers: { origin: EVIL }, payload: {} }),
        403,
      ],
      ['redirect', () => app.inject({ method: 'GET', url: '/auth/google' }), 302],
    ];
    for (const [what, send, status] of cases) {
      const response = await send();
      expect(response.statusCode, what).toBe(status);
      expectSecurityHeaders(response, what);
      expect(response.headers['strict-transport-security'], what).toBeUndefined();
    }
  });

  it('include HSTS only when PUBLIC_URL is https', async () => {
    const httpsApp = await createTestApp(createTestDb(), { config: httpsConfig, publicDir });
    for (const url of ['/api/health', '/profiles', '/no-such-page']) {
      const response = await httpsApp.inject({ method: 'GET', url });
      expectSecurityHeaders(response, url);
      expect(response.headers['strict-transport-security'], url).toMatch(/^max-age=\d{8,}/);
    }
    const httpApp = await createTestApp(createTestDb(), {
      config: { ...localConfig, PUBLIC_URL: 'http://quiz.example' },
    });
    expect(
      (await httpApp.inject({ method: 'GET', url: '/api/health' })).headers['strict-transport-security'],
    ).toBeUndefined();
  });
});

describe('errors', () => {
  it('an internal error answers 500 with a generic message: no stack, SQL or path', async () => {
    const brokenDb = createTestDb();
    const brokenApp = await createTestApp(brokenDb);
    const cookie = await signInLocally(brokenApp, 'broken@example.com');
    expect(
      (await brokenApp.inject({ method: 'GET', url: '/trpc/profiles.list', headers: { cookie } })).statusCode,
    ).toBe(200);
    brokenDb.$client.close();

    const list = await brokenApp.inject({ method: 'GET', url: '/trpc/profiles.list', headers: { cookie } });
    expect(list.statusCode).toBe(500);
    expect(list.json().error.message).toBe('Something went wrong. Please try again.');
    expect(list.json().error.data.messageKey).toBe('errors:generic');
    expectNoLeak(list);

    const start = await brokenApp.inject({
      method: 'POST',
      url: '/api/start-game',
      headers: { cookie, origin: TEST_ORIGIN },
      payload: { categoryId: 'random', lang: 'en' },
    });
    expect(start.statusCode).toBe(500);
    expect(start.json()).toEqual({ error: 'Internal server error' });
    expectNoLeak(start);

    const categories = await brokenApp.inject({ method: 'GET', url: '/api/categories' });
    expect(categories.statusCode).toBe(500);
    expectNoLeak(categories);
  });

  it('a tRPC validation error names the problem but has no stack', async () => {
    const cookie = await signInLocally(app, 'invalid-input@example.com');
    const response = await createProfile({ cookie, origin: TEST_ORIGIN }, { name: '', age: 'nine' });
    expect(response.statusCode).toBe(400);
    const error = response.json().error;
    expect(error.data.code).toBe('BAD_REQUEST');
    expect(error.message).toBe('Name and Age are required.');
    expect(error.data.messageKey).toBe('errors:profile.required');
    expect(error.data.stack).toBeUndefined();
    expectNoLeak(response);
  });

  it('malformed JSON and an unknown procedure answer without a stack', async () => {
    const cookie = await signInLocally(app, 'malformed@example.com');
    const malformed = await app.inject({
      method: 'POST',
      url: '/api/start-game',
      headers: { cookie, origin: TEST_ORIGIN, 'content-type': 'application/json' },
      payload: '{"categoryId": ',
    });
    expect(malformed.statusCode).toBe(400);
    expectNoLeak(malformed);
    const unknown = await app.inject({ method: 'GET', url: '/trpc/nothing.here', headers: { cookie } });
    expect(unknown.statusCode).toBe(404);
    expectNoLeak(unknown);
  });
});

describe('files that are not the client', () => {
  const notServed = [
    '/.env',
    '/data/quiz-ladder.db',
    '/drizzle/0000_init.sql',
    '/package.json',
    '/assets/../package.json',
    '/assets/../../package.json',
    '/%2e%2e/package.json',
    '/assets/%2e%2e/%2e%2e/.env',
    '/..%2fpackage.json',
    '/assets/..%2f..%2f.env',
    '/server/app.ts',
  ];
  for (const url of notServed) {
    it(`${url} is a 404`, async () => {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('secret');
      expect(response.body).not.toContain('SECRET');
      expect(response.body).not.toContain('CREATE TABLE');
      expect(response.body).not.toContain('SQLite format');
    });
  }

  it('client routes get index.html and built assets are served', async () => {
    const page = await app.inject({ method: 'GET', url: '/profiles' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<title>Quiz Ladder</title>');
    const asset = await app.inject({ method: 'GET', url: '/assets/x.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log("x")');
  });

  it('a built asset goes Brotli-compressed to a browser that takes it; its compressed copy has no route of its own', async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/x.js', headers: { 'accept-encoding': 'br' } });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(asset.rawPayload).toString()).toBe('console.log("x")');
    const copy = await app.inject({ method: 'GET', url: '/assets/x.js.br' });
    expect(copy.statusCode).toBe(404);
  });

  it('the page carries its visitor’s session (none for a stranger), safe inside its script element, never cached shared', async () => {
    const cookie = await signInLocally(app, 'page-session@example.com', 'Parent </script><script>alert(1)</script>');
    const page = await app.inject({ method: 'GET', url: '/profiles', headers: { cookie, host: 'localhost:80' } });
    const data = /<script type="application\/json" id="initial-state">(.*?)<\/script>/.exec(page.body)?.[1];
    expect(data).toBeDefined();
    // The name's own </script> cannot end the element: < is written \u003c.
    expect(data).not.toContain('<');
    expect(JSON.parse(data as string)).toMatchObject({
      session: {
        user: { email: 'page-session@example.com', displayName: 'Parent </script><script>alert(1)</script>' },
        activeProfile: null,
      },
      // /profiles is served with its list (none yet).
      queries: [{ path: 'profiles.list', data: [] }],
    });
    expect(page.headers['cache-control']).toBe('private, no-cache');
    expect(page.headers.vary).toContain('Cookie');

    const stranger = await app.inject({ method: 'GET', url: '/profiles', headers: { host: 'localhost:80' } });
    const none = /id="initial-state">(.*?)<\/script>/.exec(stranger.body)?.[1];
    expect(JSON.parse(none as string)).toEqual({ session: { user: null, activeProfile: null }, queries: [] });
    expect(stranger.body).not.toContain('page-session@example.com');
  });

  it('/pre-game and /game are served with their first answers for the active profile, and only the visitor’s own', async () => {
    const cookie = await signInLocally(app, 'page-pregame@example.com');
    const created = await createProfile(
      { cookie, origin: TEST_ORIGIN, host: 'localhost:80' },
      { name: 'Bé Na', age: 7 },
    );
    const profileId = JSON.parse(created.body).result.data.id as string;
    await app.inject({
      method: 'POST',
      url: '/trpc/profiles.choose',
      headers: { cookie, origin: TEST_ORIGIN, host: 'localhost:80', 'content-type': 'application/json' },
      payload: { profileId },
    });
    const page = await app.inject({ method: 'GET', url: '/pre-game', headers: { cookie, host: 'localhost:80' } });
    const state = JSON.parse(/id="initial-state">(.*?)<\/script>/.exec(page.body)?.[1] as string);
    expect(state.session.activeProfile).toMatchObject({ id: profileId, name: 'Bé Na' });
    expect(state.queries.map((q: { path: string }) => q.path)).toEqual([
      'categories.list',
      'categories.short',
      'game.current',
      'profiles.history',
    ]);
    expect(state.queries[2]).toEqual({ path: 'game.current', input: { profileId }, data: null });
    expect(state.queries[3]).toEqual({
      path: 'profiles.history',
      input: { profileId },
      data: { recent: [], byCategory: [] },
    });

    const stranger = await app.inject({ method: 'GET', url: '/pre-game', headers: { host: 'localhost:80' } });
    expect(stranger.body).not.toContain(profileId);

    // /game (a reload in the middle of a game) with the game in progress.
    const categoryId = createCategoryRow(db);
    createQuestionRows(db, 15, { categoryId, imageUrl: '/uploads/question-images/a-picture.webp' });
    const started = await app.inject({
      method: 'POST',
      url: '/trpc/game.start',
      headers: { cookie, origin: TEST_ORIGIN, host: 'localhost:80', 'content-type': 'application/json' },
      payload: { profileId, categoryId, lang: 'vi' },
    });
    const gameId = JSON.parse(started.body).result.data.gameId as string;
    const game = await app.inject({ method: 'GET', url: '/game', headers: { cookie, host: 'localhost:80' } });
    const gameState = JSON.parse(/id="initial-state">(.*?)<\/script>/.exec(game.body)?.[1] as string);
    expect(gameState.queries).toHaveLength(1);
    expect(gameState.queries[0]).toMatchObject({ path: 'game.current', input: { profileId }, data: { gameId } });
    // Its question's picture on its way before the code has run (the largest paint on a phone).
    expect(game.body).toContain(
      '<link rel="preload" as="image" fetchpriority="high" href="/uploads/question-images/a-picture.webp">',
    );
    const preGameAgain = await app.inject({
      method: 'GET',
      url: '/pre-game',
      headers: { cookie, host: 'localhost:80' },
    });
    expect(preGameAgain.body).not.toContain('rel="preload" as="image"');
  });

  it('an unknown page asked by a browser is a 404 with the app (its own "Page not found"), unknown API paths JSON', async () => {
    const page = await app.inject({
      method: 'GET',
      url: '/no/such/page',
      headers: { accept: 'text/html,application/xhtml+xml' },
    });
    expect(page.statusCode).toBe(404);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('<div id="root">');
    for (const url of ['/api/nope', '/trpc/nope.nothing', '/auth/nope', '/uploads/nope']) {
      const response = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toMatch(/^application\/json/);
    }
  });

  it('unknown API paths are 404 JSON, not the page', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/nope' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'Not found.' });
  });
});

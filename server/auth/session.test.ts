import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { LOCAL_ONLY_CONFIG } from '../app';
import { sessions, users } from '../db/schema';
import { createTestApp, signInLocally, TEST_ORIGIN } from '../test/app';
import { createTestDb } from '../test/db';
import { createAccount } from '../test/factories';
import {
  createSession,
  findSession,
  hashToken,
  newSessionToken,
  purgeExpiredSessions,
  renewSession,
  SESSION_ABSOLUTE_MS,
  SESSION_COOKIE,
  SESSION_IDLE_MS,
} from './session';

const DAY = 24 * 60 * 60 * 1000;

const db = createTestDb();
// Many sign-ins here: the per-IP sign-in limit is tested in http/security.test.ts.
const app = await createTestApp(db, { signInRateLimit: 1000 });

const sessionRows = () => db.select().from(sessions).all();
const findRow = (on: typeof db, token: string) =>
  on
    .select()
    .from(sessions)
    .where(eq(sessions.id, hashToken(token)))
    .get();
const tokenOf = (cookieHeader: string) => cookieHeader.slice(`${SESSION_COOKIE}=`.length);

function listProfiles(headers: Record<string, string> = {}, query = '') {
  return app.inject({ method: 'GET', url: `/trpc/profiles.list${query}`, headers });
}

function startGame(headers: Record<string, string> = {}, url = '/api/start-game') {
  return app.inject({
    method: 'POST',
    url,
    headers: { origin: TEST_ORIGIN, ...headers },
    payload: { categoryId: 'random', lang: 'en' },
  });
}

describe('session tokens', () => {
  it('carry at least 128 bits: 43 base64url characters, 256 bits', () => {
    const token = newSessionToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
  });

  it('differ every time', () => {
    const tokens = new Set(Array.from({ length: 100 }, () => newSessionToken()));
    expect(tokens.size).toBe(100);
  });

  it('are stored only as their SHA-256', () => {
    const { userId } = createAccount(db);
    const { token } = createSession(db, userId);
    const row = db
      .select()
      .from(sessions)
      .where(eq(sessions.id, hashToken(token)))
      .get();
    expect(row).toBeDefined();
    expect(row?.id).toMatch(/^[0-9a-f]{64}$/);
    // Nowhere in the table, in any column.
    const dump = JSON.stringify(db.$client.prepare('SELECT * FROM sessions').all());
    expect(dump).not.toContain(token);
    expect(dump).toContain(hashToken(token));
  });

  it('are refused when malformed, without touching the database', () => {
    expect(findSession(db, 'short')).toBeNull();
    expect(findSession(db, `${newSessionToken()}x`)).toBeNull();
    expect(findSession(db, newSessionToken())).toBeNull();
  });
});

describe('session lifetime', () => {
  it('starts 30 days long', () => {
    const { userId } = createAccount(db);
    const now = new Date('2030-01-01T00:00:00Z');
    const { expiresAt } = createSession(db, userId, now);
    expect(expiresAt.getTime()).toBe(now.getTime() + 30 * DAY);
    expect(SESSION_IDLE_MS).toBe(30 * DAY);
    expect(SESSION_ABSOLUTE_MS).toBe(90 * DAY);
  });

  /** What a request does: look the session up, and write its new expiry when one is due. */
  function use(token: string, now: Date) {
    const found = findSession(db, token, now);
    if (found?.renewTo) renewSession(db, found.session.id, found.renewTo);
    return found;
  }

  it('slides: used after 10 days, it ends 30 days from then', () => {
    const { userId } = createAccount(db);
    const start = new Date('2030-01-01T00:00:00Z');
    const { token } = createSession(db, userId, start);
    const later = new Date(start.getTime() + 10 * DAY);
    const found = use(token, later);
    expect(found?.renewTo?.getTime()).toBe(later.getTime() + 30 * DAY);
    expect(found?.session.expiresAt.getTime()).toBe(later.getTime() + 30 * DAY);
    const row = db
      .select()
      .from(sessions)
      .where(eq(sessions.id, hashToken(token)))
      .get();
    expect(row?.expiresAt.getTime()).toBe(later.getTime() + 30 * DAY);
    // Used again within the hour: nothing to write.
    expect(findSession(db, token, new Date(later.getTime() + 30 * 60 * 1000))?.renewTo).toBeNull();
  });

  it('never lasts past 90 days from sign-in, however often it is used', () => {
    const { userId } = createAccount(db);
    const start = new Date('2030-01-01T00:00:00Z');
    const cap = start.getTime() + 90 * DAY;
    const { token } = createSession(db, userId, start);
    for (let day = 1; day <= 89; day++) {
      const found = use(token, new Date(start.getTime() + day * DAY));
      expect(found, `day ${day}`).not.toBeNull();
      expect(found?.session.expiresAt.getTime()).toBeLessThanOrEqual(cap);
    }
    const row = db
      .select()
      .from(sessions)
      .where(eq(sessions.id, hashToken(token)))
      .get();
    expect(row?.expiresAt.getTime()).toBe(cap);
    expect(findSession(db, token, new Date(cap - 1))).not.toBeNull();
    expect(findSession(db, token, new Date(cap))).toBeNull();
    expect(findSession(db, token, new Date(cap + DAY))).toBeNull();
  });

  it('once expired, is refused, and purged', () => {
    const { userId } = createAccount(db);
    const start = new Date('2030-01-01T00:00:00Z');
    const { token } = createSession(db, userId, start);
    const expired = new Date(start.getTime() + 31 * DAY);
    expect(findSession(db, token, expired)).toBeNull();
    expect(purgeExpiredSessions(db, expired)).toBeGreaterThanOrEqual(1);
    expect(
      db
        .select()
        .from(sessions)
        .where(eq(sessions.id, hashToken(token)))
        .get(),
    ).toBeUndefined();
    // Even going back in time does not bring it back.
    expect(findSession(db, token, start)).toBeNull();
  });

  it('purgeExpiredSessions removes only the expired ones', () => {
    const { userId } = createAccount(db);
    const now = new Date('2031-06-01T00:00:00Z');
    const old = createSession(db, userId, new Date(now.getTime() - 40 * DAY));
    const live = createSession(db, userId, new Date(now.getTime() - 1 * DAY));
    expect(purgeExpiredSessions(db, now)).toBeGreaterThanOrEqual(1);
    expect(
      db
        .select()
        .from(sessions)
        .where(eq(sessions.id, hashToken(old.token)))
        .get(),
    ).toBeUndefined();
    expect(
      db
        .select()
        .from(sessions)
        .where(eq(sessions.id, hashToken(live.token)))
        .get(),
    ).toBeDefined();
  });

  it('is refused over HTTP after the absolute cap', async () => {
    const cookie = await signInLocally(app, 'capped@example.com');
    expect((await listProfiles({ cookie })).statusCode).toBe(200);
    const id = hashToken(tokenOf(cookie));
    // Signed in 91 days ago and used every day since: its expiry stopped at the cap, a day ago.
    const createdAt = new Date(Date.now() - 91 * DAY);
    db.update(sessions)
      .set({ createdAt, expiresAt: new Date(createdAt.getTime() + 90 * DAY) })
      .where(eq(sessions.id, id))
      .run();
    const response = await listProfiles({ cookie });
    expect(response.statusCode).toBe(401);
    expect(response.cookies.find((c) => c.name === SESSION_COOKIE)?.value).toBe('');
  });

  it('renews the cookie over HTTP when the expiry slides, on the next POST: a GET never writes', async () => {
    const cookie = await signInLocally(app, 'slider@example.com');
    const id = hashToken(tokenOf(cookie));
    const due = new Date(Date.now() + 20 * DAY);
    db.update(sessions)
      .set({ createdAt: new Date(Date.now() - 10 * DAY), expiresAt: due })
      .where(eq(sessions.id, id))
      .run();
    const read = await listProfiles({ cookie });
    expect(read.statusCode).toBe(200);
    expect(read.cookies.find((c) => c.name === SESSION_COOKIE)).toBeUndefined();
    expect(db.select().from(sessions).where(eq(sessions.id, id)).get()?.expiresAt).toEqual(due);

    const response = await app.inject({
      method: 'POST',
      url: '/trpc/profiles.choose',
      headers: { origin: TEST_ORIGIN, cookie, 'content-type': 'application/json' },
      payload: { profileId: null },
    });
    expect(response.statusCode).toBe(200);
    const renewed = response.cookies.find((c) => c.name === SESSION_COOKIE);
    expect(renewed?.value).toBe(tokenOf(cookie));
    const expires = (renewed?.expires ?? new Date(0)).getTime();
    expect(Math.abs(expires - (Date.now() + 30 * DAY))).toBeLessThan(60_000);
    // The cookie's expiry is in whole seconds; the row's is the same instant in milliseconds.
    const stored = db.select().from(sessions).where(eq(sessions.id, id)).get()?.expiresAt.getTime() ?? 0;
    expect(Math.abs(stored - expires)).toBeLessThan(1000);
  });
});

describe('signing in', () => {
  it('makes a new session every time', async () => {
    const before = sessionRows().length;
    const first = await signInLocally(app, 'twice@example.com');
    const second = await signInLocally(app, 'twice@example.com');
    expect(first).not.toBe(second);
    expect(sessionRows().length).toBe(before + 2);
    const ids = sessionRows().map((row) => row.id);
    expect(ids).toContain(hashToken(tokenOf(first)));
    expect(ids).toContain(hashToken(tokenOf(second)));
    // Both sessions belong to the same account.
    const a = db
      .select()
      .from(sessions)
      .where(eq(sessions.id, hashToken(tokenOf(first))))
      .get();
    const b = db
      .select()
      .from(sessions)
      .where(eq(sessions.id, hashToken(tokenOf(second))))
      .get();
    expect(a?.userId).toBe(b?.userId);
  });

  it('does not promote a session cookie planted before sign-in', async () => {
    const planted = await signInLocally(app, 'attacker@example.com');
    const response = await app.inject({
      method: 'POST',
      url: '/auth/local',
      headers: { origin: TEST_ORIGIN, cookie: planted },
      payload: { name: 'Victim', email: 'victim@example.com' },
    });
    expect(response.statusCode).toBe(200);
    const issued = response.cookies.find((c) => c.name === SESSION_COOKIE);
    expect(issued?.value).toBeTruthy();
    expect(issued?.value).not.toBe(tokenOf(planted));
  });
});

describe('the local sign-in’s name', () => {
  it('must be one people can see: a right-to-left override is refused and no account is made', async () => {
    const before = db.select().from(users).all().length;
    const response = await app.inject({
      method: 'POST',
      url: '/auth/local',
      headers: { origin: TEST_ORIGIN },
      payload: { name: '\u202eevilnimda', email: 'bidi@example.com' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'Names cannot contain invisible or control characters.' });
    expect(response.cookies.find((c) => c.name === SESSION_COOKIE)).toBeUndefined();
    expect(db.select().from(users).all()).toHaveLength(before);
  });
});

describe('signing in again from the same browser', () => {
  it('ends the session its cookie named: sign-ins leave one row a browser, not one a sign-in', async () => {
    const before = sessionRows().length;
    let cookie = await signInLocally(app, 'again@example.com');
    const first = cookie;
    for (let i = 0; i < 20; i++) {
      const response = await app.inject({
        method: 'POST',
        url: '/auth/local',
        headers: { origin: TEST_ORIGIN, cookie },
        payload: { name: 'Again', email: 'again@example.com' },
      });
      expect(response.statusCode).toBe(200);
      cookie = `${SESSION_COOKIE}=${response.cookies.find((c) => c.name === SESSION_COOKIE)?.value}`;
    }
    expect(sessionRows().length).toBe(before + 1);
    expect(findRow(db, tokenOf(first))).toBeUndefined();
    expect((await listProfiles({ cookie: first })).statusCode).toBe(401);
    expect((await listProfiles({ cookie })).statusCode).toBe(200);
  });

  it('as another account ends the old account’s session in this browser, and only it', async () => {
    const elsewhere = await signInLocally(app, 'first-account@example.com');
    const here = await signInLocally(app, 'first-account@example.com');
    const response = await app.inject({
      method: 'POST',
      url: '/auth/local',
      headers: { origin: TEST_ORIGIN, cookie: here },
      payload: { name: 'Second', email: 'second-account@example.com' },
    });
    expect(response.statusCode).toBe(200);
    expect(findRow(db, tokenOf(here))).toBeUndefined();
    expect((await listProfiles({ cookie: elsewhere })).statusCode).toBe(200);
  });
});

describe('signing out everywhere', () => {
  it('ends every session of the account and no other account’s', async () => {
    const phone = await signInLocally(app, 'everywhere@example.com');
    const tablet = await signInLocally(app, 'everywhere@example.com');
    const neighbour = await signInLocally(app, 'neighbour@example.com');
    const response = await app.inject({
      method: 'POST',
      url: '/auth/sign-out-everywhere',
      headers: { origin: TEST_ORIGIN, cookie: tablet },
    });
    expect(response.statusCode).toBe(204);
    expect(response.cookies.find((c) => c.name === SESSION_COOKIE)?.value).toBe('');
    expect((await listProfiles({ cookie: phone })).statusCode).toBe(401);
    expect((await listProfiles({ cookie: tablet })).statusCode).toBe(401);
    expect((await listProfiles({ cookie: neighbour })).statusCode).toBe(200);
  });

  it('signed out, or from another site, changes nothing', async () => {
    const cookie = await signInLocally(app, 'everywhere-refused@example.com');
    const signedOut = await app.inject({
      method: 'POST',
      url: '/auth/sign-out-everywhere',
      headers: { origin: TEST_ORIGIN },
    });
    expect(signedOut.statusCode).toBe(401);
    const foreign = await app.inject({
      method: 'POST',
      url: '/auth/sign-out-everywhere',
      headers: { origin: 'https://evil.example', cookie },
    });
    expect(foreign.statusCode).toBe(403);
    expect((await listProfiles({ cookie })).statusCode).toBe(200);
  });
});

describe('the session cookie is the only way in', () => {
  it('signed in with the cookie', async () => {
    const cookie = await signInLocally(app, 'cookie-only@example.com');
    expect((await listProfiles({ cookie })).statusCode).toBe(200);
  });

  it('not with the token in an Authorization header', async () => {
    const cookie = await signInLocally(app, 'bearer@example.com');
    const token = tokenOf(cookie);
    for (const authorization of [`Bearer ${token}`, token, `${SESSION_COOKIE}=${token}`]) {
      expect((await listProfiles({ authorization })).statusCode).toBe(401);
      expect((await startGame({ authorization })).statusCode).toBe(401);
    }
  });

  it('not with the token in a query parameter', async () => {
    const cookie = await signInLocally(app, 'query@example.com');
    const token = tokenOf(cookie);
    for (const name of [SESSION_COOKIE, 'token', 'session', 'access_token']) {
      expect((await listProfiles({}, `?${name}=${token}`)).statusCode).toBe(401);
      expect((await startGame({}, `/api/start-game?${name}=${token}`)).statusCode).toBe(401);
    }
  });

  it('not with a made-up cookie', async () => {
    const response = await listProfiles({ cookie: `${SESSION_COOKIE}=${newSessionToken()}` });
    expect(response.statusCode).toBe(401);
  });
});

describe('signing out', () => {
  it('ends the session: the old cookie gets 401 everywhere', async () => {
    const cookie = await signInLocally(app, 'leaver@example.com');
    expect((await listProfiles({ cookie })).statusCode).toBe(200);
    const before = sessionRows().length;

    const signOut = await app.inject({
      method: 'POST',
      url: '/auth/sign-out',
      headers: { origin: TEST_ORIGIN, cookie },
    });
    expect(signOut.statusCode).toBe(204);
    const cleared = signOut.cookies.find((c) => c.name === SESSION_COOKIE);
    expect(cleared?.value).toBe('');
    expect(sessionRows().length).toBe(before - 1);
    expect(sessionRows().map((row) => row.id)).not.toContain(hashToken(tokenOf(cookie)));

    const list = await listProfiles({ cookie });
    expect(list.statusCode).toBe(401);
    expect(list.json().error.data.code).toBe('UNAUTHORIZED');

    const start = await startGame({ cookie });
    expect(start.statusCode).toBe(401);
    expect(start.json()).toEqual({ error: expect.any(String) });
  });

  it('leaves the account’s other sessions alone', async () => {
    const first = await signInLocally(app, 'two-devices@example.com');
    const second = await signInLocally(app, 'two-devices@example.com');
    await app.inject({ method: 'POST', url: '/auth/sign-out', headers: { origin: TEST_ORIGIN, cookie: first } });
    expect((await listProfiles({ cookie: first })).statusCode).toBe(401);
    expect((await listProfiles({ cookie: second })).statusCode).toBe(200);
  });
});

describe('the session cookie', () => {
  it('is HttpOnly, SameSite=Lax, Path=/ and not Secure over plain http', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/auth/local',
      headers: { origin: TEST_ORIGIN },
      payload: { name: 'Plain', email: 'plain@example.com' },
    });
    expect(response.statusCode).toBe(200);
    const header = [response.headers['set-cookie']].flat().find((c) => c?.startsWith(`${SESSION_COOKIE}=`)) ?? '';
    expect(header).toMatch(/; HttpOnly/i);
    expect(header).toMatch(/; SameSite=Lax/i);
    expect(header).toMatch(/; Path=\/(;|$)/);
    expect(header).not.toMatch(/; Secure/i);
    expect(header).toMatch(/; Expires=/i);
  });

  it('is Secure, and named with the __Host- prefix, when PUBLIC_URL is https', async () => {
    const httpsApp = await createTestApp(db, {
      config: { ...LOCAL_ONLY_CONFIG, PUBLIC_URL: 'https://quiz.example' },
    });
    const response = await httpsApp.inject({
      method: 'POST',
      url: '/auth/local',
      headers: { origin: 'https://quiz.example' },
      payload: { name: 'Secure', email: 'secure@example.com' },
    });
    expect(response.statusCode).toBe(200);
    const cookie = response.cookies.find((c) => c.name === `__Host-${SESSION_COOKIE}`);
    expect(cookie?.secure).toBe(true);
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');
    expect(cookie?.path).toBe('/');
  });
});

import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from './auth/session';
import { games, profiles } from './db/schema';
import { createTestApp, TEST_ORIGIN } from './test/app';
import { createTestDb } from './test/db';
import { createAccount, createCategoryRow, createProfileRow, createQuestionRows } from './test/factories';

const db = createTestDb();
const categoryId = createCategoryRow(db);
createQuestionRows(db, 40, { categoryId });
const limits = {
  gameStarts: 3,
  answers: 4,
  reports: 2,
  profileWrites: 3,
  generations: 2,
  speech: 5,
  pinTries: 3,
  showJoins: 3,
  showJoinsPerCode: 3,
  showJoinMisses: 3,
  showAnswers: 3,
  windowSeconds: 60,
};
const app = await createTestApp(db, { rateLimits: limits });

function family() {
  const account = createAccount(db);
  const profileId = createProfileRow(db, account.userId);
  const headers = {
    cookie: `${SESSION_COOKIE}=${account.token}`,
    origin: TEST_ORIGIN,
    'content-type': 'application/json',
  };
  return { ...account, profileId, headers };
}

const gameCount = () => db.select({ id: games.id }).from(games).all().length;

function trpcStart(who: ReturnType<typeof family>) {
  return app.inject({
    method: 'POST',
    url: '/trpc/game.start',
    headers: who.headers,
    payload: { profileId: who.profileId, categoryId, lang: 'en' },
  });
}

function restStart(who: ReturnType<typeof family>) {
  return app.inject({
    method: 'POST',
    url: '/api/start-game',
    headers: who.headers,
    payload: { categoryId, lang: 'en' },
  });
}

describe('per-account limits on reports', () => {
  it('game.report over the limit is a 429, and no report is written', async () => {
    const player = family();
    const started = (await trpcStart(player)).json().result.data as { gameId: string };
    const report = () =>
      app.inject({
        method: 'POST',
        url: '/trpc/game.report',
        headers: player.headers,
        payload: { gameId: started.gameId, position: 0, reason: 'unclear', note: '' },
      });
    for (let i = 0; i < limits.reports; i++) expect((await report()).statusCode).toBe(200);
    const refused = await report();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.data.messageKey).toBe('errors:rateLimited');
  });
});

describe('per-account limits on the calls that write games', () => {
  it('game.start over the limit is a 429 with Retry-After and the limit’s message, and starts nothing', async () => {
    const greedy = family();
    for (let i = 0; i < limits.gameStarts; i++) expect((await trpcStart(greedy)).statusCode).toBe(200);
    const before = gameCount();
    const refused = await trpcStart(greedy);
    expect(refused.statusCode).toBe(429);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(limits.windowSeconds);
    const error = refused.json().error;
    expect(error.data).toMatchObject({ code: 'TOO_MANY_REQUESTS', messageKey: 'errors:rateLimited' });
    expect(error.message).toBe("You're going a bit fast! Please wait a moment and try again.");
    expect(gameCount()).toBe(before);
  });

  it('POST /api/start-game shares the account’s budget of starts and answers 429 the same way', async () => {
    const greedy = family();
    for (let i = 0; i < limits.gameStarts - 1; i++) expect((await trpcStart(greedy)).statusCode).toBe(200);
    expect((await restStart(greedy)).statusCode).toBe(200);
    const refused = await restStart(greedy);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toEqual({ error: "You're going a bit fast! Please wait a moment and try again." });
    expect((await trpcStart(greedy)).statusCode).toBe(429);
  });

  it('once over, an account’s next start is refused before its body is even read', async () => {
    const greedy = family();
    for (let i = 0; i <= limits.gameStarts; i++) await trpcStart(greedy);
    const malformed = await app.inject({
      method: 'POST',
      url: '/trpc/game.start',
      headers: greedy.headers,
      payload: '{"this is not": JSON',
    });
    expect(malformed.statusCode).toBe(429);
    expect(malformed.json().error.data).toMatchObject({ code: 'TOO_MANY_REQUESTS', messageKey: 'errors:rateLimited' });
    expect(Number(malformed.headers['retry-after'])).toBeGreaterThan(0);
    // Its other calls go on.
    const list = await app.inject({ method: 'GET', url: '/trpc/profiles.list', headers: greedy.headers });
    expect(list.statusCode).toBe(200);
  });

  it('one account’s limit is not another’s, and a new sign-in brings no new allowance', async () => {
    const greedy = family();
    for (let i = 0; i <= limits.gameStarts; i++) await trpcStart(greedy);
    expect((await trpcStart(greedy)).statusCode).toBe(429);
    // The same account signed in again (a new session, a new cookie): still over its limit.
    const again = await app.inject({
      method: 'POST',
      url: '/auth/local',
      headers: { origin: TEST_ORIGIN },
      payload: { name: 'Greedy', email: greedy.email },
    });
    const cookie = again.cookies.find((c) => c.name === SESSION_COOKIE)?.value;
    expect(cookie).toBeTruthy();
    expect(cookie).not.toBe(greedy.token);
    const before = gameCount();
    expect(
      (await trpcStart({ ...greedy, headers: { ...greedy.headers, cookie: `${SESSION_COOKIE}=${cookie}` } }))
        .statusCode,
    ).toBe(429);
    expect(gameCount()).toBe(before);
    const neighbour = family();
    expect((await trpcStart(neighbour)).statusCode).toBe(200);
  });

  it('profile writes have their own limit: a flood of the speech toggle is a 429 and writes nothing more', async () => {
    const flooder = family();
    const toggle = (ttsEnabled: boolean) =>
      app.inject({
        method: 'POST',
        url: '/trpc/profiles.setTts',
        headers: flooder.headers,
        payload: { profileId: flooder.profileId, ttsEnabled },
      });
    for (let i = 0; i < limits.profileWrites; i++) expect((await toggle(i % 2 === 0)).statusCode).toBe(200);
    const refused = await toggle(false);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.data.messageKey).toBe('errors:rateLimited');
    const [row] = db
      .select({ tts: profiles.ttsEnabled })
      .from(profiles)
      .where(eq(profiles.id, flooder.profileId))
      .all();
    expect(row?.tts).toBe(true); // the last one taken (i = 2) turned it on; the refused one changed nothing
    // Adding a profile draws on the same budget; playing does not.
    const create = await app.inject({
      method: 'POST',
      url: '/trpc/profiles.create',
      headers: flooder.headers,
      payload: { name: 'Another', age: 7, avatar: 'avatar2.svg' },
    });
    expect(create.statusCode).toBe(429);
    expect((await trpcStart(flooder)).statusCode).toBe(200);
  });

  it('parent PIN tries have their own limit, apart from profile writes', async () => {
    const parent = family();
    const call = (path: string, payload: object = {}) =>
      app.inject({ method: 'POST', url: `/trpc/${path}`, headers: parent.headers, payload });
    expect((await call('parentLock.set', { pin: '2468' })).statusCode).toBe(200);
    await call('parentLock.lock');
    for (let i = 0; i < limits.pinTries; i++) {
      expect((await call('parentLock.unlock', { pin: '0000' })).statusCode).toBe(400);
    }
    const refused = await call('parentLock.unlock', { pin: '2468' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.data.messageKey).toBe('errors:rateLimited');
    // The tries drew nothing from the profile writes' budget.
    expect((await call('profiles.choose', { profileId: parent.profileId })).statusCode).toBe(200);
    expect((await call('profiles.setTts', { profileId: parent.profileId, ttsEnabled: false })).statusCode).toBe(200);
  });

  it('game.answer has its own limit, counted per call even inside a batch', async () => {
    const player = family();
    const started = (await trpcStart(player)).json().result.data as { gameId: string };
    // Stale picks (position 5 is not awaited) change nothing but count all the same.
    const pick = { gameId: started.gameId, position: 5, answerIndex: 0 };
    const batch = await app.inject({
      method: 'POST',
      url: `/trpc/${Array(limits.answers).fill('game.answer').join(',')}?batch=1`,
      headers: player.headers,
      payload: Object.fromEntries(Array.from({ length: limits.answers }, (_, i) => [i, pick])),
    });
    expect((batch.json() as { error: { data: { code: string } } }[]).map((r) => r.error.data.code)).toEqual(
      Array(limits.answers).fill('CONFLICT'),
    );
    const refused = await app.inject({
      method: 'POST',
      url: '/trpc/game.answer',
      headers: player.headers,
      payload: pick,
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
  });
});

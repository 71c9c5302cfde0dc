import { mkdtempSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp, LOCAL_ONLY_CONFIG } from '../app';
import { hashToken } from '../auth/session';
import { openReadConnection } from '../db/database';
import { games, questionReports, questions, sessions, shows } from '../db/schema';
import { createImageStore } from '../images/image-store';
import { createTestDb } from '../test/db';
import { createAccount, createCategoryRow, createProfileRow, createQuestionRows } from '../test/factories';
import { phone } from '../test/show';
import { openSse, trpcGetUrl } from '../test/sse';
import { appRouter } from '../trpc/router';
import type { Writer } from '../writer';

const DAY = 24 * 60 * 60 * 1000;

/**
 * Every GET (each REST route, each tRPC query, each page with its first answers) works on a
 * read-only connection, with a writer that refuses to be called: what a read replica (LiteFS)
 * can answer, so that only POSTs need the primary (docs/operating.md, "Growing past one machine").
 */
const db = createTestDb();
const admin = createAccount(db, { admin: true });
const family = createAccount(db);
const profileId = createProfileRow(db, family.userId, { age: 8 });
const categoryId = createCategoryRow(db);
createQuestionRows(db, 30, { categoryId });
const game = (await family.caller().game.start({ profileId, categoryId, lang: 'en' }))!;
await family.caller().profiles.choose({ profileId });
// A game interrupted by a deletion, and a report: the paths where reads used to end games.
const interrupted = createProfileRow(db, family.userId, { age: 9 });
const stopped = (await family.caller().game.start({ profileId: interrupted, categoryId, lang: 'en' }))!;
const ahead = db.select({ questions: games.questions }).from(games).where(eq(games.id, stopped.gameId)).get()!;
db.delete(questions).where(eq(questions.id, ahead.questions[3]!.questionId)).run();
await family.caller().game.report({ gameId: game.gameId, position: 0, reason: 'unclear', note: '' });
const reported = db.select({ id: questionReports.questionId }).from(questionReports).get()!.id;
// Both sessions are due for renewal: a GET must leave that to the next POST.
for (const { token } of [admin, family]) {
  db.update(sessions)
    .set({ createdAt: new Date(Date.now() - 10 * DAY), expiresAt: new Date(Date.now() + 20 * DAY) })
    .where(eq(sessions.id, hashToken(token)))
    .run();
}
// A family show under way: its TV and a phone (a guest's join token) stream it.
const show = await family.caller().show.create({ categoryId, questionCount: 5, lang: 'en' });
const guestPhone = phone(db);
await guestPhone.api.show.join({ code: show.code, as: { guest: { name: 'Bà', ageGroup: 'Adults' } } });
await family.caller().show.start({ showId: show.showId });
const sessionsBefore = db.select().from(sessions).all();
const showVersion = () => db.select({ version: shows.version }).from(shows).get()?.version;
const versionBefore = showVersion();

const refusingWriter = new Proxy({} as Writer, {
  get: (_target, operation) => () => {
    throw new Error(`a GET tried to write (${String(operation)})`);
  },
});
const publicDir = mkdtempSync(join(tmpdir(), 'read-only-public-'));
writeFileSync(join(publicDir, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
const readOnly = openReadConnection(db.path);
const deps = { db: readOnly, writer: refusingWriter, images: createImageStore(join(dirname(db.path), 'uploads')) };
const app = await buildApp({ deps, config: LOCAL_ONLY_CONFIG, publicDir });
// The same read-only app listening: its event streams are read by a real SSE client.
const streaming = await buildApp({ deps, config: LOCAL_ONLY_CONFIG, publicDir: null });
afterAll(() => streaming.close());
await streaming.listen({ host: '127.0.0.1', port: 0 });
const streamingOrigin = `http://127.0.0.1:${(streaming.server.address() as AddressInfo).port}`;
const googleApp = await buildApp({
  deps,
  config: { ...LOCAL_ONLY_CONFIG, signIn: 'google', GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' },
  publicDir: null,
});

const cookieOf = (account: { token: string }) => `ql_session=${account.token}`;

/** An input for every query, and who asks it. */
const queries: Record<string, { input?: unknown; as: typeof admin }> = {
  'session.me': { as: family },
  'profiles.list': { as: family },
  'profiles.byId': { input: { profileId }, as: family },
  'profiles.history': { input: { profileId }, as: family },
  'categories.list': { as: family },
  'categories.short': { as: family },
  'game.current': { input: { profileId: interrupted }, as: family },
  'game.byId': { input: { gameId: game.gameId, lang: 'vi' }, as: family },
  'game.state': { input: { gameId: game.gameId }, as: family },
  'admin.overview': { as: admin },
  'admin.questions.list': { input: { view: 'needsLook' }, as: admin },
  'admin.questions.count': { input: { search: 'question' }, as: admin },
  'admin.questions.byId': { input: { questionId: reported }, as: admin },
  'admin.questionSets.status': { as: admin },
  'admin.reports.list': { as: admin },
  'parentLock.status': { as: family },
  'family.report': { as: family },
  'family.games': { input: { profileId, cursor: { playedAt: Date.now(), row: 1_000_000 } }, as: family },
  'show.current': { as: family },
  'show.joinOrigin': { as: family },
  'show.lookup': { input: { code: show.code }, as: family },
  'show.me': { as: family },
};

/** Every subscription (a GET that stays open: it reads and listens, and tells presence, never writes). */
const subscriptions: Record<string, { input: unknown; cookie: () => string }> = {
  'show.watch': { input: { showId: show.showId }, cookie: () => cookieOf(family) },
  'show.play': { input: {}, cookie: () => `ql_show=${guestPhone.visitor.joinToken}` },
};

/** Every GET route but tRPC's, with a request that reaches its work. */
const restGets: { route: string; url: string; as?: typeof admin; app?: typeof app; status: number }[] = [
  { route: '/api/health', url: '/api/health', status: 200 },
  { route: '/api/categories', url: '/api/categories', status: 200 },
  { route: '/api/admin/questions/export', url: '/api/admin/questions/export?format=json', as: admin, status: 200 },
  { route: '/uploads/question-images/:name', url: `/uploads/question-images/bank-${'0'.repeat(16)}.webp`, status: 404 },
  { route: '/auth/google', url: '/auth/google', app: googleApp, status: 302 },
  { route: '/auth/forgot-pin', url: '/auth/forgot-pin', app: googleApp, status: 302 },
  { route: '/auth/google/callback', url: '/auth/google/callback?code=c&state=s', app: googleApp, status: 200 },
  { route: '/auth/continue.js', url: '/auth/continue.js', status: 200 },
  { route: '/api/admin/uploads', url: '/api/admin/uploads', as: admin, status: 404 },
  { route: '/api/admin/uploads/*', url: '/api/admin/uploads/none', as: admin, status: 404 },
  // The speech route composes from the database and reads or writes only its clip cache (503: no voice here).
  { route: '/api/speech', url: `/api/speech?gameId=${game.gameId}&line=question`, as: family, status: 503 },
  { route: '/api/speech/available', url: '/api/speech/available', as: family, status: 200 },
];

describe('every GET on a read-only connection', () => {
  it('covers every GET route and every query the app has', async () => {
    await app.ready();
    // printRoutes draws a tree: each line a path, a child's path continuing its parent's.
    const stack: string[] = [];
    const routes: string[] = [];
    for (const line of app.printRoutes({ method: 'GET', commonPrefix: false }).split('\n')) {
      const match = /^([│ ]*)[├└]── (\S+) \(GET/.exec(line);
      if (!match) continue;
      const depth = (match[1] as string).length / 4;
      stack.length = depth;
      const segment = match[2] as string;
      stack.push(segment.startsWith('/') ? segment : `/${segment}`);
      routes.push(stack.join(''));
    }
    // Files of the built client (static, nothing to write) and the pages' catch-all are the rest.
    const covered = [...restGets.map((g) => g.route), '/trpc/:path', '/index.html'];
    expect(routes.length).toBeGreaterThan(10);
    for (const route of routes) expect(covered, route).toContain(route);
    const procedures = Object.entries(
      appRouter._def.procedures as unknown as Record<string, { _def: { type: string } }>,
    );
    expect(procedures.filter(([, p]) => p._def.type === 'query').map(([path]) => path)).toEqual(
      expect.arrayContaining(Object.keys(queries)),
    );
    expect(Object.keys(queries)).toEqual(procedures.filter(([, p]) => p._def.type === 'query').map(([path]) => path));
    expect(Object.keys(subscriptions)).toEqual(
      procedures.filter(([, p]) => p._def.type === 'subscription').map(([path]) => path),
    );
  });

  it.each(Object.entries(subscriptions))('tRPC subscription %s: its snapshot, then it listens', async (path, sub) => {
    const stream = await openSse(trpcGetUrl(streamingOrigin, path, sub.input), { cookie: sub.cookie() });
    try {
      expect(stream.status).toBe(200);
      const first = await stream.next();
      expect(first.event, first.data).toBe('message');
      expect(JSON.parse(first.data)).toMatchObject({ status: 'question', position: 0 });
    } finally {
      stream.close();
    }
  });

  it.each(Object.entries(queries))('tRPC query %s', async (path, { input, as }) => {
    const query = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`;
    const response = await app.inject({
      method: 'GET',
      url: `/trpc/${path}${query}`,
      headers: { cookie: cookieOf(as) },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.cookies.find((c) => c.name === 'ql_session')).toBeUndefined();
  });

  it.each(restGets.map((g) => [g.url, g] as const))('GET %s', async (_url, get) => {
    const response = await (get.app ?? app).inject({
      method: 'GET',
      url: get.url,
      headers: get.as ? { cookie: cookieOf(get.as) } : {},
    });
    expect(response.statusCode, response.body).toBe(get.status);
  });

  it.each(['/', '/profiles', '/pre-game', '/game', '/family', '/admin/questions'])(
    'the page %s with its first answers',
    async (url) => {
      const response = await app.inject({
        method: 'GET',
        url,
        headers: { cookie: cookieOf(family), accept: 'text/html' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('id="initial-state"');
      if (url === '/pre-game' || url === '/game') expect(response.body).toContain('"game.current"');
    },
  );

  it('left every session as it was: renewal waits for the next POST', () => {
    expect(db.select().from(sessions).all()).toEqual(sessionsBefore);
  });

  it('left the show as it was', () => {
    expect(showVersion()).toBe(versionBefore);
  });
});

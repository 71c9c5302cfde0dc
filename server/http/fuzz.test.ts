import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../auth/session';
import { createTestApp, signInLocally, TEST_ORIGIN } from '../test/app';
import { createTestDb } from '../test/db';
import { createAccount, createCategoryRow, createQuestionRows } from '../test/factories';
import { appRouter } from '../trpc/router';

/**
 * Every tRPC procedure and REST route, as an admin, a parent, a stranger and a family show's phone
 * (its join token), with bad input: NUL
 * characters, bodies cut short, malformed JSON, wrong types, deep nesting, the wrong content type.
 * Whatever is sent, the answer is a 4xx (or a success), never a 500: an error of ours.
 */

const db = createTestDb();
const app = await createTestApp(db);
const admin = `${SESSION_COOKIE}=${createAccount(db, { admin: true }).token}`;
const parent = await signInLocally(app, 'fuzz-parent@example.com');
/** A family show's phone (a guest's join token), in the parent's show under way. */
async function showPhone(): Promise<string> {
  const headers = { cookie: parent, origin: TEST_ORIGIN, 'content-type': 'application/json' };
  const category = createCategoryRow(db);
  createQuestionRows(db, 5, { categoryId: category, ageCategory: 'Adults' });
  const created = await app.inject({
    method: 'POST',
    url: '/trpc/show.create',
    headers,
    payload: { categoryId: category, questionCount: 5, lang: 'en' },
  });
  const { showId, code } = created.json().result.data;
  const joined = await app.inject({
    method: 'POST',
    url: '/trpc/show.join',
    headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
    payload: { code, as: { guest: { name: 'Fuzz', ageGroup: 'Adults' } } },
  });
  await app.inject({ method: 'POST', url: '/trpc/show.start', headers, payload: { showId } });
  const token = joined.cookies.find((c) => c.name === 'ql_show')?.value;
  if (!token) throw new Error('no join cookie');
  return `ql_show=${token}`;
}
const who = { admin, parent, stranger: '', phone: await showPhone() };

/** A small seeded generator: the same inputs on every run. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

const STRINGS = [
  '',
  'a\u0000b',
  '\u0000',
  'x'.repeat(5000),
  'Nguyễn\u202e',
  '<script>',
  "'; DROP TABLE users; --",
  '%00',
  '{"',
];
const NUMBERS = [0, -1, 1.5, 1e308, -1e308, 2 ** 53 + 1, 999_999_999];

function value(next: () => number, depth = 0): unknown {
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)] as T;
  const kind = Math.floor(next() * (depth > 2 ? 4 : 6));
  if (kind === 0) return pick(STRINGS);
  if (kind === 1) return pick(NUMBERS);
  if (kind === 2) return pick([true, false, null]);
  if (kind === 3) return pick(['random', 'en', 'vi', 'Kids', 'a@example.com', '123456', 'auto']);
  if (kind === 4) return Array.from({ length: Math.floor(next() * 4) }, () => value(next, depth + 1));
  const keys = [
    'name',
    'age',
    'profileId',
    'categoryId',
    'lang',
    'gameId',
    'index',
    'question',
    'answers',
    'id',
    'search',
    'cursor',
    'email',
    'questions',
    'setId',
    'code',
    'showId',
    'playerId',
    'position',
    'answerIndex',
    'as',
    'guest',
    'lastEventId',
    '__proto__',
  ];
  return Object.fromEntries(
    Array.from({ length: 1 + Math.floor(next() * 5) }, () => [pick(keys), value(next, depth + 1)]),
  );
}

/** JSON texts that are not what any route expects, and texts that are not JSON at all. */
function bodies(seed: number): string[] {
  const next = random(seed);
  const generated = Array.from({ length: 12 }, () => JSON.stringify(value(next)));
  const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;
  return [
    ...generated,
    '{"name":"A',
    '{"a":"\\u0000"}',
    '\u0000',
    'null',
    '[]',
    '"x"',
    '{',
    deep,
    '{"__proto__":{"x":1}}',
  ];
}

const procedures = Object.entries(
  (appRouter._def as unknown as { procedures: Record<string, { _def: { type: string } }> }).procedures,
).map(([path, procedure]) => ({ path, type: procedure._def.type }));

const REST_ROUTES: { method: 'GET' | 'POST' | 'PATCH' | 'HEAD'; url: string }[] = [
  { method: 'GET', url: '/api/categories' },
  { method: 'POST', url: '/api/start-game' },
  { method: 'GET', url: '/api/health' },
  { method: 'POST', url: '/api/generate-questions' },
  { method: 'POST', url: '/api/admin/question-sets' },
  { method: 'POST', url: '/api/admin/question-sets/import' },
  { method: 'GET', url: '/api/admin/questions/export' },
  { method: 'POST', url: '/api/admin/images' },
  { method: 'POST', url: '/auth/local' },
  { method: 'POST', url: '/auth/google/callback' },
  { method: 'POST', url: '/auth/sign-out' },
];

function expectNoServerError(response: LightMyRequestResponse, what: string) {
  expect(response.statusCode, `${what}: ${response.body.slice(0, 200)}`).toBeLessThan(500);
}

describe('fuzzed input', () => {
  it('the route list is the server’s', () => {
    for (const route of REST_ROUTES) expect(app.hasRoute(route), `${route.method} ${route.url}`).toBe(true);
    expect(procedures.length).toBeGreaterThan(30);
  });

  it('no tRPC procedure answers 500, whoever asks and whatever the input', async () => {
    let sent = 0;
    for (const [role, cookie] of Object.entries(who)) {
      for (const [i, { path, type }] of procedures.entries()) {
        for (const body of bodies(i + 1)) {
          const headers = { cookie, origin: TEST_ORIGIN, 'content-type': 'application/json' };
          // A subscription is a GET too (an event stream; a refusal is its one event, then it ends).
          const response =
            type === 'query' || type === 'subscription'
              ? await app.inject({ method: 'GET', url: `/trpc/${path}?input=${encodeURIComponent(body)}`, headers })
              : await app.inject({ method: 'POST', url: `/trpc/${path}`, headers, payload: body });
          expectNoServerError(response, `${role} ${path} ${body.slice(0, 60)}`);
          // A stream answers 200 whatever happens: its one event says what went wrong.
          if (type === 'subscription') expect(response.body, `${role} ${path}`).not.toContain('INTERNAL_SERVER_ERROR');
          sent++;
        }
        // A batch of two with bad input, and the wrong content type.
        const get = type === 'query' || type === 'subscription';
        const batch = await app.inject({
          method: get ? 'GET' : 'POST',
          url: `/trpc/${path},${path}?batch=1${get ? `&input=${encodeURIComponent('{"0":"\\u0000","1":{')}` : ''}`,
          headers: { cookie, origin: TEST_ORIGIN, 'content-type': 'application/json' },
          ...(get ? {} : { payload: '{"0":{"a":"\\u0000"},"1":' }),
        });
        expectNoServerError(batch, `${role} batch ${path}`);
        const textPlain = await app.inject({
          method: 'POST',
          url: `/trpc/${path}`,
          headers: { cookie, origin: TEST_ORIGIN, 'content-type': 'text/plain' },
          payload: 'hello\u0000',
        });
        expectNoServerError(textPlain, `${role} text/plain ${path}`);
        sent += 2;
      }
    }
    expect(sent).toBeGreaterThan(1000);
  }, 60_000);

  it('a NUL in the admin search or an imported file is a 400, not SQLite’s error', async () => {
    const headers = { cookie: admin, origin: TEST_ORIGIN, 'content-type': 'application/json' };
    const search = await app.inject({
      method: 'GET',
      url: `/trpc/admin.questions.list?input=${encodeURIComponent(JSON.stringify({ search: 'ha\u0000noi' }))}`,
      headers,
    });
    expect(search.statusCode).toBe(400);
    const boundary = 'nulboundary';
    const file = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\nContent-Type: text/csv\r\n\r\ncategory,question_en\r\nGeography,Wh\u0000ich river?\r\n--${boundary}--\r\n`;
    const imported = await app.inject({
      method: 'POST',
      url: '/api/admin/question-sets/import',
      headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: file,
    });
    expect(imported.statusCode).toBe(400);
    expect(imported.json()).toEqual({
      error:
        'This file holds characters that are not text (it may be a spreadsheet or a picture). Save it as CSV (UTF-8) or JSON and try again.',
      key: 'errors:questionSet.notText',
      params: {},
    });
  });

  it('no REST route answers 500, whoever asks and whatever the body or query', async () => {
    for (const [role, cookie] of Object.entries(who)) {
      for (const [i, route] of REST_ROUTES.entries()) {
        for (const body of bodies(100 + i)) {
          const response = await app.inject({
            method: route.method,
            url: route.method === 'GET' ? `${route.url}?format=${encodeURIComponent(body)}&categoryId=%00` : route.url,
            headers: { cookie, origin: TEST_ORIGIN, 'content-type': 'application/json' },
            ...(route.method === 'GET' ? {} : { payload: body }),
          });
          expectNoServerError(response, `${role} ${route.method} ${route.url} ${body.slice(0, 60)}`);
        }
        // A multipart body cut short, and one whose file holds a NUL.
        const boundary = 'fuzzboundary';
        const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\nContent-Type: text/csv\r\n\r\n`;
        for (const payload of [
          head,
          `${head}category,question_en\r\nx,\u0000\r\n--${boundary}--\r\n`,
          `--${boundary}\r\n`,
        ]) {
          const response = await app.inject({
            method: route.method === 'GET' ? 'POST' : route.method,
            url: route.url,
            headers: { cookie, origin: TEST_ORIGIN, 'content-type': `multipart/form-data; boundary=${boundary}` },
            payload,
          });
          expectNoServerError(response, `${role} multipart ${route.url}`);
        }
      }
    }
  }, 60_000);
});

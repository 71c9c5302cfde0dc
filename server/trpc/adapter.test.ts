import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { loggerOptions, MAX_BATCH_CALLS } from '../app';
import { profiles } from '../db/schema';
import { createTestApp, signInLocally, TEST_ORIGIN } from '../test/app';
import { createTestDb } from '../test/db';

const db = createTestDb();
const lines: string[] = [];
const app = await createTestApp(db, {
  logger: {
    level: 'info',
    stream: new Writable({
      write(chunk, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    }),
    ...loggerOptions,
  },
});
const cookie = await signInLocally(app, 'adapter@example.com');
const headers = { cookie, origin: TEST_ORIGIN, 'content-type': 'application/json' };
const profileCount = () => db.select().from(profiles).all().length;

const SECURITY_HEADERS = ['content-security-policy', 'x-content-type-options', 'x-frame-options', 'referrer-policy'];

describe('tRPC over Fastify (the stock adapter)', () => {
  it('answers a mutation in tRPC’s shape', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/trpc/profiles.create',
      headers,
      payload: { name: 'Ada', age: 9 },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toMatchObject({ result: { data: { name: 'Ada', age: 9 } } });
  });

  it('answers a batch as tRPC’s client sends it', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/trpc/profiles.create,profiles.create?batch=1',
      headers,
      payload: { 0: { name: 'Bo', age: 7 }, 1: { name: 'Cy', age: 15 } },
    });
    expect(response.statusCode).toBe(200);
    const names = (response.json() as { result: { data: { name: string } } }[]).map((r) => r.result.data.name);
    expect(names).toEqual(['Bo', 'Cy']);

    const list = await app.inject({ method: 'GET', url: '/trpc/profiles.list?batch=1&input=%7B%7D', headers });
    expect(list.statusCode).toBe(200);
    expect((list.json() as [{ result: { data: unknown[] } }])[0].result.data).toHaveLength(3);
  });

  it(`refuses a batch of more than ${MAX_BATCH_CALLS} calls with a 400 that says so, and runs none of it`, async () => {
    const before = profileCount();
    const calls = MAX_BATCH_CALLS + 1;
    const input = Object.fromEntries(Array.from({ length: calls }, (_, i) => [i, { name: `Batch ${i}`, age: 8 }]));
    const response = await app.inject({
      method: 'POST',
      url: `/trpc/${Array(calls).fill('profiles.create').join(',')}?batch=1`,
      headers,
      payload: input,
    });
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json())).toContain('Too many calls in one request: send at most 10.');
    expect(profileCount()).toBe(before);

    const atLimit = await app.inject({
      method: 'GET',
      url: `/trpc/${Array(MAX_BATCH_CALLS).fill('profiles.list').join(',')}?batch=1&input=%7B%7D`,
      headers,
    });
    expect(atLimit.statusCode).toBe(200);
  });

  it.each([
    'text/plain',
    'text/plain;charset=UTF-8',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
    'application/octet-stream',
    'application/xml',
    'text/html',
    'application/json; charset=utf-16',
    'application/csp-report',
    'foo/bar',
    'nonsense',
  ])('a mutation sent as %s gets a 4xx, never a 5xx, and changes nothing', async (contentType) => {
    const before = profileCount();
    const response = await app.inject({
      method: 'POST',
      url: '/trpc/profiles.create',
      headers: { ...headers, 'content-type': contentType },
      payload: JSON.stringify({ name: 'Typed', age: 9 }),
    });
    expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
    expect(response.statusCode, response.body).toBeLessThan(500);
    expect(profileCount()).toBe(before);
  });

  it('a mutation with no content type at all gets a 4xx too', async () => {
    const before = profileCount();
    const { 'content-type': _, ...withoutType } = headers;
    const response = await app.inject({
      method: 'POST',
      url: '/trpc/profiles.create',
      headers: withoutType,
      payload: Buffer.from(JSON.stringify({ name: 'Untyped', age: 9 })),
    });
    expect(response.statusCode).toBeLessThan(500);
    expect(profileCount() - before).toBeLessThanOrEqual(response.statusCode === 200 ? 1 : 0);
  });

  it('a body that is not JSON gets tRPC’s 400 and changes nothing', async () => {
    const before = profileCount();
    for (const payload of ['{"name": "Dee", "age":', '']) {
      const response = await app.inject({ method: 'POST', url: '/trpc/profiles.create', headers, payload });
      expect(response.statusCode, payload).toBe(400);
      expect(response.json(), payload).toMatchObject({ error: { data: { code: 'BAD_REQUEST', httpStatus: 400 } } });
    }
    expect(profileCount()).toBe(before);
  });

  it('a mutation sent as GET, or an unknown procedure, is refused by tRPC', async () => {
    const get = await app.inject({ method: 'GET', url: '/trpc/profiles.create?input=%7B%7D', headers });
    expect(get.statusCode).toBe(405);
    expect(get.json()).toMatchObject({ error: { data: { code: 'METHOD_NOT_SUPPORTED' } } });

    const unknown = await app.inject({ method: 'POST', url: '/trpc/profiles.nope', headers, payload: {} });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: { data: { code: 'NOT_FOUND' } } });
  });

  it('never writes a request’s body into the log', async () => {
    const marker = 'BODY-MARKER-';
    const big = marker.repeat(5000); // 60 KB
    lines.length = 0;
    for (const [contentType, payload] of [
      ['text/plain', big],
      ['application/json', `{"name": "${big}`],
      ['application/json', JSON.stringify({ name: big, age: 9 })],
      ['application/x-www-form-urlencoded', `name=${big}`],
    ] as const) {
      await app.inject({
        method: 'POST',
        url: '/trpc/profiles.create',
        headers: { ...headers, 'content-type': contentType },
        payload,
      });
      await app.inject({
        method: 'POST',
        url: '/api/start-game',
        headers: { ...headers, 'content-type': contentType },
        payload,
      });
    }
    const log = lines.join('');
    expect(log).not.toContain(marker);
    expect(log.length).toBeLessThan(20_000);
  });
});

describe('requests refused before they reach a route', () => {
  it('a malformed URL or a path parameter too long gets a short JSON answer with the usual headers', async () => {
    for (const [url, status] of [
      ['/trpc/%E0%A4%A', 400],
      [`/trpc/${'x'.repeat(6000)}`, 414],
    ] as const) {
      const response = await app.inject({ method: 'GET', url, headers: { cookie } });
      expect(response.statusCode, url).toBe(status);
      expect(response.json()).toEqual({ error: expect.any(String) });
      expect(response.body.length).toBeLessThan(100);
      for (const header of SECURITY_HEADERS) expect(response.headers[header], `${url} ${header}`).toBeDefined();
    }
  });

  it('headers too large for Node’s parser get a 431 with the same short body and headers', async () => {
    const listening = await createTestApp(createTestDb());
    await listening.listen({ host: '127.0.0.1', port: 0 });
    const { port } = listening.server.address() as AddressInfo;
    const response = await new Promise<{ status: number; headers: Record<string, unknown>; body: string }>(
      (resolve, reject) => {
        const request = httpRequest(
          { host: '127.0.0.1', port, path: '/api/health', headers: { 'x-big': 'y'.repeat(40_000) } },
          (res) => {
            let body = '';
            res.setEncoding('utf8').on('data', (chunk) => {
              body += chunk;
            });
            res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
          },
        );
        request.on('error', reject);
        request.end();
      },
    );
    expect(response.status).toBe(431);
    expect(JSON.parse(response.body)).toEqual({ error: 'Request headers are too large.' });
    for (const header of SECURITY_HEADERS) expect(response.headers[header], header).toBeDefined();
  });
});

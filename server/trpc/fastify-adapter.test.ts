import { describe, expect, it } from 'vitest';
import { profiles } from '../db/schema';
import { createTestApp, signInLocally, TEST_ORIGIN } from '../test/app';
import { createTestDb } from '../test/db';

const db = createTestDb();
const app = await createTestApp(db);
const cookie = await signInLocally(app, 'adapter@example.com');
const headers = { cookie, origin: TEST_ORIGIN, 'content-type': 'application/json' };
const profileCount = () => db.select().from(profiles).all().length;

describe('tRPC over Fastify', () => {
  it('answers a mutation whole, with its length, in tRPC’s shape', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/trpc/profiles.create',
      headers,
      payload: { name: 'Ada', age: 9 },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['content-length']).toBe(String(Buffer.byteLength(response.body)));
    expect(response.headers['transfer-encoding']).toBeUndefined();
    expect(response.json()).toMatchObject({ result: { data: { name: 'Ada', age: 9 } } });
  });

  it('answers a batch of a query and a mutation as tRPC’s client sends them', async () => {
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
});

import type { FastifyInstance } from 'fastify';
import { afterAll } from 'vitest';
import { type AppDeps, buildApp, LOCAL_ONLY_CONFIG } from '../app';
import type { Db } from '../db/database';

export const TEST_ORIGIN = 'http://localhost:80';

/** The whole HTTP app on a test database, with local sign-in, for `app.inject()`. */
export async function createTestApp(db: Db, overrides: Partial<AppDeps> = {}): Promise<FastifyInstance> {
  const app = await buildApp({
    db,
    config: LOCAL_ONLY_CONFIG,
    ...overrides,
  });
  afterAll(() => app.close());
  return app;
}

/** Signs in through POST /auth/local and returns the session cookie header. */
export async function signInLocally(app: FastifyInstance, email: string, name = 'Parent'): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/auth/local',
    headers: { origin: TEST_ORIGIN, host: 'localhost:80' },
    payload: { name, email },
  });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  const cookie = response.cookies.find((c) => c.name === 'ql_session');
  if (!cookie) throw new Error('no session cookie');
  return `ql_session=${cookie.value}`;
}

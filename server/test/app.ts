import { dirname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll } from 'vitest';
import { type AppDeps, buildApp, LOCAL_ONLY_CONFIG } from '../app';
import type { Db } from '../db/database';
import { createImageStore } from '../images/image-store';
import { inProcessWriter } from '../writer';
import { TEST_RATE_LIMITS } from './deps';

export const TEST_ORIGIN = 'http://localhost:80';

/**
 * The whole HTTP app on a test database, with local sign-in and its writer in-process, for
 * `app.inject()`. Rate limits are out of the way unless a test sets its own.
 */
export async function createTestApp(
  db: Db & { path: string },
  overrides: Partial<Omit<AppDeps, 'deps'>> = {},
): Promise<FastifyInstance> {
  const app = await buildApp({
    deps: { db, writer: inProcessWriter(db), images: createImageStore(join(dirname(db.path), 'uploads')) },
    config: LOCAL_ONLY_CONFIG,
    rateLimits: TEST_RATE_LIMITS,
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
  const cookie = response.cookies.find((c) => c.name === 'ql_session' || c.name === '__Host-ql_session');
  if (!cookie) throw new Error('no session cookie');
  return `${cookie.name}=${cookie.value}`;
}

import { dirname, join } from 'node:path';
import type { Db } from '../db/database';
import type { ServerDeps } from '../deps';
import { createImageStore } from '../images/image-store';
import { createGameLimiter, type GameLimiter } from '../rate-limits';
import { createShowRuntime } from '../show/runtime';
import { inProcessWriter } from '../writer';

/** Rate limits far above anything a test does, except the tests of the limits themselves. */
export const TEST_RATE_LIMITS = {
  gameStarts: 100_000,
  answers: 100_000,
  reports: 100_000,
  profileWrites: 100_000,
  generations: 100_000,
  speech: 100_000,
  showJoins: 100_000,
  showJoinsPerCode: 100_000,
  showJoinMisses: 100_000,
  showAnswers: 100_000,
  windowSeconds: 60,
};

export const testLimiter = (): GameLimiter => createGameLimiter(TEST_RATE_LIMITS);

/** What a tRPC caller in a test stands on: the test database and its writer, in-process, its own images folder. */
export function testDeps(db: Db & { path: string }): ServerDeps {
  return {
    db,
    writer: inProcessWriter(db),
    limiter: testLimiter(),
    images: createImageStore(join(dirname(db.path), 'uploads')),
    generator: null,
    speech: null,
    shows: createShowRuntime(),
  };
}

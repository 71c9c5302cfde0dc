import { dirname, join } from 'node:path';
import type { Db } from '../db/database';
import type { ServerDeps } from '../deps';
import { createImageStore } from '../images/image-store';
import { createGameLimiter, type GameLimiter } from '../rate-limits';
import { createShowRuntime, type ShowRuntime } from '../show/runtime';
import { inProcessWriter, type Writer } from '../writer';
import { beforeTestDbCloses } from './db';

/** Rate limits far above anything a test does, except the tests of the limits themselves. */
export const TEST_RATE_LIMITS = {
  gameStarts: 100_000,
  answers: 100_000,
  reports: 100_000,
  profileWrites: 100_000,
  generations: 100_000,
  speech: 100_000,
  pinTries: 100_000,
  showJoins: 100_000,
  showJoinsPerCode: 100_000,
  showJoinMisses: 100_000,
  showAnswers: 100_000,
  windowSeconds: 60,
};

export const testLimiter = (): GameLimiter => createGameLimiter(TEST_RATE_LIMITS);

const runtimes = new WeakMap<Db, ShowRuntime>();

/** One family-show runtime a test database: callers made one after another share its streams and timers. */
function showRuntimeOf(db: Db, writer: Writer): ShowRuntime {
  let runtime = runtimes.get(db);
  if (!runtime) {
    const made = createShowRuntime({ db, writer });
    // Its timers end with the test database, never firing on a closed one.
    beforeTestDbCloses(db, () => made.stop());
    runtimes.set(db, made);
    runtime = made;
  }
  return runtime;
}

/** What a tRPC caller in a test stands on: the test database and its writer, in-process, its own images folder. */
export function testDeps(db: Db & { path: string }): ServerDeps {
  const writer = inProcessWriter(db);
  return {
    db,
    writer,
    limiter: testLimiter(),
    images: createImageStore(join(dirname(db.path), 'uploads')),
    generator: null,
    speech: null,
    shows: showRuntimeOf(db, writer),
  };
}

import { dirname, join } from 'node:path';
import type { Db } from '../db/database';
import { createImageStore } from '../images/image-store';
import { createGameLimiter, type GameLimiter } from '../rate-limits';
import type { ServerDeps } from '../trpc/context';
import type { WriteOperation } from '../writer/operations';
import { startWriter, type Writer, type WriterThread } from '../writer/writer';
import { beforeTestDbCloses } from './db';

const threads = new WeakMap<Db, Promise<WriterThread>>();

/** The real writer thread for a test database (started on first use, stopped before the database closes). */
export function writerThreadFor(db: Db & { path: string }): Promise<WriterThread> {
  let thread = threads.get(db);
  if (!thread) {
    thread = startWriter(db.path);
    threads.set(db, thread);
    const started = thread;
    beforeTestDbCloses(db, async () => (await started).stop());
  }
  return thread;
}

/**
 * A Writer for a test database usable at once: each call waits for the thread to be up. Test
 * fixtures write directly on the test's own connection; what the app writes goes through this.
 */
export function writerFor(db: Db & { path: string }): Writer {
  const thread = writerThreadFor(db);
  return new Proxy({} as Writer, {
    get:
      (_target, operation: WriteOperation) =>
      async (...args: unknown[]) =>
        ((await thread).writer[operation] as (...a: unknown[]) => Promise<unknown>)(...args),
  });
}

/** Rate limits far above anything a test does, except the tests of the limits themselves. */
export const TEST_RATE_LIMITS = {
  gameStarts: 100_000,
  answers: 100_000,
  reports: 100_000,
  generations: 100_000,
  windowSeconds: 60,
};

export const testLimiter = (): GameLimiter => createGameLimiter(TEST_RATE_LIMITS);

/** What a tRPC caller in a test stands on: the test database, its writer thread, its own images folder. */
export function testDeps(db: Db & { path: string }): ServerDeps {
  return {
    db,
    writer: writerFor(db),
    limiter: testLimiter(),
    images: createImageStore(join(dirname(db.path), 'uploads')),
    generator: null,
  };
}

/**
 * The app as the bench loads it, in whichever runtime is measured (two-threads.ts, one-thread.ts):
 * the real app with its logger off, the API only, rate limits out of the way, and one bench-only
 * route, POST /bench/bare, answering a precomputed JSON body the parent sets. The parent talks to
 * it over `send`/`onMessage` (IPC).
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp, LOCAL_ONLY_CONFIG } from '../server/app';
import type { Db } from '../server/db/database';
import { createImageStore } from '../server/images/image-store';
import type { Writer } from '../server/writer';
import { BENCH_ADMIN_EMAIL } from './accounts';

export type ChildMessage = { type: 'listening'; port: number } | { type: 'bare-set'; bytes: number };
export type ParentMessage = { type: 'bare'; body: string } | { type: 'stop' };

export async function serveBenchApp(options: {
  db: Db;
  writer: Writer;
  send: (message: ChildMessage) => void;
  onMessage: (handler: (message: ParentMessage) => void) => void;
  /** Closes the runtime's own parts (the database, a writer thread) once the app has closed. */
  close: () => Promise<void> | void;
}) {
  const app = await buildApp({
    deps: {
      db: options.db,
      writer: options.writer,
      images: createImageStore(join(tmpdir(), 'quiz-ladder-bench-uploads')),
    },
    config: { ...LOCAL_ONLY_CONFIG, ADMIN_EMAILS: [BENCH_ADMIN_EMAIL] },
    publicDir: null,
    logger: false,
    // A few accounts start 1,500 games a second between them: the throughput is what is measured
    // here, not the limits (bench/abuse.ts measures those, on each runtime's real server).
    signInRateLimit: 1e6,
    rateLimits: {
      gameStarts: 1e9,
      answers: 1e9,
      reports: 1e9,
      generations: 1e9,
      profileWrites: 1e9,
      speech: 1e9,
      pinTries: 1e9,
      showJoins: 1e9,
      showJoinsPerCode: 1e9,
      showJoinMisses: 1e9,
      showAnswers: 1e9,
      windowSeconds: 60,
    },
  });
  let bareBody = '{}';
  app.post('/bench/bare', async (_request, reply) => reply.type('application/json; charset=utf-8').send(bareBody));
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no TCP address');

  options.onMessage(async (message) => {
    if (message.type === 'bare') {
      bareBody = message.body;
      options.send({ type: 'bare-set', bytes: Buffer.byteLength(bareBody) });
    } else if (message.type === 'stop') {
      // The load is over: drop whatever connections the load generators left open.
      app.server.closeAllConnections();
      await app.close();
      await options.close();
      process.exit(0);
    }
  });
  options.send({ type: 'listening', port: address.port });
}

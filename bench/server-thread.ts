/** The bench server's app thread (see server-child.ts): the real app, logger off, rate limits out of the way. */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { buildApp, LOCAL_ONLY_CONFIG } from '../server/app';
import { closeDatabase, openReadConnection } from '../server/db/database';
import { createImageStore } from '../server/images/image-store';
import { startWriter } from '../server/writer/writer';
import { BENCH_ADMIN_EMAIL } from './accounts';
import type { ChildMessage, ParentMessage } from './server-child';

const port = parentPort;
if (!port) throw new Error('bench/server-thread runs as a worker thread');
const { databasePath } = workerData as { databasePath: string };
const send = (message: ChildMessage) => port.postMessage(message);

const writerThread = await startWriter(databasePath, { onCrash: (message) => console.error(`writer: ${message}`) });
const db = openReadConnection(databasePath);
const app = await buildApp({
  deps: { db, writer: writerThread.writer, images: createImageStore(join(tmpdir(), 'quiz-ladder-bench-uploads')) },
  config: { ...LOCAL_ONLY_CONFIG, ADMIN_EMAILS: [BENCH_ADMIN_EMAIL] },
  publicDir: null,
  logger: false,
  // Ten accounts start 1,500 games a second between them: the throughput is what is measured
  // here, not the per-session limits (bench/abuse.ts measures those, on dist/server.js itself).
  signInRateLimit: 1000,
  rateLimits: { gameStarts: 1e9, answers: 1e9, reports: 1e9, generations: 1e9, windowSeconds: 60 },
});

let bareBody = '{}';
app.post('/bench/bare', async (_request, reply) => reply.type('application/json; charset=utf-8').send(bareBody));

await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
if (!address || typeof address === 'string') throw new Error('no TCP address');

port.on('message', async (message: ParentMessage) => {
  if (message.type === 'bare') {
    bareBody = message.body;
    send({ type: 'bare-set', bytes: Buffer.byteLength(bareBody) });
  } else if (message.type === 'stop') {
    // The load is over: drop whatever connections the load generators left open.
    app.server.closeAllConnections();
    await app.close();
    await writerThread.stop();
    closeDatabase(db);
    process.exit(0);
  }
});

send({ type: 'listening', port: address.port });

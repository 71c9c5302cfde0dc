/**
 * The server under load, in its own process so the load generator does not share its event loop,
 * run as dist/server.js runs it: the app in a worker thread with the server's heap limits and V8
 * flags (server/main.ts, server/heap-limits.ts), the writer thread under it, WAL checkpoints on
 * this main thread.
 * The app (bench/server-thread.ts) has its logger off, serves the API only, and adds one
 * bench-only route, POST /bench/bare, answering a precomputed JSON body the parent sets over IPC.
 *
 * bench/run.ts bundles it as dist/server.js is bundled and forks `node <bundle> <database file>`.
 * Messages to the parent: { type: 'listening', port }, { type: 'bare-set', bytes }. From the
 * parent: { type: 'bare', body }; { type: 'stop' } closes the app and the database.
 */
import v8 from 'node:v8';
import { Worker } from 'node:worker_threads';
import { type Checkpointer, startCheckpointer } from '../server/db/checkpointer';
import { SERVER_HEAP_LIMITS, SERVER_V8_FLAGS } from '../server/heap-limits';
import { workerScript } from '../server/worker-script';

export type ChildMessage = { type: 'listening'; port: number } | { type: 'bare-set'; bytes: number };
export type ParentMessage = { type: 'bare'; body: string } | { type: 'stop' };

const databasePath = process.argv[2];
if (!databasePath || !process.send) {
  console.error('Usage: node <bundle of bench/server-child.ts> <database file> (forked with an IPC channel)');
  process.exit(2);
}

v8.setFlagsFromString(SERVER_V8_FLAGS.join(' '));
const { file, execArgv } = workerScript(import.meta.dirname, 'server-thread');
const thread = new Worker(file, { workerData: { databasePath }, execArgv, resourceLimits: SERVER_HEAP_LIMITS });
// The app thread's messages go to the parent, the parent's to the app thread.
let checkpointer: Checkpointer | null = null;
thread.on('message', (message: ChildMessage) => {
  if (message.type === 'listening') {
    checkpointer = startCheckpointer(databasePath, (problem) => console.error(`checkpoint failed: ${problem}`));
  }
  process.send?.(message);
});
process.on('message', (message: ParentMessage) => thread.postMessage(message));
thread.once('exit', (code) => {
  checkpointer?.stop();
  process.exit(code);
});
thread.on('error', (error: Error) => {
  console.error(`bench server thread failed: ${error.message}`);
  process.exit(1);
});
// The parent going away must not leave a server behind.
process.on('disconnect', () => process.exit(0));

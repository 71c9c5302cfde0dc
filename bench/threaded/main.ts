/**
 * The three-thread runtime the server had until the lean-core issue, kept here so that `npm run
 * bench` measures it beside today's two-thread server and a one-thread one, same run, same load
 * (bench/README.md): the main thread runs the WAL checkpoints; the app runs in a worker thread
 * with heap limits (heap-limits.ts), reading through a read-only connection and writing through its
 * writer thread (server/runtime/writer-client.ts).
 *
 *   node threaded.mjs serve            as dist/server.js was: the configuration from the environment
 *   node threaded.mjs bench <database> the bench's server (bench-app.ts), over IPC
 */
import v8 from 'node:v8';
import { Worker } from 'node:worker_threads';
import type { ChildMessage, ParentMessage } from '../bench-app';
import { type Checkpointer, startCheckpointer } from './checkpointer';
import { SERVER_HEAP_LIMITS, SERVER_V8_FLAGS } from './heap-limits';
import { workerScript } from './worker-script';

export type AppThreadData = { mode: 'serve' } | { mode: 'bench'; databasePath: string };
export type AppThreadMessage =
  | ChildMessage
  | { type: 'ready'; databasePath: string }
  | { type: 'failed'; message: string };

const [mode, databaseArg] = process.argv.slice(2);
if (mode !== 'serve' && !(mode === 'bench' && databaseArg && process.send)) {
  console.error('Usage: node threaded.mjs serve | bench <database file> (forked with an IPC channel)');
  process.exit(2);
}

v8.setFlagsFromString(SERVER_V8_FLAGS.join(' '));
const { file, execArgv } = workerScript(import.meta.dirname, 'app-thread');
const data: AppThreadData = mode === 'serve' ? { mode } : { mode: 'bench', databasePath: databaseArg as string };
const thread = new Worker(file, { workerData: data, execArgv, resourceLimits: SERVER_HEAP_LIMITS });
let checkpointer: Checkpointer | null = null;
const checkpoint = (path: string) => {
  checkpointer ??= startCheckpointer(path, (problem) => console.error(`WAL checkpoint failed: ${problem}`));
};
thread.on('message', (message: AppThreadMessage) => {
  if (message.type === 'failed') console.error(message.message);
  else if (message.type === 'ready') checkpoint(message.databasePath);
  else {
    if (message.type === 'listening' && mode === 'bench') checkpoint(databaseArg as string);
    process.send?.(message);
  }
});
process.on('message', (message: ParentMessage) => thread.postMessage(message));
// A stop: the bench's server closes over IPC ('stop'); the started one is simply ended.
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => (mode === 'bench' ? thread.postMessage({ type: 'stop' }) : void thread.terminate()));
}
thread.once('exit', (code) => {
  (checkpointer as Checkpointer | null)?.stop();
  process.exit(code);
});
process.on('disconnect', () => process.exit(0));

/**
 * The one-thread runtime under load (server/runtime/serve.ts's composition: one connection, the
 * writer in-process), in a process of its own forked by run.ts: `node one-thread.mjs <database>`.
 * V8's heap is tuned as dist/server.js tunes it (server/runtime/v8-heap.ts).
 */
import { tuneHeap } from '../server/runtime/v8-heap';

if (!process.env.NO_TUNE) tuneHeap();
const { closeDatabase, openDatabase } = await import('../server/db/database');
const { inProcessWriter } = await import('../server/writer');
const { serveBenchApp } = await import('./bench-app');

const databasePath = process.argv[2];
if (!databasePath || !process.send) {
  console.error('Usage: node one-thread.mjs <database file> (forked with an IPC channel)');
  process.exit(2);
}
const db = openDatabase(databasePath);
if (process.env.PRAGMAS) for (const p of process.env.PRAGMAS.split(';')) db.$client.pragma(p);
await serveBenchApp({
  db,
  writer: inProcessWriter(db),
  send: (message) => process.send?.(message),
  onMessage: (handler) => process.on('message', handler),
  close: () => closeDatabase(db),
});
process.on('disconnect', () => process.exit(0));

/**
 * The one-thread runtime under load (one connection, the writer in-process), in a process of its
 * own forked by runtimes.ts: `node one-thread.mjs <database>`.
 */
import { closeDatabase, openDatabase } from '../server/db/database';
import { inProcessWriter } from '../server/writer';
import { serveBenchApp } from './bench-app';

const databasePath = process.argv[2];
if (!databasePath || !process.send) {
  console.error('Usage: node one-thread.mjs <database file> (forked with an IPC channel)');
  process.exit(2);
}
const db = openDatabase(databasePath);
await serveBenchApp({
  db,
  writer: inProcessWriter(db),
  send: (message) => process.send?.(message),
  onMessage: (handler) => process.on('message', handler),
  close: () => closeDatabase(db),
});
process.on('disconnect', () => process.exit(0));

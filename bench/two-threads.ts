/**
 * server.js's runtime under load (server/runtime/serve.ts's composition: this thread serves HTTP
 * and reads through a read-only connection, the writer thread writes), in a process of its own
 * forked by runtimes.ts: `node two-threads.mjs <database>`, with the runtime's flags and variables.
 */
import { closeDatabase, openReadConnection } from '../server/db/database';
import { startWriter } from '../server/runtime/writer-client';
import { serveBenchApp } from './bench-app';

const databasePath = process.argv[2];
if (!databasePath || !process.send) {
  console.error('Usage: node two-threads.mjs <database file> (forked with an IPC channel)');
  process.exit(2);
}
const writerThread = startWriter(databasePath, {
  onCrash: (message) => {
    console.error(message);
    process.exit(1);
  },
});
const db = openReadConnection(databasePath);
await serveBenchApp({
  db,
  writer: writerThread.writer,
  send: (message) => process.send?.(message),
  onMessage: (handler) => process.on('message', handler),
  close: async () => {
    await writerThread.stop();
    closeDatabase(db);
  },
});
process.on('disconnect', () => process.exit(0));

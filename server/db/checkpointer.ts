import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { Db } from './database';

/** How often the checkpointer folds the WAL back into the database file. */
export const CHECKPOINT_INTERVAL_MS = 250;

/**
 * The worker's whole program, as a string so that the one-file server bundle needs no second
 * entry point. Its own connection runs PASSIVE checkpoints, which never block the server's
 * reads or writes; `stop` runs one last checkpoint and closes.
 *
 * SQLite starts the WAL over at the first write after a checkpoint has copied all of it. Under a
 * sustained stream of writes that moment never comes and the WAL grows for as long as the stream
 * lasts (measured: ~35 MB a second at 1,200 game starts a second); any pause longer than one
 * checkpoint (~10 ms) lets it start over. Forcing it (a RESTART checkpoint) means holding writes
 * back while the file system syncs: 30-90 ms on the event loop every time, measured, which costs
 * more than the disk space it saves, so it is not done.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.path, { fileMustExist: true });
db.pragma('busy_timeout = 5000');
const checkpoint = () => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch (error) {
    parentPort.postMessage({ type: 'error', message: String(error && error.message || error) });
  }
};
const timer = setInterval(checkpoint, workerData.intervalMs);
parentPort.on('message', (message) => {
  if (message !== 'stop') return;
  clearInterval(timer);
  checkpoint();
  db.close();
  parentPort.close();
});
`;

export type Checkpointer = { stop(): Promise<void> };

/**
 * Moves WAL checkpoints off the event loop. SQLite's automatic checkpoint runs inside whichever
 * commit pushes the WAL past 1,000 pages and fsyncs the WAL and the database file: tens of
 * milliseconds on a shared virtual disk, during which every request waits. The server turns it
 * off on its own connection and a worker thread checkpoints every CHECKPOINT_INTERVAL_MS instead.
 */
export function startCheckpointer(
  db: Db,
  path: string,
  onError: (message: string) => void,
  intervalMs = CHECKPOINT_INTERVAL_MS,
): Checkpointer {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { driver, path, intervalMs } });
  worker.on('message', (message: { type: string; message?: string }) => {
    if (message.type === 'error') onError(message.message ?? 'checkpoint failed');
  });
  worker.on('error', (error: Error) => onError(error.message));
  const exited = new Promise<void>((resolve) => {
    worker.once('exit', () => {
      // Stopped or crashed, the worker checkpoints no more: the server's own connection takes over.
      if (db.$client.open) db.$client.pragma('wal_autocheckpoint = 1000');
      resolve();
    });
  });
  db.$client.pragma('wal_autocheckpoint = 0');

  return {
    stop() {
      worker.postMessage('stop');
      return exited;
    },
  };
}

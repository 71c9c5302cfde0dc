import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { Db } from './database';

/** How often the checkpointer folds the WAL back into the database file. */
export const CHECKPOINT_INTERVAL_MS = 250;
/**
 * A WAL longer than this (256 MB of 4 KB pages) is started over by the server's own connection.
 * Only sustained writes get there: when writes pause now and then, SQLite starts it over itself.
 */
export const RESTART_AFTER_FRAMES = 65_536;

/**
 * The worker's whole program, as a string so that the one-file server bundle needs no second
 * entry point. Its own connection runs PASSIVE checkpoints, which never block the server's
 * reads or writes. `stop` runs one last checkpoint and closes.
 *
 * Under a steady stream of writes a passive checkpoint never quite catches up, and SQLite starts
 * the log over only once every page in it is copied: the WAL would grow without end (measured:
 * 380 MB in 12 s of game starts, each new page also costing the file system an allocation).
 * Past RESTART_AFTER_FRAMES, right after a passive checkpoint, the worker asks the server's
 * connection for a RESTART checkpoint: it copies the few pages written since and starts the log
 * over, ~5 ms on the event loop. (A RESTART from the worker blocked the server's writes for
 * 60-80 ms: it holds the write lock while its busy handler sleeps, waiting for the server's
 * reads to finish.)
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.path, { fileMustExist: true });
db.pragma('busy_timeout = 5000');
const checkpoint = () => {
  try {
    const [{ log }] = db.pragma('wal_checkpoint(PASSIVE)');
    if (log >= workerData.restartAfterFrames) parentPort.postMessage({ type: 'restart' });
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

function restartLog(db: Db, onError: (message: string) => void) {
  try {
    db.$client.pragma('wal_checkpoint(RESTART)');
  } catch (error) {
    onError(error instanceof Error ? error.message : String(error));
  }
}

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
  { intervalMs = CHECKPOINT_INTERVAL_MS, restartAfterFrames = RESTART_AFTER_FRAMES } = {},
): Checkpointer {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { driver, path, intervalMs, restartAfterFrames },
  });
  worker.on('message', (message: { type: string; message?: string }) => {
    if (message.type === 'error') onError(message.message ?? 'checkpoint failed');
    if (message.type === 'restart' && db.$client.open) restartLog(db, onError);
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

/**
 * The checkpointer thread (see checkpointer.ts): its own connection folds the WAL back into the
 * database file with PASSIVE checkpoints, which never block the writer or the readers, and gives
 * the WAL's disk space back once writes pause.
 */
import { statSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

export type CheckpointerData = { path: string; intervalMs: number; walLimitBytes: number };
export type CheckpointerMessage = { type: 'error'; message: string };

const port = parentPort;
if (!port) throw new Error('checkpointer-thread runs as a worker thread');
const { path, intervalMs, walLimitBytes } = workerData as CheckpointerData;

const db = new Database(path, { fileMustExist: true });
db.pragma('busy_timeout = 5000');

const walSize = () => {
  try {
    return statSync(`${path}-wal`).size;
  } catch {
    return 0;
  }
};

type CheckpointResult = { busy: number; log: number; checkpointed: number };
let previousLog = -1;

/**
 * SQLite starts the WAL over at the first write after a checkpoint has copied all of it, and
 * truncates it then to `journal_size_limit` (database.ts). Under a steady stream of writes that
 * moment never comes and the WAL grows as long as the stream lasts; when the writes stop, a
 * TRUNCATE checkpoint empties it. It waits for the write lock, which is why it runs only once a
 * round has found nothing new to copy (idle), never under load.
 */
function checkpoint() {
  try {
    const [result] = db.pragma('wal_checkpoint(PASSIVE)') as CheckpointResult[];
    const idle = result !== undefined && result.log === result.checkpointed && result.log === previousLog;
    previousLog = result?.log ?? -1;
    if (idle && walSize() > walLimitBytes) {
      db.pragma('wal_checkpoint(TRUNCATE)');
      previousLog = -1;
    }
  } catch (error) {
    port?.postMessage({
      type: 'error',
      message: error instanceof Error ? error.message : String(error),
    } satisfies CheckpointerMessage);
  }
}

const timer = setInterval(checkpoint, intervalMs);
port.on('message', (message: unknown) => {
  if (message !== 'stop') return;
  clearInterval(timer);
  checkpoint();
  db.close();
  port.close();
});

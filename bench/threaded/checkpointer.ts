import { statSync } from 'node:fs';
import Database from 'better-sqlite3';
import { WAL_SIZE_LIMIT_BYTES } from '../../server/db/database';

/** How often the checkpointer folds the WAL back into the database file. */
export const CHECKPOINT_INTERVAL_MS = 250;

export type Checkpointer = { stop(): void };

type CheckpointResult = { busy: number; log: number; checkpointed: number };

/**
 * WAL checkpoints on a connection of their own, on a timer of the calling thread: the server's
 * main thread, which does nothing else (server/main.ts). SQLite's automatic checkpoint would run
 * inside whichever commit pushes the WAL past 1,000 pages and fsync the WAL and the database file,
 * stalling every write queued behind it (bench/README.md); the writer turns it off, and this folds
 * the WAL back every `intervalMs` with PASSIVE checkpoints, which never block the writer or the
 * readers.
 *
 * SQLite starts the WAL over at the first write after a checkpoint has copied all of it, and
 * truncates it then to `journal_size_limit` (database.ts). Under a steady stream of writes that
 * moment never comes and the WAL grows as long as the stream lasts; once a round finds nothing new
 * to copy (the writes have paused) and the WAL is over `walLimitBytes`, a TRUNCATE checkpoint
 * empties it. That one waits for the write lock, which is why it waits for a pause.
 */
export function startCheckpointer(
  path: string,
  onError: (message: string) => void,
  options: { intervalMs?: number; walLimitBytes?: number } = {},
): Checkpointer {
  const walLimitBytes = options.walLimitBytes ?? WAL_SIZE_LIMIT_BYTES;
  let db: Database.Database | null = null;
  let previousLog = -1;

  const walSize = () => statSync(`${path}-wal`, { throwIfNoEntry: false })?.size ?? 0;

  function checkpoint() {
    try {
      db ??= new Database(path, { fileMustExist: true });
      db.pragma('busy_timeout = 1000');
      const [result] = db.pragma('wal_checkpoint(PASSIVE)') as CheckpointResult[];
      const idle = result !== undefined && result.log === result.checkpointed && result.log === previousLog;
      previousLog = result?.log ?? -1;
      if (idle && walSize() > walLimitBytes) {
        db.pragma('wal_checkpoint(TRUNCATE)');
        previousLog = -1;
      }
    } catch (error) {
      onError(error instanceof Error ? error.message : String(error));
    }
  }

  const timer = setInterval(checkpoint, options.intervalMs ?? CHECKPOINT_INTERVAL_MS);
  return {
    stop() {
      clearInterval(timer);
      if (db?.open) {
        checkpoint();
        db.close();
      }
    },
  };
}

/**
 * How the writer thread keeps the write-ahead log short: a checkpointer thread of its own
 * (checkpoint-thread.ts) copies the log into the database file beside the writes, and the writer's
 * connection runs SQLite's own checkpoint only once the log is WAL_RESET_FRAMES long, when the
 * checkpointer has copied nearly all of it (docs/decisions/runtime.md weighs it against none).
 */
import { Worker } from 'node:worker_threads';
import type { Db } from '../db/database';
import type { CheckpointData, ThreadScript } from './writer-messages';

/**
 * SQLite's own checkpoint, run by the commit that finds the log this long (4,096-byte pages: 8 MB):
 * the log starts over once it has run. The default, 1,000, had each such commit copy ~1,000 pages
 * itself, holding up the writes behind it.
 */
const WAL_RESET_FRAMES = 2000;
/** It keeps nothing but its connection. */
const CHECKPOINTER_HEAP_LIMITS = { maxYoungGenerationSizeMb: 1, maxOldGenerationSizeMb: 16 };

export type Checkpointer = {
  /** Ends the thread between two passes; the writer's last checkpoint, on closing, empties the log. */
  stop(): Promise<void>;
};

/**
 * Starts the checkpointer of the database the writer holds open as `db`. Should the thread fail,
 * SQLite's own checkpoint (WAL_RESET_FRAMES) still keeps the log short, only slower.
 */
export function startCheckpointer(db: Db, path: string, script: ThreadScript): Checkpointer {
  db.$client.pragma(`wal_autocheckpoint = ${WAL_RESET_FRAMES}`);
  const thread = new Worker(script.file, {
    workerData: { path } satisfies CheckpointData,
    execArgv: script.execArgv,
    resourceLimits: CHECKPOINTER_HEAP_LIMITS,
  }).on('error', () => undefined);
  const ended = new Promise<void>((resolve) => thread.once('exit', () => resolve()));
  return {
    async stop() {
      thread.postMessage('stop');
      await ended;
    },
  };
}

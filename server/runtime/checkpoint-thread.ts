/**
 * The writer thread's checkpointer (checkpointer.ts starts it and stops it with the writer): copies
 * what the write-ahead log holds into the database file, every CHECKPOINT_INTERVAL_MS, on a
 * connection of its own. Off the writer's path: a checkpoint run by the commit that crosses SQLite's
 * threshold held every write behind it (bench/README.md, "Checkpoints off the writer's path"). A
 * PASSIVE checkpoint never waits: it copies what no reader still needs and leaves the rest for the
 * next pass, and the writer's own (WAL_RESET_FRAMES) then finds almost nothing left to copy before
 * the log starts over.
 */
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import type { CheckpointData } from './writer-messages';

/** Often enough that a pass copies a few hundred pages at most, at thousands of game starts a second. */
const CHECKPOINT_INTERVAL_MS = 50;

const port = parentPort;
if (!port) throw new Error('checkpoint-thread runs as a worker thread');
const { path } = workerData as CheckpointData;

const db = new Database(path, { fileMustExist: true });
db.pragma('busy_timeout = 0');

const timer = setInterval(() => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch {
    // Busy (the writer's own checkpoint is running): the next pass copies what this one would have.
  }
}, CHECKPOINT_INTERVAL_MS);

port.once('message', () => {
  clearInterval(timer);
  db.close();
  port.close();
});

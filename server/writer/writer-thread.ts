/**
 * The writer thread (see writer.ts): the one connection that writes. It opens the database,
 * applies the migrations and loads the starter bank, says it is ready, then answers each
 * { id, operation, args } with the operation's result or its error.
 */
import { parentPort, receiveMessageOnPort, workerData } from 'node:worker_threads';
import { purgeExpiredSessions } from '../auth/session';
import { closeDatabase, type Db, openDatabase } from '../db/database';
import { seedStarterBank } from '../db/seed/seed';
import { serializeError } from '../errors';
import { ensureSearchIndex } from '../services/question-search';
import { type WriteOperation, writeOperations } from './operations';
import type { WriterData, WriterReply, WriterRequest, WriterStatus } from './protocol';

/** The most calls that share one transaction. */
const MAX_BATCH = 32;

const port = parentPort;
if (!port) throw new Error('writer-thread runs as a worker thread');
const { path, seed, purgeIntervalMs } = workerData as WriterData;

function open(): Db | null {
  try {
    const db = openDatabase(path);
    // WAL checkpoints are the checkpointer thread's (db/checkpointer.ts), never inside a commit here.
    db.$client.pragma('wal_autocheckpoint = 0');
    const seeded = seed ? seedStarterBank(db) : { categories: 0, added: 0, updated: 0, removed: 0 };
    ensureSearchIndex(db);
    port?.postMessage({ type: 'ready', seeded } satisfies WriterStatus);
    return db;
  } catch (error) {
    port?.postMessage({ type: 'failed', error: serializeError(error) } satisfies WriterStatus);
    return null;
  }
}

const db = open();

/** One call in a savepoint of its own: when it throws, what it wrote is undone and the batch goes on. */
const inSavepoint = db?.$client.transaction((request: WriterRequest) =>
  (writeOperations[request.operation as WriteOperation] as (db: Db, ...args: unknown[]) => unknown)(
    db,
    ...request.args,
  ),
);

/**
 * Calls that queued up while the thread was busy run together in one immediate transaction, each
 * in a savepoint of its own (one that throws undoes only its own writes), and are answered once it
 * has committed (group commit): the transaction's fixed costs are paid once and pages the calls
 * share are written once, so a queue drains faster than one call at a time (bench/README.md).
 */
function runBatch(connection: Db, batch: WriterRequest[]): WriterReply[] {
  try {
    return connection.$client
      .transaction(() =>
        batch.map((request): WriterReply => {
          try {
            return { id: request.id, ok: true, value: inSavepoint?.(request) };
          } catch (error) {
            return { id: request.id, ok: false, error: serializeError(error) };
          }
        }),
      )
      .immediate();
  } catch (error) {
    // The commit failed: nothing was written.
    return batch.map((request) => ({ id: request.id, ok: false, error: serializeError(error) }));
  }
}

function stop(connection: Db | null) {
  clearInterval(purgeTimer);
  if (connection) closeDatabase(connection);
  port?.close();
}

function purge(connection: Db) {
  try {
    purgeExpiredSessions(connection);
  } catch {
    // Tried again at the next interval; nothing depends on it meanwhile (expired sessions are refused when read).
  }
}

const purgeTimer = db ? setInterval(() => purge(db), purgeIntervalMs) : undefined;
purgeTimer?.unref();
if (db) purge(db);

port.on('message', (message: WriterRequest | 'stop') => {
  if (message === 'stop' || !db) return stop(db);
  const batch = [message];
  let stopping = false;
  while (batch.length < MAX_BATCH) {
    const next = receiveMessageOnPort(port)?.message as WriterRequest | 'stop' | undefined;
    if (next === undefined) break;
    if (next === 'stop') {
      stopping = true;
      break;
    }
    batch.push(next);
  }
  for (const reply of runBatch(db, batch)) port.postMessage(reply);
  if (stopping) stop(db);
});

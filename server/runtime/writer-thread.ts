/**
 * The writer thread (writer-client.ts): the server's one connection that writes. It opens the
 * database as it is (migrated and seeded once, at start: runtime/serve.ts; never again at each
 * wake), says it is ready, then runs each { id, operation, args } it is sent and answers its result
 * or its error.
 */
import { parentPort, receiveMessageOnPort, workerData } from 'node:worker_threads';
import { closeDatabase, type Db, openWriteConnection } from '../db/database';
import { writeOperations } from '../writer';
import { startCheckpointer } from './checkpointer';
import {
  serializeError,
  type WriterData,
  type WriterReply,
  type WriterRequest,
  type WriterStatus,
} from './writer-messages';

/**
 * The most calls that share one transaction: 8 gave more game starts a second than 32 (the main
 * thread answers a smaller batch's replies while this one runs the next) and writes fewer pages a
 * start than 1 (bench/README.md, "Checkpoints off the writer's path").
 */
const MAX_BATCH = 8;

const port = parentPort;
if (!port) throw new Error('writer-thread runs as a worker thread');
const { path, checkpointer: checkpointScript } = workerData as WriterData;

function open(): Db | null {
  try {
    const db = openWriteConnection(path);
    port?.postMessage({ type: 'ready' } satisfies WriterStatus);
    return db;
  } catch (error) {
    port?.postMessage({ type: 'failed', error: serializeError(error) } satisfies WriterStatus);
    return null;
  }
}

const db = open();
/** Keeps the log short beside this thread's writes (checkpointer.ts). */
const checkpointer = db && startCheckpointer(db, path, checkpointScript);
const run = (request: WriterRequest) =>
  (writeOperations[request.operation] as (db: Db, ...args: unknown[]) => unknown)(db as Db, ...request.args);
/** One call in a savepoint of its own: when it throws, what it wrote is undone and the others' stays. */
const inSavepoint = db?.$client.transaction(run);

/**
 * The calls that queued up while the thread was busy are one transaction (group commit), each call
 * in a savepoint of its own, answered once it has committed: its fixed costs are paid once and the
 * pages the calls share written once, so a queue drains faster than one call at a time
 * (bench/README.md). A call alone is just its own transaction. A write inside never opens another:
 * the services' transactions join the one they are in (db/database.ts, writeTransaction).
 */
function runBatch(connection: Db, batch: WriterRequest[]): WriterReply[] {
  const answer = (request: WriterRequest, call: (request: WriterRequest) => unknown): WriterReply => {
    try {
      return { id: request.id, ok: true, value: call(request) };
    } catch (error) {
      return { id: request.id, ok: false, error: serializeError(error) };
    }
  };
  if (batch.length === 1) return [answer(batch[0] as WriterRequest, run)];
  try {
    return connection.$client
      .transaction(() => batch.map((request) => answer(request, (r) => inSavepoint?.(r))))
      .immediate();
  } catch (error) {
    // The commit failed: nothing was written.
    return batch.map((request) => ({ id: request.id, ok: false, error: serializeError(error) }));
  }
}

/** The checkpointer first (it ends between two passes), then the last checkpoint, which empties the log. */
async function stop() {
  await checkpointer?.stop();
  if (db) closeDatabase(db);
  port?.close();
}

port.on('message', (message: WriterRequest | 'stop') => {
  if (message === 'stop' || !db) return void stop();
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
  if (stopping) void stop();
});

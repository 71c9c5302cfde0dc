/**
 * The game thread (see game-thread.ts): its own connection to the database, answering each
 * { id, operation, args } with the service's result, or its error (a DomainError keeps its kind).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { openSecondConnection } from '../db/database';
import { DomainError } from '../errors';
import { type GameThreadReply, type GameThreadRequest, runOperation } from './game-thread';

const port = parentPort;
if (!port) throw new Error('game-thread-worker runs as a worker thread');

const db = openSecondConnection((workerData as { path: string }).path);

port.on('message', (message: GameThreadRequest | 'stop') => {
  if (message === 'stop') {
    db.$client.close();
    port.close();
    return;
  }
  let reply: GameThreadReply;
  try {
    reply = { id: message.id, ok: true, value: runOperation(db, message.operation, message.args) };
  } catch (error) {
    reply = {
      id: message.id,
      ok: false,
      error:
        error instanceof DomainError
          ? { kind: error.kind, message: error.message }
          : { message: error instanceof Error ? error.message : String(error) },
    };
  }
  port.postMessage(reply);
});

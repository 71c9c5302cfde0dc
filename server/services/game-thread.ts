import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Db } from '../db/database';
import { DomainError } from '../errors';
import { answerQuestion, questionsForApi, startGame } from './game';

/** What runs on the game thread: the game's busy services, as they are. */
export const gameOperations = { startGame, answerQuestion, questionsForApi };

export type GameOperation = keyof typeof gameOperations;
type ArgsOf<K extends GameOperation> = (typeof gameOperations)[K] extends (db: Db, ...args: infer A) => unknown
  ? A
  : never;
type ResultOf<K extends GameOperation> = ReturnType<(typeof gameOperations)[K]>;

export type GameThreadRequest = { id: number; operation: GameOperation; args: unknown[] };
export type GameThreadReply =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: { kind?: DomainError['kind']; message: string } };

type Call = (operation: GameOperation, args: unknown[]) => Promise<unknown>;

/** The game thread serving each database, while one runs. */
const threads = new WeakMap<Db, Call>();

/**
 * Runs a game service (a start, a pick, the REST shim's questions) on the database's game thread
 * when one runs, otherwise here. A start reads 15 questions at random from the bank (a page read,
 * a system call, per row) and writes the new game: on a second thread with its own connection it
 * leaves the event loop to HTTP and tRPC (`npm run bench`). The thread is the only one writing
 * games; WAL readers here see each of its commits as soon as it has answered.
 */
export function onGameThread<K extends GameOperation>(db: Db, operation: K, ...args: ArgsOf<K>): Promise<ResultOf<K>> {
  const call = threads.get(db);
  if (call) return call(operation, args) as Promise<ResultOf<K>>;
  return new Promise((resolve) => resolve(runOperation(db, operation, args) as ResultOf<K>));
}

export function runOperation(db: Db, operation: GameOperation, args: unknown[]): unknown {
  return (gameOperations[operation] as (db: Db, ...args: unknown[]) => unknown)(db, ...args);
}

/** The thread's script: bundled beside dist/server.js, or from the sources through tsx. */
function workerScript(): { file: string; execArgv: string[] } {
  const bundled = join(import.meta.dirname, 'game-thread.mjs');
  if (existsSync(bundled)) return { file: bundled, execArgv: [] };
  return { file: join(import.meta.dirname, 'game-thread-worker.ts'), execArgv: ['--import', 'tsx'] };
}

export type GameThread = { stop(): Promise<void> };

/**
 * Starts the game thread for `db` (the file at `path`). Should the thread fail, the calls it had
 * in hand fail (they may or may not have been carried out), `onError` hears why, and later calls
 * run here.
 */
export function startGameThread(db: Db, path: string, onError: (message: string) => void): GameThread {
  const { file, execArgv } = workerScript();
  // Small heap limits, as the main thread's (server/v8-flags.ts): the thread keeps nothing between calls.
  const worker = new Worker(file, {
    workerData: { path },
    execArgv,
    resourceLimits: { maxYoungGenerationSizeMb: 8, maxOldGenerationSizeMb: 64 },
  });
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let nextId = 1;
  const call: Call = (operation, args) =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve, reject });
      worker.postMessage({ id, operation, args } satisfies GameThreadRequest);
    });
  // Only this thread's own registration: a thread started since for the same database keeps its.
  const unregister = () => {
    if (threads.get(db) === call) threads.delete(db);
  };

  const detach = (reason: string) => {
    unregister();
    for (const { reject } of pending.values()) reject(new Error(`game thread stopped: ${reason}`));
    pending.clear();
  };

  worker.on('message', (reply: GameThreadReply) => {
    const waiting = pending.get(reply.id);
    if (!waiting) return;
    pending.delete(reply.id);
    if (reply.ok) waiting.resolve(reply.value);
    else if (reply.error.kind) waiting.reject(new DomainError(reply.error.kind, reply.error.message));
    else waiting.reject(new Error(reply.error.message));
  });
  worker.on('error', (error: Error) => {
    detach(error.message);
    onError(error.message);
  });
  const exited = new Promise<void>((resolve) => {
    worker.once('exit', (code) => {
      detach(`exit ${code}`);
      resolve();
    });
  });

  threads.set(db, call);

  return {
    stop() {
      unregister();
      worker.postMessage('stop');
      return exited;
    },
  };
}

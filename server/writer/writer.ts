import { Worker } from 'node:worker_threads';
import type { SeedResult } from '../db/seed/seed';
import { deserializeError } from '../errors';
import { workerScript } from '../worker-script';
import { type WriteOperation, type WriteOperations, writeOperations } from './operations';
import type { WriterData, WriterReply, WriterRequest, WriterStatus } from './protocol';

type ArgsOf<K extends WriteOperation> = WriteOperations[K] extends (db: never, ...args: infer A) => unknown ? A : never;
type ResultOf<K extends WriteOperation> = ReturnType<WriteOperations[K]>;

/**
 * The server's one way to write: each operation of writeOperations as a method that runs it on
 * the writer thread, `await writer.startGame(userId, input)`. A DomainError keeps its kind across
 * the thread (server/errors.ts); results arrive as structured clones (Dates stay Dates).
 */
export type Writer = { readonly [K in WriteOperation]: (...args: ArgsOf<K>) => Promise<ResultOf<K>> };

export type WriterThread = {
  writer: Writer;
  /** What the start-up loaded of the starter bank (0 and 0 when it was there already). */
  seeded: SeedResult;
  /** Lets queued calls finish, closes the connection (checkpointing the WAL) and ends the thread. */
  stop(): Promise<void>;
  /** Ends the thread abruptly, as a crash would (what the restart is tested with). */
  crash(): Promise<void>;
};

export type WriterOptions = {
  /** Load the starter question bank at start-up (the server does; tests start from an empty bank). */
  seed?: boolean;
  /** Told when the thread dies unexpectedly; it is restarted. */
  onCrash?: (message: string) => void;
  purgeIntervalMs?: number;
};

/** The thread keeps nothing between calls: small heap limits, as the server thread's own (server/heap-limits.ts). */
const WRITER_HEAP_LIMITS = { maxYoungGenerationSizeMb: 8, maxOldGenerationSizeMb: 128 };
/** Restarts after a crash wait this long, doubling while the thread fails to start, up to the maximum. */
const RESTART_DELAY_MS = { first: 100, max: 30_000 };

export class WriterStartError extends Error {
  override name = 'WriterStartError';
}

type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void };

/**
 * Starts the writer thread for the database file at `path`: it migrates the database (and seeds
 * it) before this resolves, or this rejects with a WriterStartError saying why. Should the thread
 * die later, the calls it had in hand fail, `onCrash` hears why, and a new thread takes the calls
 * that follow.
 */
export async function startWriter(path: string, options: WriterOptions = {}): Promise<WriterThread> {
  const data: WriterData = {
    path,
    seed: options.seed ?? false,
    purgeIntervalMs: options.purgeIntervalMs ?? 60 * 60 * 1000,
  };
  const pending = new Map<number, Pending>();
  const queued: WriterRequest[] = [];
  let nextId = 1;
  let worker: Worker | null = null;
  let stopping = false;
  let restartDelay = RESTART_DELAY_MS.first;

  function onReply(reply: WriterReply) {
    const waiting = pending.get(reply.id);
    if (!waiting) return;
    pending.delete(reply.id);
    if (reply.ok) waiting.resolve(reply.value);
    else waiting.reject(deserializeError(reply.error));
  }

  function post(request: WriterRequest) {
    try {
      worker?.postMessage(request);
    } catch (error) {
      pending.get(request.id)?.reject(error as Error);
      pending.delete(request.id);
    }
  }

  /** A new thread; resolves once it has opened the database. */
  function spawn(): Promise<{ thread: Worker; seeded: WriterThread['seeded'] }> {
    const { file, execArgv } = workerScript(import.meta.dirname, 'writer-thread');
    const thread = new Worker(file, { workerData: data, execArgv, resourceLimits: WRITER_HEAP_LIMITS });
    return new Promise((resolve, reject) => {
      let lastError = 'it exited';
      thread.on('error', (error: Error) => {
        lastError = error.message;
      });
      thread.once('exit', () => reject(new WriterStartError(lastError)));
      thread.on('message', function onStatus(status: WriterStatus) {
        thread.off('message', onStatus);
        if (status.type === 'failed') {
          void thread.terminate();
          reject(new WriterStartError(deserializeError(status.error).message));
          return;
        }
        thread.on('message', onReply);
        resolve({ thread, seeded: status.seeded });
      });
    });
  }

  /** Watches a running thread: when it dies unexpectedly, fails its calls in hand and starts another. */
  function adopt(thread: Worker) {
    worker = thread;
    let reason = 'it exited';
    thread.on('error', (error: Error) => {
      reason = error.message;
    });
    thread.once('exit', (code) => {
      if (worker === thread) worker = null;
      if (stopping) return;
      const message = `the writer thread stopped unexpectedly (${reason}, exit code ${code})`;
      for (const { reject } of pending.values()) reject(new Error(message));
      pending.clear();
      options.onCrash?.(message);
      scheduleRestart();
    });
  }

  function scheduleRestart() {
    setTimeout(async () => {
      if (stopping) return;
      try {
        const { thread } = await spawn();
        restartDelay = RESTART_DELAY_MS.first;
        adopt(thread);
        for (const request of queued.splice(0)) post(request);
      } catch (error) {
        options.onCrash?.(`the writer thread could not start again: ${(error as Error).message}`);
        for (const request of queued.splice(0)) {
          pending.get(request.id)?.reject(error as Error);
          pending.delete(request.id);
        }
        restartDelay = Math.min(restartDelay * 2, RESTART_DELAY_MS.max);
        scheduleRestart();
      }
    }, restartDelay).unref();
  }

  const call = (operation: WriteOperation, args: unknown[]) =>
    new Promise((resolve, reject) => {
      if (stopping) {
        reject(new Error('the writer is stopping'));
        return;
      }
      const request: WriterRequest = { id: nextId++, operation, args };
      pending.set(request.id, { resolve, reject });
      if (worker) post(request);
      else queued.push(request);
    });

  const first = await spawn();
  adopt(first.thread);

  const writer = Object.fromEntries(
    (Object.keys(writeOperations) as WriteOperation[]).map((operation) => [
      operation,
      (...args: unknown[]) => call(operation, args),
    ]),
  ) as Writer;

  return {
    writer,
    seeded: first.seeded,
    async stop() {
      if (stopping) return;
      stopping = true;
      for (const request of queued.splice(0)) {
        pending.get(request.id)?.reject(new Error('the writer stopped'));
        pending.delete(request.id);
      }
      const thread = worker;
      if (!thread) return;
      const exited = new Promise<void>((resolve) => thread.once('exit', () => resolve()));
      thread.postMessage('stop');
      await exited;
    },
    async crash() {
      await worker?.terminate();
    },
  };
}

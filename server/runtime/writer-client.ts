import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { type WriteOperation, type Writer, writeOperations } from '../writer';
import {
  deserializeError,
  type ThreadScript,
  type WriterData,
  type WriterReply,
  type WriterRequest,
  type WriterStatus,
} from './writer-messages';

export type WriterThread = {
  writer: Writer;
  /** Starts the thread ahead of a write that is likely to come (a signed-in visitor is here). */
  wake(): void;
  /** Lets the calls in hand finish, checkpoints the WAL into the database file and ends the thread. */
  stop(): Promise<void>;
};

export type WriterOptions = {
  /** Told when the thread dies unexpectedly (the server then stops: its supervisor starts it again). */
  onCrash: (message: string) => void;
  /** The thread ends after this long without a call (and starts again with the next one). */
  idleMs?: number;
};

/** It keeps nothing between calls: a small heap (bench/README.md, "Memory"). */
const WRITER_HEAP_LIMITS = { maxYoungGenerationSizeMb: 2, maxOldGenerationSizeMb: 128 };
/** A family's evening of play keeps it; a quiet hour does not. */
const DEFAULT_IDLE_MS = 10 * 60 * 1000;

/**
 * A thread's script: beside the running entry once built (dist/writer-thread.js and
 * dist/checkpoint-thread.js, built with dist/server.js), else its TypeScript source through tsx
 * (tests, `npm run dev`).
 */
function threadScript(name: string): ThreadScript {
  const entryDir = dirname(process.argv[1] ?? '.');
  const built = [`${name}.js`, `${name}.mjs`].map((file) => join(entryDir, file)).find(existsSync);
  if (built) return { file: built, execArgv: [] };
  return { file: join(import.meta.dirname, `${name}.ts`), execArgv: ['--import', 'tsx'] };
}

/**
 * The server's writes, on a thread of their own (writer-thread.ts) holding the one connection that
 * writes (the database is migrated and seeded before: serve.ts). Each operation of writeOperations
 * is a method here, `await writer.startGame(userId, input)`; a DomainError keeps its kind across the
 * thread. The thread starts with the first call and ends after `idleMs` without one: a server nobody
 * plays on keeps one thread's memory, not two.
 */
export function startWriter(path: string, options: WriterOptions): WriterThread {
  const idleMs = options.idleMs ?? DEFAULT_IDLE_MS;
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let nextId = 1;
  let running: Promise<Worker> | null = null;
  let stopping = false;
  let idleTimer: ReturnType<typeof setTimeout> | undefined;
  /** Threads asked to end (idle): their exit is no crash. */
  const resting = new WeakSet<Worker>();

  function spawn(): Promise<Worker> {
    const { file, execArgv } = threadScript('writer-thread');
    const thread = new Worker(file, {
      workerData: { path, checkpointer: threadScript('checkpoint-thread') } satisfies WriterData,
      execArgv,
      resourceLimits: WRITER_HEAP_LIMITS,
    });
    let failure = 'it exited';
    thread.on('error', (error: Error) => {
      failure = error.message;
    });
    thread.on('message', (message: WriterReply | WriterStatus) => {
      if (!('id' in message)) return;
      restLater();
      const waiting = pending.get(message.id);
      pending.delete(message.id);
      if (message.ok) waiting?.resolve(message.value);
      else waiting?.reject(deserializeError(message.error));
    });
    const started: Promise<Worker> = new Promise((resolve, reject) => {
      thread.once('message', (status: WriterStatus) => {
        if (status.type === 'ready') {
          restLater(); // idle from now, however long the start took
          return resolve(thread);
        }
        reject(deserializeError(status.error));
      });
      thread.once('exit', (code) => {
        if (running === started) running = null;
        reject(new Error(failure));
        if (stopping || resting.has(thread)) return;
        const message = `the writer thread stopped unexpectedly (${failure}, exit code ${code})`;
        for (const { reject: fail } of pending.values()) fail(new Error(message));
        pending.clear();
        options.onCrash(message);
      });
    });
    // A start that fails fails the calls waiting for it; a wake() waits for nothing.
    started.catch(() => undefined);
    return started;
  }

  /** Counts `idleMs` again from now (at each call and each answer). */
  function restLater() {
    clearTimeout(idleTimer);
    idleTimer = setTimeout(rest, idleMs);
    idleTimer.unref();
  }

  /** Ends the thread once nothing is in hand; it starts again with the next call. */
  function rest() {
    const thread = running;
    if (!thread || pending.size > 0) return;
    running = null;
    void thread.then((worker) => {
      resting.add(worker);
      worker.postMessage('stop');
    });
  }

  function call(operation: WriteOperation, args: unknown[]): Promise<unknown> {
    if (stopping) return Promise.reject(new Error('the writer is stopping'));
    restLater();
    running ??= spawn();
    const thread = running;
    return new Promise((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve, reject });
      thread.then(
        (worker) => worker.postMessage({ id, operation, args } satisfies WriterRequest),
        (error: Error) => {
          pending.delete(id);
          reject(error);
        },
      );
    });
  }

  const writer = Object.fromEntries(
    (Object.keys(writeOperations) as WriteOperation[]).map((operation) => [
      operation,
      (...args: unknown[]) => call(operation, args),
    ]),
  ) as Writer;

  return {
    writer,
    wake() {
      if (stopping) return;
      restLater();
      running ??= spawn();
    },
    async stop() {
      if (stopping) return;
      stopping = true;
      clearTimeout(idleTimer);
      const thread = await running?.catch(() => null);
      if (!thread) return;
      const exited = new Promise<void>((resolve) => thread.once('exit', () => resolve()));
      thread.postMessage('stop');
      await exited;
    },
  };
}

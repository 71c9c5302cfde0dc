import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Language } from '../../shared/i18n';
import type { Db } from '../db/database';
import type { PickRequest } from './question-picker';
import { type QuestionRow, selectQuestions } from './question-rows';

export type ReaderRequest = { id: number; request: PickRequest; lang: Language };
export type ReaderReply = { id: number; rows: QuestionRow[] } | { id: number; error: string };

export type QuestionReader = { stop(): Promise<void> };

type Select = (request: PickRequest, lang: Language) => Promise<QuestionRow[]>;

/** The reader thread serving each database, while one runs. */
const readers = new WeakMap<Db, Select>();

/**
 * A game's questions: read on the database's reader thread when one runs, otherwise here.
 * Selecting and reading 15 rows at random from a large bank is a third of a game start's work
 * (page reads, a system call each): on a second thread, with its own read-only connection, it leaves
 * the event loop free for the rest (`npm run bench`). Nothing it reads needs the write lock, and
 * a WAL reader sees every commit made before it starts.
 */
export function readQuestions(db: Db, request: PickRequest, lang: Language): Promise<QuestionRow[]> {
  const select = readers.get(db);
  return select ? select(request, lang) : Promise.resolve(selectQuestions(db, request, lang));
}

/** The worker's script: bundled beside dist/server.js, or from the sources through tsx. */
function workerScript(): { file: string; execArgv: string[] } {
  const bundled = join(import.meta.dirname, 'question-reader.mjs');
  if (existsSync(bundled)) return { file: bundled, execArgv: [] };
  return { file: join(import.meta.dirname, 'question-reader-worker.ts'), execArgv: ['--import', 'tsx'] };
}

/**
 * Starts the reader thread for `db` (the file at `path`). Should the thread fail, what it had in
 * hand and everything after is read on the calling thread, and `onError` hears why.
 */
export function startQuestionReader(db: Db, path: string, onError: (message: string) => void): QuestionReader {
  const { file, execArgv } = workerScript();
  // Small heap limits, as the main thread's (server/v8-flags.ts): the thread keeps nothing between reads.
  const worker = new Worker(file, {
    workerData: { path },
    execArgv,
    resourceLimits: { maxYoungGenerationSizeMb: 8, maxOldGenerationSizeMb: 64 },
  });
  type Pending = {
    request: PickRequest;
    lang: Language;
    resolve: (rows: QuestionRow[]) => void;
    reject: (error: Error) => void;
  };
  const pending = new Map<number, Pending>();
  let nextId = 1;

  const readHere = ({ request, lang, resolve, reject }: Pending) => {
    try {
      resolve(selectQuestions(db, request, lang));
    } catch (error) {
      reject(error as Error);
    }
  };
  const detach = () => {
    readers.delete(db);
    for (const waiting of pending.values()) readHere(waiting);
    pending.clear();
  };

  worker.on('message', (reply: ReaderReply) => {
    const waiting = pending.get(reply.id);
    if (!waiting) return;
    pending.delete(reply.id);
    if ('rows' in reply) waiting.resolve(reply.rows);
    else waiting.reject(new Error(reply.error));
  });
  worker.on('error', (error: Error) => {
    detach();
    onError(error.message);
  });
  const exited = new Promise<void>((resolve) => {
    worker.once('exit', () => {
      detach();
      resolve();
    });
  });

  readers.set(
    db,
    (request, lang) =>
      new Promise((resolve, reject) => {
        const id = nextId++;
        pending.set(id, { request, lang, resolve, reject });
        worker.postMessage({ id, request, lang } satisfies ReaderRequest);
      }),
  );

  return {
    stop() {
      readers.delete(db);
      worker.postMessage('stop');
      return exited;
    },
  };
}

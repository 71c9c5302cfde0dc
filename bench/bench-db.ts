/**
 * The bench's database (a fresh temporary file unless BENCH_DB names one to keep), filled with
 * QUESTIONS questions, and what is left to clean up when the bench ends or is stopped.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import { join, resolve } from 'node:path';
import { closeDatabase, openDatabase } from '../server/db/database';
import { existingBank, fillQuestions } from './fill';
import { log, n, QUESTIONS } from './settings';
import { mb } from './stats';

export const keptPath = process.env.BENCH_DB?.trim() ? resolve(process.env.BENCH_DB.trim()) : null;
const tempDir = keptPath ? null : mkdtempSync(join(os.tmpdir(), 'quiz-ladder-bench-'));
export const databasePath = keptPath ?? join(tempDir as string, 'bench.db');

/** Server processes still running, killed if the bench stops early. */
const running = new Set<ChildProcess>();
export function track(child: ChildProcess): ChildProcess {
  running.add(child);
  child.once('exit', () => running.delete(child));
  return child;
}

export function cleanUp() {
  for (const child of running) if (child.exitCode === null) child.kill('SIGKILL');
  if (tempDir) rmSync(tempDir, { recursive: true, force: true });
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    cleanUp();
    process.exit(130);
  });
}

export type Bank = { categoryIds: number[]; questions: number; fillSeconds: number | null };

export function prepareDatabase(): Bank {
  if (keptPath) mkdirSync(resolve(keptPath, '..'), { recursive: true });
  const db = openDatabase(databasePath);
  try {
    const existing = existingBank(db);
    if (existing.questions > 0) {
      log(
        `Reusing ${databasePath} (BENCH_DB): ${n(existing.questions)} questions, ${existing.categoryIds.length} categories.`,
      );
      return { ...existing, fillSeconds: null };
    }
    // A large page cache for the fill only: the measurements below reopen the file as the server does.
    db.$client.pragma('cache_size = -1000000');
    const started = performance.now();
    const categoryIds = fillQuestions(db, QUESTIONS);
    const fillSeconds = (performance.now() - started) / 1000;
    log(
      `Filled ${n(QUESTIONS)} questions (8 categories, every index in place) in ${fillSeconds.toFixed(1)} s ` +
        `(${n(QUESTIONS / fillSeconds)} rows/s) into ${keptPath ? databasePath : 'a temporary file'}.`,
    );
    return { categoryIds, questions: QUESTIONS, fillSeconds };
  } finally {
    closeDatabase(db);
    log(`Database file: ${mb(statSync(databasePath).size)}.`);
  }
}

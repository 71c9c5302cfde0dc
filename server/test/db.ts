import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { closeDatabase, type Db, openDatabase } from '../db/database';

type Closing = () => Promise<void> | void;
const beforeClosing = new WeakMap<Db, Closing[]>();

/**
 * A fresh, migrated SQLite file in a temporary folder, removed after the tests of the block that
 * made it (the file's, when made at its top level).
 */
export function createTestDb(): Db & { path: string } {
  const dir = mkdtempSync(join(tmpdir(), 'quiz-ladder-test-'));
  const path = join(dir, 'test.db');
  const db = openDatabase(path);
  beforeClosing.set(db, []);
  afterAll(async () => {
    for (const close of beforeClosing.get(db) ?? []) await close();
    closeDatabase(db);
    rmSync(dir, { recursive: true, force: true });
  });
  return Object.assign(db, { path });
}

/** Runs `close` (stopping a thread that uses the database, say) before the test database goes. */
export function beforeTestDbCloses(db: Db, close: Closing) {
  beforeClosing.get(db)?.push(close);
}

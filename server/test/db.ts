import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { closeDatabase, type Db, openDatabase } from '../db/database';

/** A fresh, migrated SQLite file in a temporary folder, removed after the test file. */
export function createTestDb(): Db & { path: string } {
  const dir = mkdtempSync(join(tmpdir(), 'quiz-ladder-test-'));
  const path = join(dir, 'test.db');
  const db = openDatabase(path);
  afterAll(() => {
    closeDatabase(db);
    rmSync(dir, { recursive: true, force: true });
  });
  return Object.assign(db, { path });
}

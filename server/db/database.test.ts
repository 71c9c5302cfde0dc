import { copyFileSync, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { createCategoryRow } from '../test/factories';
import { backupDatabase, closeDatabase, isDatabaseHealthy, openDatabase } from './database';

const dir = mkdtempSync(join(tmpdir(), 'quiz-ladder-db-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let n = 0;
const freshPath = () => join(dir, `db-${++n}`, 'quiz.db');
const walSize = (path: string) => (existsSync(`${path}-wal`) ? statSync(`${path}-wal`).size : 0);
const countCategories = (sqlite: Database.Database) =>
  (sqlite.prepare('SELECT count(*) AS n FROM categories').get() as { n: number }).n;

describe('openDatabase', () => {
  it('creates the folder, migrates, and sets WAL, foreign keys and a busy timeout', () => {
    const path = freshPath();
    const db = openDatabase(path);
    try {
      expect(existsSync(path)).toBe(true);
      expect(db.$client.pragma('journal_mode', { simple: true })).toBe('wal');
      expect(db.$client.pragma('foreign_keys', { simple: true })).toBe(1);
      expect(db.$client.pragma('busy_timeout', { simple: true })).toBe(5000);
      expect(db.$client.pragma('synchronous', { simple: true })).toBe(1); // NORMAL
      const tables = db.$client.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all();
      expect(tables).toEqual(expect.arrayContaining(['users', 'sessions', 'profiles', 'categories', 'questions']));
    } finally {
      closeDatabase(db);
    }
  });

  it('enforces foreign keys', () => {
    const db = openDatabase(freshPath());
    try {
      expect(() =>
        db.$client
          .prepare("INSERT INTO sessions (id, user_id, created_at, expires_at) VALUES ('x', 'no-such-user', 0, 0)")
          .run(),
      ).toThrow(/FOREIGN KEY/);
    } finally {
      closeDatabase(db);
    }
  });

  it('opens an existing database again without losing rows or re-running migrations', () => {
    const path = freshPath();
    const first = openDatabase(path);
    createCategoryRow(first, { en: 'Kept' });
    closeDatabase(first);
    const second = openDatabase(path);
    try {
      expect(countCategories(second.$client)).toBe(1);
    } finally {
      closeDatabase(second);
    }
  });
});

describe('backupDatabase', () => {
  it('copies a live database, including rows still in the WAL', async () => {
    const path = freshPath();
    const db = openDatabase(path);
    try {
      // Checkpoint what the migrations wrote, then write rows that stay in the WAL only.
      db.$client.pragma('wal_checkpoint(TRUNCATE)');
      expect(walSize(path)).toBe(0);
      for (let i = 0; i < 25; i++) createCategoryRow(db, { en: `Live ${i}` });
      expect(walSize(path)).toBeGreaterThan(0);
      // The main file alone does not hold them: copying the file would lose the rows.
      const naive = join(dir, 'naive-copy.db');
      copyFileSync(path, naive);
      const naiveCopy = new Database(naive, { readonly: true });
      expect(countCategories(naiveCopy)).toBe(0);
      naiveCopy.close();

      const destination = join(dir, 'backups', 'nested', 'copy.db');
      await backupDatabase(path, destination);
      // The source is still open and usable, and its WAL was not checkpointed away by the copy.
      expect(isDatabaseHealthy(db)).toBe(true);

      const copy = new Database(destination, { readonly: true, fileMustExist: true });
      try {
        expect(countCategories(copy)).toBe(25);
        expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
      } finally {
        copy.close();
      }
    } finally {
      closeDatabase(db);
    }
  });

  it('refuses a database that does not exist, creating nothing', async () => {
    const missing = join(dir, 'missing', 'nothing.db');
    const destination = join(dir, 'never', 'copy.db');
    await expect(backupDatabase(missing, destination)).rejects.toThrow(/No database/);
    expect(existsSync(missing)).toBe(false);
    expect(existsSync(destination)).toBe(false);
  });
});

describe('closeDatabase', () => {
  it('leaves no WAL content behind, even while another connection keeps the WAL file', () => {
    const path = freshPath();
    const db = openDatabase(path);
    // A second connection that has read the database: closing the first is then not the last
    // close, which would checkpoint and delete the WAL anyway, so only closeDatabase's checkpoint empties it.
    const other = new Database(path);
    try {
      for (let i = 0; i < 10; i++) createCategoryRow(db, { en: `Row ${i}` });
      expect(countCategories(other)).toBe(10);
      expect(walSize(path)).toBeGreaterThan(0);
      closeDatabase(db);
      expect(db.$client.open).toBe(false);
      expect(walSize(path)).toBe(0);
      // The rows are in the main file.
      expect(countCategories(other)).toBe(10);
    } finally {
      other.close();
    }
  });

  it('leaves the main file complete on its own', () => {
    const path = freshPath();
    const db = openDatabase(path);
    for (let i = 0; i < 5; i++) createCategoryRow(db);
    closeDatabase(db);
    expect(walSize(path)).toBe(0);
    const reopened = new Database(path, { readonly: true });
    try {
      expect(countCategories(reopened)).toBe(5);
    } finally {
      reopened.close();
    }
  });

  it('can be called twice', () => {
    const db = openDatabase(freshPath());
    closeDatabase(db);
    expect(() => closeDatabase(db)).not.toThrow();
  });
});

describe('isDatabaseHealthy', () => {
  it('is true while open and false after close', () => {
    const db = openDatabase(freshPath());
    expect(isDatabaseHealthy(db)).toBe(true);
    closeDatabase(db);
    expect(isDatabaseHealthy(db)).toBe(false);
  });
});

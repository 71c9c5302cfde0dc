import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import { type BetterSQLite3Database, drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { installPath } from '../install-dir';
import * as schema from './schema';

export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

/** The migrations, drizzle/ in the Quiz Ladder folder. */
function migrationsFolder(): string {
  const folder = installPath('drizzle');
  if (!existsSync(join(folder, 'meta', '_journal.json'))) throw new Error(`No migrations found in ${folder}`);
  return folder;
}

/** The most the WAL file keeps on disk once SQLite starts it over (`journal_size_limit`). */
export const WAL_SIZE_LIMIT_BYTES = 64 * 1024 * 1024;

/**
 * Opens (creating if needed) the SQLite file for reading and writing, sets it up for a web server
 * and applies the migrations: the server's one connection (runtime/serve.ts), and tests' and tools'.
 */
export function openDatabase(path: string): Db {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const db = connect(new Database(path));
  db.$client.pragma(`journal_size_limit = ${WAL_SIZE_LIMIT_BYTES}`);
  migrate(db, { migrationsFolder: migrationsFolder() });
  return db;
}

/**
 * The connection that writes, on a database already migrated (runtime/serve.ts migrates it once, at
 * start): the writer thread opens one each time it wakes, and a wake must not wait for the migrator.
 */
export function openWriteConnection(path: string): Db {
  const db = connect(new Database(path, { fileMustExist: true }));
  db.$client.pragma(`journal_size_limit = ${WAL_SIZE_LIMIT_BYTES}`);
  return db;
}

/**
 * A connection that only reads (`query_only`: a write is an error): what a read replica offers
 * (README, "Growing past one machine"): the server's main thread reads through one (runtime/serve.ts),
 * and a test runs every GET against one.
 */
export function openReadConnection(path: string): Db {
  const db = connect(new Database(path, { fileMustExist: true }));
  db.$client.pragma('query_only = ON');
  return db;
}

function connect(sqlite: Database.Database): Db {
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return drizzle({ client: sqlite, schema }) as Db;
}

/** Flushes the WAL into the main file and closes: what a clean shutdown leaves behind. */
export function closeDatabase(db: Db): void {
  if (!db.$client.open) return;
  db.$client.pragma('wal_checkpoint(TRUNCATE)');
  db.$client.close();
}

/** Runs `fn` inside the current transaction, or inside a new deferred one when none is open. */
export function inTransaction<T>(db: Db, fn: () => T): T {
  return db.$client.inTransaction ? fn() : db.$client.transaction(fn)();
}

/**
 * A write: `fn` in one immediate transaction (it takes the write lock at once, so what it reads
 * stays true until it commits), or inside the one already open (the writer thread's group commit:
 * runtime/writer-thread.ts), never a transaction within a transaction.
 */
export function writeTransaction<T>(db: Db, fn: () => T): T {
  return db.$client.inTransaction ? fn() : db.$client.transaction(fn).immediate();
}

export function isDatabaseHealthy(db: Db): boolean {
  try {
    return db.$client.prepare('SELECT 1 AS ok').get() !== undefined;
  } catch {
    return false;
  }
}

/** A consistent copy of the live database through SQLite's online backup (includes the WAL). */
export async function backupDatabase(sourcePath: string, destination: string): Promise<void> {
  if (!existsSync(sourcePath)) throw new Error(`No database at ${sourcePath}`);
  mkdirSync(dirname(destination), { recursive: true });
  const sqlite = new Database(sourcePath, { readonly: true, fileMustExist: true });
  try {
    await sqlite.backup(destination);
  } finally {
    sqlite.close();
  }
}

import { copyFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { createTestDb } from '../test/db';
import { createAccount } from '../test/factories';
import { startCheckpointer } from './checkpointer';

/**
 * Accounts in the database file alone, WAL left out: what checkpoints have copied there. A copy
 * of the file is opened, so nothing here checkpoints on the thread's behalf.
 */
function accountsInFile(path: string): number {
  const copy = join(path, '..', `file-only-${Date.now()}.db`);
  copyFileSync(path, copy);
  const reader = new Database(copy, { readonly: true });
  try {
    return reader.prepare('SELECT count(*) FROM users').pluck().get() as number;
  } finally {
    reader.close();
  }
}

const walSize = (path: string) => statSync(`${path}-wal`, { throwIfNoEntry: false })?.size ?? 0;

/** What the writer does under load: commits with automatic checkpoints off, here ~2 MB of them. */
function writeMuch(db: ReturnType<typeof createTestDb>, label: string) {
  const insert = db.$client.prepare('INSERT INTO meta (key, value) VALUES (?, ?)');
  for (let i = 0; i < 200; i++) insert.run(`${label}-${i}`, 'x'.repeat(10_000));
}

describe('the WAL checkpointer', () => {
  it('without it, commits stay in the WAL while automatic checkpoints are off', () => {
    const db = createTestDb();
    db.$client.pragma('wal_checkpoint(TRUNCATE)');
    db.$client.pragma('wal_autocheckpoint = 0');
    const before = accountsInFile(db.path);
    for (let i = 0; i < 5; i++) createAccount(db, { email: `no-checkpointer-${i}@example.com` });
    expect(accountsInFile(db.path)).toBe(before);
  });

  it('copies commits into the database file on its own connection', async () => {
    const db = createTestDb();
    db.$client.pragma('wal_checkpoint(TRUNCATE)');
    db.$client.pragma('wal_autocheckpoint = 0');
    const errors: string[] = [];
    const before = accountsInFile(db.path);
    const checkpointer = startCheckpointer(db.path, (message) => errors.push(message), { intervalMs: 20 });
    try {
      for (let i = 0; i < 20; i++) createAccount(db, { email: `checkpointed-${i}@example.com` });
      await expect.poll(() => accountsInFile(db.path), { timeout: 3000 }).toBe(before + 20);
    } finally {
      checkpointer.stop();
    }
    expect(errors).toEqual([]);
  });

  it('gives the WAL’s space back once the writes pause', async () => {
    const db = createTestDb();
    db.$client.pragma('wal_autocheckpoint = 0');
    // Passive checkpoints alone copy the WAL into the file but leave its disk space taken.
    const passiveOnly = startCheckpointer(db.path, () => {}, {
      intervalMs: 20,
      walLimitBytes: Number.MAX_SAFE_INTEGER,
    });
    writeMuch(db, 'passive');
    await new Promise((resolve) => setTimeout(resolve, 300));
    passiveOnly.stop();
    expect(walSize(db.path)).toBeGreaterThan(1024 * 1024);

    const checkpointer = startCheckpointer(db.path, () => {}, { intervalMs: 20, walLimitBytes: 256 * 1024 });
    try {
      writeMuch(db, 'capped');
      await expect.poll(() => walSize(db.path), { timeout: 3000 }).toBeLessThanOrEqual(256 * 1024);
      // Nothing was lost on the way.
      expect(db.$client.prepare("SELECT count(*) FROM meta WHERE key LIKE 'capped-%'").pluck().get()).toBe(200);
    } finally {
      checkpointer.stop();
    }
  });

  it('reports a database it cannot open, and stops when asked', async () => {
    const db = createTestDb();
    const errors: string[] = [];
    const checkpointer = startCheckpointer(join(db.path, '..', 'missing.db'), (message) => errors.push(message));
    await expect.poll(() => errors.join(' '), { timeout: 3000 }).toMatch(/unable to open|does not exist/i);
    checkpointer.stop();
  });
});

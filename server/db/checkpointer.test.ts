import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { createTestDb } from '../test/db';
import { createAccount } from '../test/factories';
import { startCheckpointer } from './checkpointer';

const db = createTestDb();
const autocheckpoint = () => db.$client.pragma('wal_autocheckpoint', { simple: true });

/**
 * Accounts in the database file alone, WAL left out: what checkpoints have copied there. A copy
 * of the file is opened, so nothing here checkpoints on the worker's behalf.
 */
function accountsInFile(): number {
  const copy = join(db.path, '..', `file-only-${Date.now()}.db`);
  copyFileSync(db.path, copy);
  const reader = new Database(copy, { readonly: true });
  try {
    return reader.prepare('SELECT count(*) FROM users').pluck().get() as number;
  } finally {
    reader.close();
  }
}

async function eventually(condition: () => boolean, timeoutMs = 3000): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (condition()) return true;
    await sleep(20);
  }
  return condition();
}

describe('the WAL checkpointer', () => {
  it('without it, commits stay in the WAL while automatic checkpoints are off', () => {
    db.$client.pragma('wal_checkpoint(TRUNCATE)');
    const before = accountsInFile();
    db.$client.pragma('wal_autocheckpoint = 0');
    try {
      for (let i = 0; i < 5; i++) createAccount(db, { email: `no-checkpointer-${i}@example.com` });
      expect(accountsInFile()).toBe(before);
    } finally {
      db.$client.pragma('wal_autocheckpoint = 1000');
      db.$client.pragma('wal_checkpoint(TRUNCATE)');
    }
  });

  it('copies commits into the database file from its worker while the server connection does not checkpoint', async () => {
    const errors: string[] = [];
    const before = accountsInFile();
    const checkpointer = startCheckpointer(db, db.path, (message) => errors.push(message), 20);
    try {
      expect(autocheckpoint()).toBe(0);
      for (let i = 0; i < 20; i++) createAccount(db, { email: `checkpointed-${i}@example.com` });
      expect(await eventually(() => accountsInFile() === before + 20)).toBe(true);
    } finally {
      await checkpointer.stop();
    }
    expect(errors).toEqual([]);
  });

  it('hands checkpoints back to the server connection when its worker stops', async () => {
    const checkpointer = startCheckpointer(db, db.path, () => {}, 20);
    expect(autocheckpoint()).toBe(0);
    await checkpointer.stop();
    expect(autocheckpoint()).toBe(1000);
  });

  it('reports a worker that cannot open the database and hands checkpoints back', async () => {
    const errors: string[] = [];
    const checkpointer = startCheckpointer(db, join(db.path, '..', 'missing.db'), (message) => errors.push(message));
    await checkpointer.stop();
    expect(errors.join(' ')).toMatch(/unable to open|does not exist|directory does not exist/i);
    expect(autocheckpoint()).toBe(1000);
  });
});

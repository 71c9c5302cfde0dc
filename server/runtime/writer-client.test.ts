import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { findSession } from '../auth/session';
import { closeDatabase, openDatabase, openReadConnection } from '../db/database';
import { DomainError } from '../errors';
import { startWriter } from './writer-client';

const dir = mkdtempSync(join(tmpdir(), 'writer-thread-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A migrated database file, as serve.ts leaves it before the writer's first call. */
function migrated(name: string) {
  const path = join(dir, name);
  closeDatabase(openDatabase(path));
  return path;
}

const walBytes = (path: string) => (existsSync(`${path}-wal`) ? statSync(`${path}-wal`).size : 0);
const identity = { subject: 'local:a@example.com', email: 'a@example.com', displayName: 'A', photoUrl: null };

describe('the writer thread', () => {
  it('runs each write, keeps a DomainError’s kind, and isolates a failing call among those sent together', async () => {
    const path = migrated('writes.db');
    const crashes: string[] = [];
    const thread = startWriter(path, { onCrash: (message) => crashes.push(message) });
    const read = openReadConnection(path);
    try {
      const { token } = await thread.writer.signIn(identity, [], null);
      const userId = findSession(read, token)?.user.id as string;
      expect(userId).toBeTruthy();

      // Calls sent together share a transaction, each in a savepoint: the one that fails changes nothing, the others land.
      const unknownProfile = '00000000-0000-4000-8000-000000000000';
      const settled = await Promise.allSettled(
        Array.from({ length: 6 }, (_, i) =>
          i === 3
            ? thread.writer.updateProfile(userId, {
                profileId: unknownProfile,
                name: 'X',
                age: 9,
                avatar: 'avatar1.svg',
              })
            : thread.writer.createProfile(userId, { name: `Kid ${i}`, age: 8, avatar: 'avatar1.svg' }),
        ),
      );
      const refused = settled[3] as PromiseRejectedResult;
      expect(refused.reason).toBeInstanceOf(DomainError);
      expect(refused.reason).toMatchObject({ kind: 'NOT_FOUND', message: 'errors:profile.notFound' });
      expect(settled.filter((s) => s.status === 'fulfilled')).toHaveLength(5);
      expect(read.$client.prepare('SELECT count(*) FROM profiles WHERE user_id = ?').pluck().get(userId)).toBe(5);
    } finally {
      read.$client.close();
      await thread.stop();
    }
    expect(crashes).toEqual([]);
    // Stopped cleanly: its writes are in the database file, the WAL emptied; later calls are refused.
    expect(walBytes(path)).toBe(0);
    await expect(thread.writer.signOut('x')).rejects.toThrow('stopping');
  });

  it('copies its writes into the database file as it goes (its checkpointer), long before SQLite would', async () => {
    const path = migrated('checkpointed.db');
    const thread = startWriter(path, { onCrash: () => undefined });
    try {
      const migratedBytes = statSync(path).size;
      for (let i = 0; i < 60; i++) {
        await thread.writer.signIn(
          { ...identity, subject: `local:${i}@example.com`, email: `${i}@example.com` },
          [],
          null,
        );
      }
      // A few hundred pages of log, far under SQLite's own threshold (2,000): only the checkpointer moves them.
      expect(walBytes(path)).toBeLessThan(2000 * 4096);
      await expect.poll(() => statSync(path).size, { timeout: 20_000 }).toBeGreaterThan(migratedBytes);
    } finally {
      await thread.stop();
    }
    expect(walBytes(path)).toBe(0);
  });

  it('starts with the first call, rests when idle (closing its connection), and starts again with the next', async () => {
    const path = migrated('idle.db');
    const thread = startWriter(path, { onCrash: () => undefined, idleMs: 300 });
    try {
      expect(walBytes(path)).toBe(0);
      await thread.writer.signIn(identity, [], null);
      expect(walBytes(path)).toBeGreaterThan(0); // written, not yet checkpointed: the thread holds it open
      await expect.poll(() => walBytes(path), { timeout: 20_000 }).toBe(0); // rested: closed, checkpointed
      const again = await thread.writer.signIn(identity, [], null);
      expect(again.token).toMatch(/^[\w-]{43}$/);
    } finally {
      await thread.stop();
    }
  });

  it('wakes ahead of a write when asked, and rests again when nothing comes', async () => {
    const path = migrated('wake.db');
    const thread = startWriter(path, { onCrash: () => undefined, idleMs: 1000 });
    const open = () => existsSync(`${path}-shm`); // there while a connection holds the file
    try {
      expect(open()).toBe(false);
      thread.wake();
      // The thread starts through tsx here: seconds on a busy machine.
      await expect.poll(open, { timeout: 20_000 }).toBe(true);
      await expect.poll(open, { timeout: 20_000 }).toBe(false);
    } finally {
      await thread.stop();
    }
  }, 60_000);

  it('opens the database as it is each time it wakes: the migrator ran once, at start (serve.ts), not here', async () => {
    const path = join(dir, 'unmigrated.db');
    new Database(path).close(); // a database file no migration ever ran on
    const thread = startWriter(path, { onCrash: () => undefined });
    try {
      await expect(thread.writer.signIn(identity, [], null)).rejects.toThrow(/no such table/);
    } finally {
      await thread.stop();
    }
    const sqlite = new Database(path, { readonly: true });
    const tables = sqlite.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all();
    sqlite.close();
    expect(tables).toEqual([]);
  });

  it('refuses the calls it cannot run, saying why', async () => {
    const thread = startWriter(dir, { onCrash: () => undefined });
    thread.wake(); // a start that fails with nobody waiting is no unhandled rejection
    await expect(thread.writer.signIn(identity, [], null)).rejects.toThrow(/directory|unable to open|cannot open/i);
    await thread.stop();
  });
});

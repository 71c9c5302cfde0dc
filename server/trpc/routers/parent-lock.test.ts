import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MAX_PIN_TRIES } from '../../../shared/parent-lock';
import { SESSION_COOKIE } from '../../auth/session';
import { profiles, sessions, users } from '../../db/schema';
import { createTestApp, signInLocally, TEST_ORIGIN } from '../../test/app';
import { createTestDb } from '../../test/db';
import { createAccount, createProfileRow } from '../../test/factories';
import { rejection } from '../../test/trpc';

const db = createTestDb();
const app = await createTestApp(db);

/** A parent with a PIN set, the lock closed again (a child's profile chosen). */
async function lockedParent(options: { admin?: boolean } = {}) {
  const parent = createAccount(db, options);
  const child = createProfileRow(db, parent.userId, { name: 'Na', age: 8 });
  await parent.caller().parentLock.set({ pin: '2468' });
  await parent.caller().profiles.choose({ profileId: child });
  return { parent, child };
}

describe('the parent lock', () => {
  it('without a PIN, nothing asks for one', async () => {
    const parent = createAccount(db);
    expect(await parent.caller().parentLock.status()).toEqual({ hasPin: false, unlocked: false });
    const created = await parent.caller().profiles.create({ name: 'Bin', age: 7 });
    expect(created.name).toBe('Bin');
  });

  it('stores the PIN as a slow salted hash, never the PIN', async () => {
    const { parent } = await lockedParent();
    const stored = db.select({ pinHash: users.pinHash }).from(users).where(eq(users.id, parent.userId)).get();
    expect(stored?.pinHash).toMatch(/^scrypt\$32768\$8\$1\$[\w+/=]+\$[\w+/=]+$/);
    expect(stored?.pinHash).not.toContain('2468');
  });

  it('with a PIN, profile changes and the PIN’s own wait for it; play goes on; the right PIN opens it', async () => {
    const { parent, child } = await lockedParent();
    const api = () => parent.caller();
    expect(await api().parentLock.status()).toEqual({ hasPin: true, unlocked: false });
    for (const attempt of [
      () => api().profiles.create({ name: 'Sneaky', age: 9 }),
      () => api().profiles.update({ profileId: child, name: 'Renamed', age: 8 }),
      () => api().profiles.remove({ profileId: child }),
      () => api().parentLock.set({ pin: '1111' }),
      () => api().parentLock.remove(),
    ]) {
      const error = await rejection(attempt());
      expect(error.code).toBe('FORBIDDEN');
      expect(error.message).toBe('errors:pin.locked');
    }
    expect(
      db
        .select()
        .from(profiles)
        .where(eq(profiles.userId, parent.userId))
        .all()
        .map((p) => p.name),
    ).toEqual(['Na']);
    // Playing is not locked: the list, the speech toggle, choosing a profile.
    expect(await api().profiles.list()).toHaveLength(1);
    await api().profiles.setTts({ profileId: child, ttsEnabled: false });

    expect((await rejection(api().parentLock.unlock({ pin: '1357' }))).message).toBe('errors:pin.wrong');
    await api().parentLock.unlock({ pin: '2468' });
    expect(await api().parentLock.status()).toEqual({ hasPin: true, unlocked: true });
    await api().profiles.update({ profileId: child, name: 'Na Na', age: 8 });
    // Play resumes: the lock closes.
    await api().profiles.choose({ profileId: child });
    expect((await rejection(api().profiles.remove({ profileId: child }))).message).toBe('errors:pin.locked');
  });

  it('refuses tries for a while after five wrong PINs in a row, even the right one', async () => {
    const { parent } = await lockedParent();
    for (let i = 1; i < MAX_PIN_TRIES; i++) {
      expect((await rejection(parent.caller().parentLock.unlock({ pin: '0000' }))).message).toBe('errors:pin.wrong');
    }
    // The last wrong one says at once that tries are paused, and for how long.
    const last = await rejection(parent.caller().parentLock.unlock({ pin: '0000' }));
    expect(last.code).toBe('TOO_MANY_REQUESTS');
    expect(last.message).toBe('errors:pin.lockedOut');
    expect(last.cause).toMatchObject({ params: { count: 5 } });
    const refused = await rejection(parent.caller().parentLock.unlock({ pin: '2468' }));
    expect(refused.code).toBe('TOO_MANY_REQUESTS');
    expect(refused.message).toBe('errors:pin.lockedOut');
    expect(await parent.caller().parentLock.status()).toEqual({ hasPin: true, unlocked: false });
  });

  it('a PIN is 4 to 8 digits; a badly formed one is not counted as a try', async () => {
    const parent = createAccount(db);
    for (const pin of ['123', '123456789', 'abcd', '12 34']) {
      expect((await rejection(parent.caller().parentLock.set({ pin }))).message).toBe('errors:pin.format');
    }
    expect(await parent.caller().parentLock.status()).toEqual({ hasPin: false, unlocked: false });
  });

  it('the admin pages and admin API wait for it too, over tRPC and REST', async () => {
    const { parent } = await lockedParent({ admin: true });
    expect((await rejection(parent.caller().admin.overview())).message).toBe('errors:pin.locked');
    const cookie = `${SESSION_COOKIE}=${parent.token}`;
    const exported = await app.inject({ method: 'GET', url: '/api/admin/questions/export', headers: { cookie } });
    expect(exported.statusCode).toBe(403);
    expect(exported.json()).toEqual({ error: 'Enter the parent PIN to do this.' });
    await parent.caller().parentLock.unlock({ pin: '2468' });
    expect(
      (await app.inject({ method: 'GET', url: '/api/admin/questions/export', headers: { cookie } })).statusCode,
    ).toBe(200);
    await parent.caller().admin.overview();
  });

  it('the unlock lasts a few minutes', async () => {
    const { parent } = await lockedParent();
    await parent.caller().parentLock.unlock({ pin: '2468' });
    db.update(sessions)
      .set({ unlockedUntil: new Date(Date.now() - 1000) })
      .run();
    expect(await parent.caller().parentLock.status()).toEqual({ hasPin: true, unlocked: false });
  });

  it('forgot the PIN: signing in again opens the lock for a few minutes, to change or remove it', async () => {
    const email = 'forgot-pin@example.com';
    const first = await signInLocally(app, email);
    const headers = { cookie: first, origin: TEST_ORIGIN, 'content-type': 'application/json' };
    await app.inject({ method: 'POST', url: '/trpc/parentLock.set', headers, payload: { pin: '9999' } });
    await app.inject({ method: 'POST', url: '/trpc/parentLock.lock', headers, payload: {} });
    const locked = await app.inject({ method: 'POST', url: '/trpc/parentLock.remove', headers, payload: {} });
    expect(locked.statusCode).toBe(403);
    const again = await signInLocally(app, email);
    const removed = await app.inject({
      method: 'POST',
      url: '/trpc/parentLock.remove',
      headers: { ...headers, cookie: again },
      payload: {},
    });
    expect(removed.statusCode).toBe(200);
  });
});

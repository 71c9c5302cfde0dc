import { scrypt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { MAX_ACCOUNT_PIN_TRIES, MAX_PIN_TRIES } from '#shared/parent-lock.ts';
import { lockSession, pinTryRight, setPin, takePinTry } from '../../auth/parent-lock';
import { hashPin } from '../../auth/pin-hash';
import { SESSION_COOKIE, sessionIdOf } from '../../auth/session';
import { profiles, sessions, users } from '../../db/schema';
import { createTestApp, signInLocally, TEST_ORIGIN } from '../../test/app';
import { createTestDb } from '../../test/db';
import { createAccount, createProfileRow } from '../../test/factories';
import { rejection } from '../../test/trpc';

// Node's scrypt, counted: how many PINs the server really checked (each check is one run).
vi.mock('node:crypto', async (original) => {
  const crypto = await original<typeof import('node:crypto')>();
  return { ...crypto, scrypt: vi.fn(crypto.scrypt) };
});
const scryptRuns = () => vi.mocked(scrypt).mock.calls.length;

const db = createTestDb();
// Many sign-ins here: the per-IP sign-in limit is tested in http/security.test.ts.
const app = await createTestApp(db, { signInRateLimit: 1000 });

/** A parent with a PIN set, the lock closed again (a child's profile chosen). */
async function lockedParent(options: { admin?: boolean } = {}) {
  const parent = createAccount(db, options);
  const child = createProfileRow(db, parent.userId, { name: 'Na', age: 8 });
  await parent.caller().parentLock.set({ pin: '2468' });
  await parent.caller().profiles.choose({ profileId: child });
  return { parent, child };
}

/** A tRPC mutation over HTTP with a session cookie, as a browser sends it. */
const post = (cookie: string, path: string, payload: object = {}) =>
  app.inject({
    method: 'POST',
    url: `/trpc/${path}`,
    headers: { cookie, origin: TEST_ORIGIN, 'content-type': 'application/json' },
    payload,
  });
const messageKeyOf = (response: { json: () => { error?: { data?: { messageKey?: string } } } }) =>
  response.json().error?.data?.messageKey;

/** A parent signed in on a device (a session of its own), the lock closed there. */
async function deviceOf(email: string) {
  const cookie = await signInLocally(app, email);
  expect((await post(cookie, 'parentLock.lock')).statusCode).toBe(200);
  return cookie;
}

/** An account with a PIN, signed in on one device with the lock closed. */
async function parentWithPin(email: string, pin = '2468') {
  const cookie = await signInLocally(app, email);
  expect((await post(cookie, 'parentLock.set', { pin })).statusCode).toBe(200);
  expect((await post(cookie, 'parentLock.lock')).statusCode).toBe(200);
  return cookie;
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

  it('keeps an open lock open while the parent works, and never opens a closed one', async () => {
    const { parent } = await lockedParent();
    const unlockedUntil = () =>
      db.select({ until: sessions.unlockedUntil }).from(sessions).where(eq(sessions.userId, parent.userId)).get()
        ?.until ?? null;
    // Closed: kept closed.
    expect(await parent.caller().parentLock.keepOpen()).toEqual({ unlocked: false });
    expect(unlockedUntil()).toBeNull();
    // Open, a minute before it would close: open five more minutes from now.
    await parent.caller().parentLock.unlock({ pin: '2468' });
    db.update(sessions)
      .set({ unlockedUntil: new Date(Date.now() + 60_000) })
      .where(eq(sessions.userId, parent.userId))
      .run();
    expect(await parent.caller().parentLock.keepOpen()).toEqual({ unlocked: true });
    expect(unlockedUntil()!.getTime()).toBeGreaterThan(Date.now() + 4 * 60_000);
    // Run out: the PIN again.
    db.update(sessions)
      .set({ unlockedUntil: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, parent.userId))
      .run();
    expect(await parent.caller().parentLock.keepOpen()).toEqual({ unlocked: false });
    expect(await parent.caller().parentLock.status()).toEqual({ hasPin: true, unlocked: false });
  });

  it('forgot the PIN, with local sign-in: its own sign-in opens the lock (unprotected: development only)', async () => {
    const email = 'forgot-pin@example.com';
    const first = await parentWithPin(email, '9999');
    expect((await post(first, 'parentLock.remove')).statusCode).toBe(403);
    const begun = await app.inject({ method: 'GET', url: '/auth/forgot-pin' });
    expect(begun.statusCode).toBe(302);
    expect(begun.headers.location).toBe('/sign-in/local?forgotPin=1');
    const again = await app.inject({
      method: 'POST',
      url: '/auth/local',
      headers: { origin: TEST_ORIGIN, cookie: first },
      payload: { name: 'Parent', email, forgotPin: true },
    });
    expect(again.json()).toEqual({ redirectTo: '/profiles?forgotPin=confirmed' });
    const cookie = `${SESSION_COOKIE}=${again.cookies.find((c) => c.name === SESSION_COOKIE)?.value}`;
    expect((await post(cookie, 'parentLock.set', { pin: '1357' })).statusCode).toBe(200);
    await post(cookie, 'parentLock.lock');
    expect((await post(cookie, 'parentLock.unlock', { pin: '9999' })).statusCode).toBe(400);
    expect((await post(cookie, 'parentLock.unlock', { pin: '1357' })).statusCode).toBe(200);
  });
});

// Many PINs hashed (scrypt is slow on purpose) on a shared machine.
describe('the audit’s reproductions', { timeout: 60_000 }, () => {
  it('a burst of 29 wrong PINs sent together checks at most 5, and leaves the lock shut', async () => {
    const cookie = await parentWithPin('burst@example.com');
    const before = scryptRuns();
    const answers = await Promise.all(
      Array.from({ length: 29 }, (_, i) => post(cookie, 'parentLock.unlock', { pin: String(1000 + i) })),
    );
    expect(scryptRuns() - before).toBeLessThanOrEqual(MAX_PIN_TRIES);
    expect(answers.filter((answer) => answer.statusCode === 400)).toHaveLength(MAX_PIN_TRIES - 1);
    expect(answers.filter((answer) => messageKeyOf(answer) === 'errors:pin.lockedOut')).toHaveLength(
      29 - (MAX_PIN_TRIES - 1),
    );
    const right = await post(cookie, 'parentLock.unlock', { pin: '2468' });
    expect(right.statusCode).toBe(429);
    expect(messageKeyOf(right)).toBe('errors:pin.lockedOut');
  });

  it('a late wrong try does not shorten (or clear) a lockout just set', async () => {
    const cookie = await parentWithPin('late-try@example.com');
    for (let i = 1; i < MAX_PIN_TRIES; i++) {
      expect((await post(cookie, 'parentLock.unlock', { pin: '0000' })).statusCode).toBe(400);
    }
    // The fifth wrong try and a sixth, sent together: whichever is checked last must not undo the lockout.
    await Promise.all([
      post(cookie, 'parentLock.unlock', { pin: '0001' }),
      post(cookie, 'parentLock.unlock', { pin: '0002' }),
    ]);
    const right = await post(cookie, 'parentLock.unlock', { pin: '2468' });
    expect(right.statusCode).toBe(429);
    expect((await post(cookie, 'parentLock.remove')).statusCode).toBe(403);
  });

  it('signing out and in again does not open the lock', async () => {
    const email = 'sign-out-in@example.com';
    const first = await parentWithPin(email);
    expect(
      (await app.inject({ method: 'POST', url: '/auth/sign-out', headers: { cookie: first, origin: TEST_ORIGIN } }))
        .statusCode,
    ).toBe(204);
    const again = await signInLocally(app, email);
    const status = await app.inject({ method: 'GET', url: '/trpc/parentLock.status', headers: { cookie: again } });
    expect(status.json().result.data).toEqual({ hasPin: true, unlocked: false });
    const removed = await post(again, 'parentLock.remove');
    expect(removed.statusCode).toBe(403);
    expect(messageKeyOf(removed)).toBe('errors:pin.locked');
  });

  it('device A’s lockout does not refuse device B’s right PIN, and stays on A', async () => {
    const email = 'two-devices@example.com';
    const tablet = await parentWithPin(email);
    const phone = await deviceOf(email);
    for (let i = 1; i <= MAX_PIN_TRIES; i++) await post(tablet, 'parentLock.unlock', { pin: '0000' });
    expect(messageKeyOf(await post(tablet, 'parentLock.unlock', { pin: '2468' }))).toBe('errors:pin.lockedOut');
    expect((await post(phone, 'parentLock.unlock', { pin: '2468' })).statusCode).toBe(200);
    expect(messageKeyOf(await post(tablet, 'parentLock.unlock', { pin: '2468' }))).toBe('errors:pin.lockedOut');
  });
});

describe('devices and the account', { timeout: 60_000 }, () => {
  const wrongTries = async (cookie: string, count: number) => {
    for (let i = 0; i < count; i++) await post(cookie, 'parentLock.unlock', { pin: '0000' });
  };

  it('signing out and in again buys a child no new tries past the account’s budget; Forgot PIN is the way back', async () => {
    const email = 'child-signs-out@example.com';
    const first = await parentWithPin(email);
    await wrongTries(first, MAX_PIN_TRIES);
    let device = first;
    for (let tried = MAX_PIN_TRIES; tried < MAX_ACCOUNT_PIN_TRIES; tried += MAX_PIN_TRIES) {
      await app.inject({ method: 'POST', url: '/auth/sign-out', headers: { cookie: device, origin: TEST_ORIGIN } });
      device = await signInLocally(app, email);
      // A new device's tries are taken, until the account's run out.
      expect((await post(device, 'parentLock.unlock', { pin: '0000' })).statusCode).toBe(
        tried + 1 < MAX_ACCOUNT_PIN_TRIES ? 400 : 429,
      );
      await wrongTries(device, MAX_PIN_TRIES - 1);
    }
    // Every device of the account waits now, even with the right PIN.
    const phone = await signInLocally(app, email);
    const refused = await post(phone, 'parentLock.unlock', { pin: '2468' });
    expect(refused.statusCode).toBe(429);
    expect(messageKeyOf(refused)).toBe('errors:pin.lockedOut');
    // Forgot PIN (local sign-in here) opens the lock and gives the account its budget back.
    const reset = await app.inject({
      method: 'POST',
      url: '/auth/local',
      headers: { origin: TEST_ORIGIN },
      payload: { name: 'Parent', email, forgotPin: true },
    });
    const cookie = `${SESSION_COOKIE}=${reset.cookies.find((c) => c.name === SESSION_COOKIE)?.value}`;
    expect((await post(cookie, 'parentLock.remove')).statusCode).toBe(200);
  });

  it('a lockout in a row lasts longer than the one before', async () => {
    const cookie = await parentWithPin('lockouts-grow@example.com');
    await wrongTries(cookie, MAX_PIN_TRIES - 1);
    const first = await post(cookie, 'parentLock.unlock', { pin: '0000' });
    expect(first.json().error.data.messageKey).toBe('errors:pin.lockedOut');
    expect(Number(first.headers['retry-after'])).toBe(5 * 60);
    // The first lockout over: five more wrong, and the next lasts longer.
    db.update(sessions)
      .set({ pinLockedUntil: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, sessionIdOf(cookie.split('=')[1]) as string))
      .run();
    await wrongTries(cookie, MAX_PIN_TRIES - 1);
    const second = await post(cookie, 'parentLock.unlock', { pin: '0000' });
    expect(messageKeyOf(second)).toBe('errors:pin.lockedOut');
    expect(Number(second.headers['retry-after'])).toBe(15 * 60);
    expect(second.json().error.message).toBe('Too many wrong PINs: tries are paused for 15 minutes.');
  });

  it('a try taken under an old PIN opens nothing once the PIN has changed', async () => {
    const parent = createAccount(db);
    const session = parent.caller;
    await session().parentLock.set({ pin: '2468' });
    const sessionId = db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, parent.userId)).get()
      ?.id as string;
    lockSession(db, sessionId);
    const taken = takePinTry(db, parent.userId, sessionId);
    setPin(db, parent.userId, sessionId, await hashPin('1357'));
    lockSession(db, sessionId);
    expect(pinTryRight(db, parent.userId, sessionId, taken.pinHash as string)).toBe(false);
    expect(await session().parentLock.status()).toEqual({ hasPin: true, unlocked: false });
  });

  it('another profile’s speech setting is behind the lock; the playing profile’s own toggle is play', async () => {
    const { parent, child } = await lockedParent();
    const brother = createProfileRow(db, parent.userId, { name: 'Bin', age: 10 });
    await parent.caller().profiles.setTts({ profileId: child, ttsEnabled: false });
    const refused = await rejection(parent.caller().profiles.setTts({ profileId: brother, ttsEnabled: false }));
    expect(refused.code).toBe('FORBIDDEN');
    expect(refused.message).toBe('errors:pin.locked');
    const tts = (id: string) =>
      db.select({ on: profiles.ttsEnabled }).from(profiles).where(eq(profiles.id, id)).get()?.on;
    expect(tts(brother)).toBe(true);
    await parent.caller().parentLock.unlock({ pin: '2468' });
    await parent.caller().profiles.setTts({ profileId: brother, ttsEnabled: false });
    expect(tts(brother)).toBe(false);
  });

  it('signing out everywhere is behind the lock', async () => {
    const email = 'everywhere-locked@example.com';
    const tablet = await parentWithPin(email);
    const phone = await deviceOf(email);
    const everywhere = (cookie: string) =>
      app.inject({ method: 'POST', url: '/auth/sign-out-everywhere', headers: { cookie, origin: TEST_ORIGIN } });
    const refused = await everywhere(tablet);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: 'Enter the parent PIN to do this.' });
    const status = await app.inject({ method: 'GET', url: '/trpc/parentLock.status', headers: { cookie: phone } });
    expect(status.statusCode).toBe(200);
    expect((await post(tablet, 'parentLock.unlock', { pin: '2468' })).statusCode).toBe(200);
    expect((await everywhere(tablet)).statusCode).toBe(204);
    expect(
      (await app.inject({ method: 'GET', url: '/trpc/parentLock.status', headers: { cookie: phone } })).statusCode,
    ).toBe(401);
  });
});

import { and, eq, gt } from 'drizzle-orm';
import {
  countPinTry,
  isUnlocked,
  lockedOutFor,
  MAX_ACCOUNT_PIN_TRIES,
  MAX_PIN_TRIES,
  OPEN_GUARD,
  type PinGuard,
  UNLOCK_MS,
} from '#shared/parent-lock.ts';
import { type Db, writeTransaction } from '../db/database';
import { sessions, users } from '../db/schema';
import { DomainError, unauthorized } from '../errors';

/*
 * Wrong tries are counted twice: per device (the session: MAX_PIN_TRIES), so that a child's wrong
 * PINs on the tablet refuse tries on the tablet only and never lock the parent's phone; and per
 * account (MAX_ACCOUNT_PIN_TRIES, larger), because a new session is a fresh device: signing out and
 * in again (one tap where the parent stays signed in to Google) would otherwise buy a child five new
 * tries each time. The account's budget caps that at three devices' worth before every device waits,
 * and its lockouts grow like a device's. A device cookie outliving the session would hold the
 * device's count across a sign-out too, but clearing the browser's data clears it: the account's
 * budget is needed anyway, and with it that cookie adds little. The way back for a parent locked out
 * everywhere is Forgot PIN, which asks Google for the password (signIn, `pinReset`).
 */

/** A guard's columns, the same in users (the account's) and sessions (the device's). */
const guardOf = (table: typeof users | typeof sessions) => ({
  failures: table.pinFailures,
  lockouts: table.pinLockouts,
  lockedUntil: table.pinLockedUntil,
});
const columnsOf = (guard: PinGuard) => ({
  pinFailures: guard.failures,
  pinLockouts: guard.lockouts,
  pinLockedUntil: guard.lockedUntil,
});

/**
 * Sets (or changes) the PIN (writer), and opens the lock on this device for a few minutes. Tries of
 * the old PIN, on any device, count for nothing now.
 */
export function setPin(db: Db, userId: string, sessionId: string, pinHash: string, now = new Date()): void {
  writeTransaction(db, () => {
    db.update(users)
      .set({ pinHash, ...columnsOf(OPEN_GUARD) })
      .where(eq(users.id, userId))
      .run();
    db.update(sessions).set(columnsOf(OPEN_GUARD)).where(eq(sessions.userId, userId)).run();
    unlockSession(db, userId, sessionId, now);
  });
}

/** Removes the PIN (writer): everything is open again, as without one. */
export function removePin(db: Db, userId: string): void {
  writeTransaction(db, () => {
    db.update(users)
      .set({ pinHash: null, ...columnsOf(OPEN_GUARD) })
      .where(eq(users.id, userId))
      .run();
    db.update(sessions).set(columnsOf(OPEN_GUARD)).where(eq(sessions.userId, userId)).run();
  });
}

/**
 * `pin remove <email>` (runtime/commands.ts): the self-hoster's way back when Forgot PIN cannot
 * work (a Google app without session age claims: README). Whether any account had that email.
 */
export function removePinByEmail(db: Db, email: string): boolean {
  return writeTransaction(db, () => {
    const accounts = db.select({ id: users.id }).from(users).where(eq(users.email, email.trim().toLowerCase())).all();
    for (const { id } of accounts) removePin(db, id);
    return accounts.length > 0;
  });
}

function unlockSession(db: Db, userId: string, sessionId: string, now: Date) {
  db.update(sessions)
    .set({ unlockedUntil: new Date(now.getTime() + UNLOCK_MS) })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
    .run();
}

/**
 * A PIN about to be checked (writer), in one step: refused while this device or the account is
 * locked out; else counted at once, as wrong, on both, before any hashing (tries sent together are
 * counted one by one here, so no more than the budget are ever checked). Answers the hash to check
 * against (null: no PIN, nothing to check) and how long tries are refused should this one be wrong.
 */
export function takePinTry(
  db: Db,
  userId: string,
  sessionId: string,
  now = new Date(),
): { pinHash: string | null; lockedOutFor: number | null } {
  return writeTransaction(db, () => {
    const account = db
      .select({ pinHash: users.pinHash, ...guardOf(users) })
      .from(users)
      .where(eq(users.id, userId))
      .get();
    if (!account?.pinHash) return { pinHash: null, lockedOutFor: null };
    const device = db
      .select(guardOf(sessions))
      .from(sessions)
      .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
      .get();
    if (!device) throw unauthorized();
    const wait = longest(lockedOutFor(account, now), lockedOutFor(device, now));
    if (wait !== null) throw pinLockedOut(wait);
    const accountAfter = countPinTry(account, MAX_ACCOUNT_PIN_TRIES, now);
    const deviceAfter = countPinTry(device, MAX_PIN_TRIES, now);
    db.update(users).set(columnsOf(accountAfter)).where(eq(users.id, userId)).run();
    db.update(sessions).set(columnsOf(deviceAfter)).where(eq(sessions.id, sessionId)).run();
    return {
      pinHash: account.pinHash,
      lockedOutFor: longest(lockedOutFor(accountAfter, now), lockedOutFor(deviceAfter, now)),
    };
  });
}

const longest = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.max(a, b));

/**
 * A try found right (writer): the device's and the account's counts start over and the lock opens
 * on this device. False (nothing written) when the PIN was changed since the try was taken.
 */
export function pinTryRight(db: Db, userId: string, sessionId: string, pinHash: string, now = new Date()): boolean {
  return writeTransaction(db, () => {
    const { changes } = db
      .update(users)
      .set(columnsOf(OPEN_GUARD))
      .where(and(eq(users.id, userId), eq(users.pinHash, pinHash)))
      .run();
    if (changes === 0) return false;
    db.update(sessions).set(columnsOf(OPEN_GUARD)).where(eq(sessions.id, sessionId)).run();
    unlockSession(db, userId, sessionId, now);
    return true;
  });
}

/**
 * Keeps the lock open on this device while the parent works (writer): an unlock still running is
 * pushed to UNLOCK_MS from now; a closed lock stays closed. Whether it is open.
 */
export function keepUnlocked(db: Db, userId: string, sessionId: string, now = new Date()): boolean {
  const { changes } = db
    .update(sessions)
    .set({ unlockedUntil: new Date(now.getTime() + UNLOCK_MS) })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), gt(sessions.unlockedUntil, now)))
    .run();
  return changes > 0;
}

/** Closes the lock on this device (writer): play resumes. */
export function lockSession(db: Db, sessionId: string): void {
  db.update(sessions).set({ unlockedUntil: null }).where(eq(sessions.id, sessionId)).run();
}

/**
 * Forgot PIN, the parent having just typed their password at Google (writer, inside signIn): the
 * account's count starts over (the parent may be locked out everywhere), and the new session opens
 * for a few minutes, long enough to choose a new PIN.
 */
export function resetAfterFreshSignIn(db: Db, userId: string, sessionId: string, now = new Date()): void {
  db.update(users).set(columnsOf(OPEN_GUARD)).where(eq(users.id, userId)).run();
  unlockSession(db, userId, sessionId, now);
}

export const pinLocked = () => new DomainError('FORBIDDEN', 'errors:pin.locked');

/** What the lock guards, asked for by `user` in `session`: FORBIDDEN (errors:pin.locked) while it is closed. */
export function assertParentUnlocked(user: { hasPin: boolean }, session: { unlockedUntil: Date | null }): void {
  if (!isUnlocked(user.hasPin, session.unlockedUntil)) throw pinLocked();
}
const HOUR_S = 60 * 60;
/** Tries refused after too many wrong PINs, for `waitSeconds` more: said plainly, in minutes or (a long one) hours. */
export const pinLockedOut = (waitSeconds: number) =>
  waitSeconds > 2 * HOUR_S
    ? new DomainError('TOO_MANY_REQUESTS', 'errors:pin.lockedOutHours', waitSeconds, {
        count: Math.ceil(waitSeconds / HOUR_S),
      })
    : new DomainError('TOO_MANY_REQUESTS', 'errors:pin.lockedOut', waitSeconds, {
        count: Math.max(1, Math.ceil(waitSeconds / 60)),
      });

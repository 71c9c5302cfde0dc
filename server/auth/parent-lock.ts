import { randomBytes, scrypt as scryptCallback, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterWrongPin, LOCKOUT_MS, UNLOCK_MS } from '../../shared/parent-lock';
import { type Db, writeTransaction } from '../db/database';
import { sessions, users } from '../db/schema';
import { DomainError } from '../errors';

const scrypt = promisify(scryptCallback) as (
  password: string,
  salt: Buffer,
  length: number,
  options: object,
) => Promise<Buffer>;
/** scrypt's cost: ~50 ms a PIN on the thread pool, so a guessed PIN costs a guesser as much. */
const COST = { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };
const KEY_BYTES = 32;

/** A PIN as stored: `scrypt$N$r$p$salt$hash`, the salt random, both base64. */
export async function hashPin(pin: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(pin, salt, KEY_BYTES, COST);
  return ['scrypt', COST.N, COST.r, COST.p, salt.toString('base64'), key.toString('base64')].join('$');
}

/** Whether `pin` is the one `stored` hashes (compared in constant time). */
export async function pinMatches(pin: string, stored: string): Promise<boolean> {
  const [kind, n, r, p, salt, key] = stored.split('$');
  if (kind !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await scrypt(pin, Buffer.from(salt, 'base64'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: COST.maxmem,
  });
  return timingSafeEqual(actual, expected);
}

/** The account's PIN hash and lockout (read); what an unlock checks before it hashes anything. */
export function pinStateOf(db: Db, userId: string) {
  return db
    .select({ pinHash: users.pinHash, pinLockedUntil: users.pinLockedUntil })
    .from(users)
    .where(eq(users.id, userId))
    .get();
}

/** Seconds before tries are taken again, when too many wrong ones refused them. */
export function lockedOutFor(lockedUntil: Date | null, now = new Date()): number | null {
  return lockedUntil && lockedUntil > now ? Math.ceil((lockedUntil.getTime() - now.getTime()) / 1000) : null;
}

/** Sets (or changes) the PIN (writer), and opens the lock on this device for a few minutes. */
export function setPin(db: Db, userId: string, sessionId: string, pinHash: string): void {
  writeTransaction(db, () => {
    db.update(users).set({ pinHash, pinFailures: 0, pinLockedUntil: null }).where(eq(users.id, userId)).run();
    unlockSession(db, sessionId);
  });
}

/** Removes the PIN (writer): everything is open again, as without one. */
export function removePin(db: Db, userId: string): void {
  db.update(users).set({ pinHash: null, pinFailures: 0, pinLockedUntil: null }).where(eq(users.id, userId)).run();
}

function unlockSession(db: Db, sessionId: string, now = new Date()) {
  db.update(sessions)
    .set({ unlockedUntil: new Date(now.getTime() + UNLOCK_MS) })
    .where(eq(sessions.id, sessionId))
    .run();
}

/**
 * A PIN tried (writer), its check already made: right opens the lock on this device and clears
 * the failures; wrong counts, and the fifth wrong in a row refuses tries for a while.
 */
export function recordPinTry(db: Db, userId: string, sessionId: string, right: boolean, now = new Date()): void {
  writeTransaction(db, () => {
    const user = db.select({ pinFailures: users.pinFailures }).from(users).where(eq(users.id, userId)).get();
    if (!user) return;
    if (right) {
      db.update(users).set({ pinFailures: 0, pinLockedUntil: null }).where(eq(users.id, userId)).run();
      unlockSession(db, sessionId, now);
      return;
    }
    const next = afterWrongPin(user.pinFailures);
    db.update(users)
      .set({
        pinFailures: next.failures,
        pinLockedUntil: next.lockout ? new Date(now.getTime() + LOCKOUT_MS) : null,
      })
      .where(eq(users.id, userId))
      .run();
  });
}

/** Closes the lock on this device (writer): play resumes. */
export function lockSession(db: Db, sessionId: string): void {
  db.update(sessions).set({ unlockedUntil: null }).where(eq(sessions.id, sessionId)).run();
}

export const pinLocked = () => new DomainError('FORBIDDEN', 'errors:pin.locked');
/** Tries refused after too many wrong PINs, for `waitSeconds` more (LOCKOUT_MS at most): said plainly. */
export const pinLockedOut = (waitSeconds: number) =>
  new DomainError('TOO_MANY_REQUESTS', 'errors:pin.lockedOut', waitSeconds, {
    count: Math.max(1, Math.ceil(waitSeconds / 60)),
  });

/**
 * The parent lock: with a PIN set, the admin pages, adding, editing or deleting profiles, another
 * profile's speech setting, signing out everywhere, and changing or removing the PIN ask for it;
 * the unlock lasts a few minutes on that device and ends when play resumes (a profile is chosen).
 * Without a PIN everything is open, as before. A new session starts locked like any other: only
 * the right PIN, or *Forgot PIN?* (a fresh sign-in at Google), opens it.
 */

/** 4 to 8 digits. */
export const PIN_PATTERN = /^\d{4,8}$/;
/** How long an unlock lasts. */
export const UNLOCK_MS = 5 * 60 * 1000;
/** Wrong PINs in a row on one device (session) before tries there are refused for a while. */
export const MAX_PIN_TRIES = 5;
/**
 * Wrong PINs in a row on the whole account before tries are refused on every device. Larger than
 * a device's budget, so that a child's wrong tries on the tablet never lock the parent's phone; there
 * only so that signing out and in again (a new session, a fresh device budget) cannot buy a child
 * new tries without end: three devices' worth, then the account waits too.
 */
export const MAX_ACCOUNT_PIN_TRIES = 3 * MAX_PIN_TRIES;
/** How long a lockout lasts, by how many came before it without a right PIN: 5 min, 15 min, 1 h, 4 h, then a day. */
const LOCKOUT_STEPS_MS = [5, 15, 60, 240, 1440].map((minutes) => minutes * 60 * 1000);

/** Whether what the lock guards may be done now: no PIN, or an unlock still running. */
export function isUnlocked(hasPin: boolean, unlockedUntil: Date | null, now: Date = new Date()): boolean {
  return !hasPin || (unlockedUntil !== null && unlockedUntil.getTime() > now.getTime());
}

/** The length of the `nth` lockout in a row (1: the first), growing to a cap. */
export function lockoutMs(nth: number): number {
  const steps = LOCKOUT_STEPS_MS;
  return steps[Math.min(Math.max(nth, 1), steps.length) - 1] as number;
}

/**
 * Where a device or the account stands: wrong tries since the last lockout (or right PIN), lockouts
 * since the last right PIN, and until when tries are refused (null: they are taken).
 */
export type PinGuard = { failures: number; lockouts: number; lockedUntil: Date | null };
export const OPEN_GUARD: PinGuard = { failures: 0, lockouts: 0, lockedUntil: null };

/** Seconds before tries are taken again, or null when they are. */
export function lockedOutFor(guard: PinGuard, now: Date = new Date()): number | null {
  const until = guard.lockedUntil?.getTime() ?? 0;
  return until > now.getTime() ? Math.ceil((until - now.getTime()) / 1000) : null;
}

/**
 * A try counted before its PIN is checked, as if wrong (a right one clears everything after): the
 * `budget`th in a row starts a lockout, longer than the one before. A lockout is never shortened,
 * whatever comes late.
 */
export function countPinTry(guard: PinGuard, budget: number, now: Date = new Date()): PinGuard {
  const failures = guard.failures + 1;
  if (failures < budget) return { ...guard, failures };
  const lockouts = guard.lockouts + 1;
  const until = now.getTime() + lockoutMs(lockouts);
  return { failures: 0, lockouts, lockedUntil: new Date(Math.max(until, guard.lockedUntil?.getTime() ?? 0)) };
}

/**
 * Forgot PIN: a sign-in of its own (GET here, a link) that asks the provider for the password
 * again; a sign-in that fresh opens the lock for a few minutes, to choose a new PIN.
 */
export const FORGOT_PIN_PATH = '/auth/forgot-pin';
/** How it ended, in the query of the page it lands on (the client opens the PIN settings, or says why not). */
export const FORGOT_PIN_PARAM = 'forgotPin';
export type ForgotPinOutcome = 'confirmed' | 'unconfirmed';
/** How recent the password typed at the provider must be: just now, not this morning. */
export const FRESH_SIGN_IN_MS = 5 * 60 * 1000;
/** Clocks differ a little: a sign-in stamped up to this far ahead of ours still counts. */
const CLOCK_SKEW_MS = 60 * 1000;

/** Whether a sign-in's `auth_time` is fresh enough for Forgot PIN (null: the provider did not say). */
export function isFreshSignIn(authenticatedAt: Date | null, now: Date = new Date()): boolean {
  if (!authenticatedAt) return false;
  const age = now.getTime() - authenticatedAt.getTime();
  return age <= FRESH_SIGN_IN_MS && age >= -CLOCK_SKEW_MS;
}

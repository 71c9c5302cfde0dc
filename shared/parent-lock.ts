/**
 * The parent lock: with a PIN set, the admin pages, adding, editing or deleting profiles, and
 * changing or removing the PIN ask for it; the unlock lasts a few minutes on that device and ends
 * when play resumes (a profile is chosen). Without a PIN everything is open, as before.
 */

/** 4 to 8 digits. */
export const PIN_PATTERN = /^\d{4,8}$/;
/** How long an unlock lasts. */
export const UNLOCK_MS = 5 * 60 * 1000;
/** Wrong PINs in a row before tries are refused for LOCKOUT_MS. */
export const MAX_PIN_TRIES = 5;
export const LOCKOUT_MS = 5 * 60 * 1000;

/** Whether what the lock guards may be done now: no PIN, or an unlock still running. */
export function isUnlocked(hasPin: boolean, unlockedUntil: Date | null, now: Date = new Date()): boolean {
  return !hasPin || (unlockedUntil !== null && unlockedUntil.getTime() > now.getTime());
}

/** After a wrong PIN: the failures so far, and whether tries are now refused for a while. */
export function afterWrongPin(failures: number): { failures: number; lockout: boolean } {
  const next = failures + 1;
  return next >= MAX_PIN_TRIES ? { failures: 0, lockout: true } : { failures: next, lockout: false };
}

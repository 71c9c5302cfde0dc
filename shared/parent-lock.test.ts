import { describe, expect, it } from 'vitest';
import {
  countPinTry,
  FRESH_SIGN_IN_MS,
  isFreshSignIn,
  isUnlocked,
  lockedOutFor,
  lockoutMs,
  MAX_ACCOUNT_PIN_TRIES,
  MAX_PIN_TRIES,
  OPEN_GUARD,
  PIN_PATTERN,
  type PinGuard,
} from './parent-lock';

const MINUTE = 60 * 1000;

describe('the parent lock', () => {
  const now = new Date('2026-11-25T12:00:00Z');
  const later = (ms: number) => new Date(now.getTime() + ms);

  it('is open without a PIN, and with one only while an unlock runs', () => {
    expect(isUnlocked(false, null, now)).toBe(true);
    expect(isUnlocked(true, null, now)).toBe(false);
    expect(isUnlocked(true, new Date(now.getTime() + 1000), now)).toBe(true);
    expect(isUnlocked(true, new Date(now.getTime() - 1), now)).toBe(false);
  });

  it('takes 4 to 8 digits', () => {
    expect(['1234', '12345678', '0000'].every((pin) => PIN_PATTERN.test(pin))).toBe(true);
    expect(['123', '123456789', '12a4', ' 1234', '١٢٣٤'].some((pin) => PIN_PATTERN.test(pin))).toBe(false);
  });

  it('a device’s budget is smaller than the account’s', () => {
    expect(MAX_PIN_TRIES).toBe(5);
    expect(MAX_ACCOUNT_PIN_TRIES).toBeGreaterThan(MAX_PIN_TRIES);
  });

  it('refuses tries for a while once the budget of tries in a row is spent', () => {
    let guard = OPEN_GUARD;
    for (let i = 1; i < MAX_PIN_TRIES; i++) {
      guard = countPinTry(guard, MAX_PIN_TRIES, now);
      expect(guard).toEqual({ failures: i, lockouts: 0, lockedUntil: null });
      expect(lockedOutFor(guard, now)).toBeNull();
    }
    guard = countPinTry(guard, MAX_PIN_TRIES, now);
    expect(guard).toEqual({ failures: 0, lockouts: 1, lockedUntil: later(5 * MINUTE) });
    expect(lockedOutFor(guard, now)).toBe(5 * 60);
    expect(lockedOutFor(guard, later(5 * MINUTE - 1500))).toBe(2);
    expect(lockedOutFor(guard, later(5 * MINUTE))).toBeNull();
  });

  it('makes each lockout in a row longer, to a cap: 5 min, 15 min, 1 h, 4 h, then a day', () => {
    expect([1, 2, 3, 4, 5, 6, 50].map((nth) => lockoutMs(nth) / MINUTE)).toEqual([5, 15, 60, 240, 1440, 1440, 1440]);
    // A run of wrong tries after each lockout has passed.
    let guard = OPEN_GUARD;
    let at = now;
    const lengths: number[] = [];
    for (let run = 0; run < 6; run++) {
      for (let i = 0; i < MAX_PIN_TRIES; i++) guard = countPinTry(guard, MAX_PIN_TRIES, at);
      lengths.push(((guard.lockedUntil as Date).getTime() - at.getTime()) / MINUTE);
      at = guard.lockedUntil as Date;
    }
    expect(lengths).toEqual([5, 15, 60, 240, 1440, 1440]);
  });

  it('never shortens a lockout', () => {
    const locked: PinGuard = { failures: MAX_PIN_TRIES - 1, lockouts: 0, lockedUntil: later(60 * MINUTE) };
    const after = countPinTry(locked, MAX_PIN_TRIES, now);
    expect(after.lockedUntil).toEqual(later(60 * MINUTE));
    expect(after.lockouts).toBe(1);
    // A try that does not end a run leaves the lockout as it is.
    const midway: PinGuard = { failures: 1, lockouts: 2, lockedUntil: later(MINUTE) };
    expect(countPinTry(midway, MAX_PIN_TRIES, now)).toEqual({ failures: 2, lockouts: 2, lockedUntil: later(MINUTE) });
  });

  it('takes a sign-in as fresh for Forgot PIN only within a few minutes, allowing a little clock skew', () => {
    expect(isFreshSignIn(null, now)).toBe(false);
    expect(isFreshSignIn(now, now)).toBe(true);
    expect(isFreshSignIn(new Date(now.getTime() - FRESH_SIGN_IN_MS), now)).toBe(true);
    expect(isFreshSignIn(new Date(now.getTime() - FRESH_SIGN_IN_MS - 1000), now)).toBe(false);
    expect(isFreshSignIn(new Date(now.getTime() - 24 * 60 * MINUTE), now)).toBe(false);
    expect(isFreshSignIn(later(30 * 1000), now)).toBe(true);
    expect(isFreshSignIn(later(10 * MINUTE), now)).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { afterWrongPin, isUnlocked, MAX_PIN_TRIES, PIN_PATTERN } from './parent-lock';

describe('the parent lock', () => {
  const now = new Date('2026-11-25T12:00:00Z');
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

  it('refuses tries for a while after five wrong ones in a row', () => {
    let failures = 0;
    for (let i = 1; i < MAX_PIN_TRIES; i++) {
      const next = afterWrongPin(failures);
      expect(next.lockout).toBe(false);
      failures = next.failures;
    }
    expect(afterWrongPin(failures)).toEqual({ failures: 0, lockout: true });
  });
});

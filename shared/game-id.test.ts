import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { newGameId } from './game-id';

describe('newGameId', () => {
  test('is a UUID v7 (RFC 9562 variant) the API accepts', () => {
    const id = newGameId();
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(z.uuid().safeParse(id).success).toBe(true);
  });

  test('starts with the time it was made, in milliseconds', () => {
    const at = Date.UTC(2026, 10, 29, 1, 2, 3, 456);
    const id = newGameId(at);
    expect(Number.parseInt(id.replaceAll('-', '').slice(0, 12), 16)).toBe(at);
  });

  test('sorts as the games start, and two made in the same millisecond differ', () => {
    const earlier = newGameId(1_800_000_000_000);
    const later = newGameId(1_800_000_000_001);
    expect(earlier < later).toBe(true);
    const same = new Set(Array.from({ length: 1000 }, () => newGameId(1_800_000_000_000)));
    expect(same.size).toBe(1000);
  });
});

import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { GAME_ID_CLOCK_WINDOW_MS, GAME_ID_V7, gameIdTime, isCurrentGameId, newGameId } from './game-id';

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

describe('isCurrentGameId: the ids a start takes for its game', () => {
  const now = Date.UTC(2026, 11, 1, 12);

  test('a v7 made by newGameId within a day of the server’s clock, either way', () => {
    for (const offset of [0, 1, -1, 13 * 3_600_000, -GAME_ID_CLOCK_WINDOW_MS, GAME_ID_CLOCK_WINDOW_MS]) {
      const id = newGameId(now + offset);
      expect(gameIdTime(id)).toBe(now + offset);
      expect(isCurrentGameId(id, now), String(offset)).toBe(true);
    }
  });

  test('not one made further off: a clock days wrong, or an id that sorts after every game to come', () => {
    for (const at of [now + GAME_ID_CLOCK_WINDOW_MS + 1, now - GAME_ID_CLOCK_WINDOW_MS - 1, 0, 2 ** 48 - 1]) {
      expect(isCurrentGameId(newGameId(at), now), String(at)).toBe(false);
    }
  });

  test('nothing but a canonical v7: not the nil id, a v1, a v4, nor another spelling of a v7', () => {
    const v7 = newGameId(now);
    expect(GAME_ID_V7.test(v7)).toBe(true);
    for (const id of [
      '00000000-0000-0000-0000-000000000000',
      'c232ab00-9414-11ec-b3c8-9f6bdeced846',
      crypto.randomUUID(),
      `${v7.slice(0, 14)}4${v7.slice(15)}`, // its version digit a v4's
      `${v7.slice(0, 19)}c${v7.slice(20)}`, // another variant
      v7.toUpperCase(),
      ` ${v7}`,
      `${v7}\n`,
      v7.replaceAll('-', ''),
    ]) {
      expect(GAME_ID_V7.test(id), id).toBe(false);
      expect(isCurrentGameId(id, now), id).toBe(false);
    }
  });
});

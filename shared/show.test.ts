import { describe, expect, it } from 'vitest';
import { PRIZE_LADDER } from './ladder';
import {
  amountAt,
  COUNTDOWN_MS,
  countdownMs,
  dueAction,
  everyoneAnswered,
  HOST_AWAY_END_MS,
  isRoomCode,
  KIDS_COUNTDOWN_MS,
  normalizeRoomCode,
  PODIUM_KEEP_MS,
  rankPlayers,
  roomCodeOf,
  scoreOf,
  showAgeGroup,
  showLadder,
  youngestAgeGroup,
} from './show';

describe('room codes', () => {
  it('are six digits, leading zeros kept', () => {
    expect(roomCodeOf(4217)).toBe('004217');
    expect(roomCodeOf(0)).toBe('000000');
    expect(roomCodeOf(999_999)).toBe('999999');
    expect(() => roomCodeOf(1_000_000)).toThrow(RangeError);
    expect(() => roomCodeOf(-1)).toThrow(RangeError);
    expect(() => roomCodeOf(1.5)).toThrow(RangeError);
  });

  it('are recognised as typed, spaces and dashes aside', () => {
    expect(isRoomCode('004217')).toBe(true);
    for (const bad of ['04217', '0042170', '00421a', '', ' 004217', '００４２１７'])
      expect(isRoomCode(bad), bad).toBe(false);
    expect(normalizeRoomCode(' 004 217 ')).toBe('004217');
    expect(normalizeRoomCode('004-217')).toBe('004217');
  });
});

describe('the countdown', () => {
  it('is 20 s, and 30 s when a Kids player is in', () => {
    expect(countdownMs(['Adults', 'Teenagers'])).toBe(COUNTDOWN_MS);
    expect(countdownMs(['Adults', 'Kids'])).toBe(KIDS_COUNTDOWN_MS);
    expect(COUNTDOWN_MS).toBe(20_000);
    expect(KIDS_COUNTDOWN_MS).toBe(30_000);
  });
});

describe('the age group', () => {
  it('by default is the youngest joined player’s', () => {
    expect(youngestAgeGroup(['Adults', 'Teenagers', 'Adults'])).toBe('Teenagers');
    expect(youngestAgeGroup(['Adults', 'Kids'])).toBe('Kids');
    expect(youngestAgeGroup([])).toBeNull();
    expect(showAgeGroup('auto', ['Adults', 'Teenagers'])).toBe('Teenagers');
    expect(showAgeGroup('auto', [])).toBeNull();
  });

  it('is the host’s choice when made', () => {
    expect(showAgeGroup('Adults', ['Kids'])).toBe('Adults');
  });
});

describe('the family ladder', () => {
  it('of 15 questions is the game’s', () => {
    expect(showLadder(15)).toEqual([...PRIZE_LADDER]);
  });

  it('of 5 and 10 questions climbs from 100 to the million, always upwards', () => {
    expect(showLadder(5)).toEqual([100, 1000, 8000, 125_000, 1_000_000]);
    const ten = showLadder(10);
    expect(ten).toHaveLength(10);
    expect(ten[0]).toBe(100);
    expect(ten[9]).toBe(1_000_000);
    for (let i = 1; i < ten.length; i++) expect(ten[i]).toBeGreaterThan(ten[i - 1] as number);
  });

  it('of a short show (a category with few questions) still ends at the million', () => {
    expect(showLadder(3)).toEqual([100, 8000, 1_000_000]);
    expect(showLadder(1)).toEqual([1_000_000]);
    expect(() => showLadder(0)).toThrow(RangeError);
    expect(() => showLadder(16)).toThrow(RangeError);
  });

  it('gives each question its amount', () => {
    expect(amountAt(5, 0)).toBe(100);
    expect(amountAt(5, 4)).toBe(1_000_000);
    expect(() => amountAt(5, 5)).toThrow(RangeError);
  });
});

describe('the score', () => {
  it('is the rung reached: one rung a right answer, whichever questions they were', () => {
    expect(scoreOf(5, 0)).toBe(0);
    expect(scoreOf(5, 1)).toBe(100);
    expect(scoreOf(5, 3)).toBe(8000);
    expect(scoreOf(5, 5)).toBe(1_000_000);
  });
});

describe('the standings', () => {
  const p = (playerId: string, correctCount: number, rightAnswerMs: number) => ({
    playerId,
    correctCount,
    rightAnswerMs,
  });

  it('put more right answers first, then the quicker total over them', () => {
    expect(rankPlayers([p('a', 2, 9000), p('b', 3, 20_000), p('c', 2, 4000)])).toEqual([
      { playerId: 'b', place: 1 },
      { playerId: 'c', place: 2 },
      { playerId: 'a', place: 3 },
    ]);
  });

  it('share a place when both are equal, in the order given, and skip the places shared', () => {
    expect(rankPlayers([p('a', 1, 5000), p('b', 2, 0), p('c', 1, 5000), p('d', 0, 0)])).toEqual([
      { playerId: 'b', place: 1 },
      { playerId: 'a', place: 2 },
      { playerId: 'c', place: 2 },
      { playerId: 'd', place: 4 },
    ]);
    expect(rankPlayers([])).toEqual([]);
  });
});

describe('the show’s timer', () => {
  const at = 1_000_000;

  it('reveals a question at its deadline', () => {
    expect(dueAction({ status: 'question', deadline: at, endedAt: null }, null)).toEqual({ action: 'reveal', at });
    expect(dueAction({ status: 'reveal', deadline: at, endedAt: null }, null)).toBeNull();
    expect(dueAction({ status: 'lobby', deadline: null, endedAt: null }, null)).toBeNull();
  });

  it('ends a show whose host has been away 10 minutes, unless a deadline comes first', () => {
    expect(dueAction({ status: 'lobby', deadline: null, endedAt: null }, at)).toEqual({
      action: 'end',
      at: at + HOST_AWAY_END_MS,
    });
    expect(dueAction({ status: 'question', deadline: at + 5000, endedAt: null }, at)).toEqual({
      action: 'reveal',
      at: at + 5000,
    });
    expect(dueAction({ status: 'question', deadline: at + HOST_AWAY_END_MS + 1, endedAt: null }, at)).toEqual({
      action: 'end',
      at: at + HOST_AWAY_END_MS,
    });
  });

  it('closes a podium after a while, host or not', () => {
    for (const away of [null, at]) {
      expect(dueAction({ status: 'podium', deadline: null, endedAt: at }, away)).toEqual({
        action: 'close',
        at: at + PODIUM_KEEP_MS,
      });
    }
  });
});

describe('everyone answered', () => {
  it('counts the players still around; a phone gone for a while does not hold the question open', () => {
    const player = (answered: boolean, around = true) => ({ playerId: 'x', answered, around });
    expect(everyoneAnswered([player(true), player(true)])).toBe(true);
    expect(everyoneAnswered([player(true), player(false)])).toBe(false);
    expect(everyoneAnswered([player(true), player(false, false)])).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import {
  isMillionaire,
  ladderDifficulty,
  outcomeAfterPick,
  PRIZE_LADDER,
  prizeAt,
  QUESTIONS_PER_GAME,
  TOP_PRIZE,
  winningsFor,
} from './ladder';

describe('prize ladder', () => {
  it('has the 15 amounts of spec §9, in order', () => {
    expect(PRIZE_LADDER).toEqual([
      100, 200, 300, 500, 1000, 2000, 4000, 8000, 16000, 32000, 64000, 125000, 250000, 500000, 1000000,
    ]);
    expect(QUESTIONS_PER_GAME).toBe(15);
    expect(TOP_PRIZE).toBe(1_000_000);
  });

  it('prices each position and refuses positions off the ladder', () => {
    expect(prizeAt(0)).toBe(100);
    expect(prizeAt(14)).toBe(1_000_000);
    expect(() => prizeAt(15)).toThrow(RangeError);
    expect(() => prizeAt(-1)).toThrow(RangeError);
  });
});

describe('winnings', () => {
  it('are the amount of the last correct answer (spec §4)', () => {
    expect(winningsFor(0)).toBe(0);
    expect(winningsFor(1)).toBe(100);
    expect(winningsFor(4)).toBe(500);
    expect(winningsFor(14)).toBe(500_000);
    expect(winningsFor(15)).toBe(1_000_000);
  });

  it('make a millionaire only at the top amount', () => {
    expect(isMillionaire(1_000_000)).toBe(true);
    expect(isMillionaire(500_000)).toBe(false);
    expect(isMillionaire(0)).toBe(false);
  });
});

describe('end conditions', () => {
  it('a wrong pick ends the game wherever it happens', () => {
    expect(outcomeAfterPick(0, 15, false)).toBe('lost');
    expect(outcomeAfterPick(14, 15, false)).toBe('lost');
  });

  it('a right pick moves on, and wins on the last question', () => {
    expect(outcomeAfterPick(0, 15, true)).toBe('playing');
    expect(outcomeAfterPick(13, 15, true)).toBe('playing');
    expect(outcomeAfterPick(14, 15, true)).toBe('won');
    expect(outcomeAfterPick(2, 3, true)).toBe('won');
  });
});

describe("the ladder's difficulties", () => {
  const ladder = (count: number, age?: number) =>
    Array.from({ length: count }, (_, position) => ladderDifficulty(position, count, age));

  it('climbs easy, medium, hard, a third each', () => {
    expect(ladder(15)).toEqual([1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3]);
    expect(ladder(15, 10)).toEqual(ladder(15));
    expect(ladder(15, 40)).toEqual(ladder(15));
  });

  it('leans on easy questions for a child of 8 or younger, the hard ones only at the top', () => {
    expect(ladder(15, 7)).toEqual([1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 3, 3, 3]);
    expect(ladder(15, 8)).toEqual(ladder(15, 6));
    expect(ladder(5, 7)).toEqual([1, 1, 2, 2, 3]);
  });
});

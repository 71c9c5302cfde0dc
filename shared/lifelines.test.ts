import { describe, expect, it } from 'vitest';
import {
  AUDIENCE_MAX_SHARE,
  audienceConfidence,
  audiencePoll,
  fiftyFiftyRemoval,
  isLifelineLeft,
  wholePercents,
} from './lifelines';

/** A seeded generator, so that many polls can be drawn and checked deterministically. */
function seeded(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

describe('50:50', () => {
  it('takes away two wrong answers, never the right one, and not always the same two', () => {
    const random = seeded(1);
    const seen = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const correct = i % 4;
      const removed = fiftyFiftyRemoval(correct, random);
      expect(removed).toHaveLength(2);
      expect(removed).not.toContain(correct);
      expect(removed[0]).not.toBe(removed[1]);
      seen.add(`${correct}:${removed.join()}`);
    }
    // Three ways to keep one wrong answer, for each of four right answers.
    expect(seen.size).toBe(12);
  });
});

describe('Ask the audience', () => {
  it('is a poll of whole percents adding up to 100, never a certainty', () => {
    const random = seeded(7);
    for (let i = 0; i < 500; i++) {
      const poll = audiencePoll(i % 4, i % 15, [], random);
      expect(poll).toHaveLength(4);
      expect(poll.reduce((a, b) => a + b, 0)).toBe(100);
      expect(poll.every((share) => Number.isInteger(share) && share >= 0)).toBe(true);
      expect(poll[i % 4]).toBeLessThanOrEqual(AUDIENCE_MAX_SHARE + 1);
    }
  });

  it('leans to the right answer more on easy questions than on hard ones', () => {
    const random = seeded(11);
    const average = (position: number) => {
      let total = 0;
      for (let i = 0; i < 400; i++) total += audiencePoll(2, position, [], random)[2] as number;
      return total / 400;
    };
    const easy = average(0);
    const hard = average(14);
    expect(easy).toBeGreaterThan(60);
    expect(hard).toBeLessThan(40);
    expect(audienceConfidence(0)).toBeGreaterThan(audienceConfidence(14));
  });

  it('gives answers taken away by 50:50 nothing', () => {
    const random = seeded(3);
    for (let i = 0; i < 100; i++) {
      const poll = audiencePoll(0, 5, [1, 3], random);
      expect(poll[1]).toBe(0);
      expect(poll[3]).toBe(0);
      expect((poll[0] as number) + (poll[2] as number)).toBe(100);
    }
  });
});

describe('whole percents', () => {
  it('round so that the total stays 100', () => {
    expect(wholePercents([1 / 3, 1 / 3, 1 / 3, 0])).toEqual([34, 33, 33, 0]);
    expect(wholePercents([0.5, 0.25, 0.125, 0.125])).toEqual([50, 25, 13, 12]);
  });
});

describe('each lifeline once a game', () => {
  it('is left until used, whatever the others', () => {
    expect(isLifelineLeft({}, 'audience')).toBe(true);
    const used = { fiftyFifty: { position: 2, removed: [0, 1] as [number, number] } };
    expect(isLifelineLeft(used, 'fiftyFifty')).toBe(false);
    expect(isLifelineLeft(used, 'family')).toBe(true);
  });
});

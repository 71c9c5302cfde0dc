import { describe, expect, it } from 'vitest';
import { applyOrder, randomPermutation, shownIndexOf } from './shuffle';

describe('answer shuffling', () => {
  it('is a permutation of 0..n-1', () => {
    for (let i = 0; i < 200; i++) {
      expect([...randomPermutation(4)].sort()).toEqual([0, 1, 2, 3]);
    }
  });

  it('keeps the right answer findable wherever it lands', () => {
    const answers = ['Paris', 'Rome', 'Hanoi', 'Oslo'];
    for (let correct = 0; correct < 4; correct++) {
      for (let i = 0; i < 50; i++) {
        const order = randomPermutation(4);
        const shown = applyOrder(answers, order);
        expect(shown[shownIndexOf(order, correct)]).toBe(answers[correct]);
        expect([...shown].sort()).toEqual([...answers].sort());
      }
    }
  });

  it('puts the right answer in every position about equally often', () => {
    const counts = [0, 0, 0, 0];
    const runs = 8000;
    for (let i = 0; i < runs; i++) counts[shownIndexOf(randomPermutation(4), 0)]! += 1;
    for (const count of counts) expect(count / runs).toBeGreaterThan(0.2);
  });

  it('follows the random source (Fisher–Yates)', () => {
    // random() always 0: each step swaps i with 0.
    expect(randomPermutation(4, () => 0)).toEqual([1, 2, 3, 0]);
    // random() just under 1: each step swaps i with itself.
    expect(randomPermutation(4, () => 0.999)).toEqual([0, 1, 2, 3]);
  });

  it('refuses an order that points outside the items', () => {
    expect(() => applyOrder(['a', 'b'], [0, 2])).toThrow(RangeError);
  });
});

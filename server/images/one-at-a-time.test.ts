import { describe, expect, it } from 'vitest';
import { oneAtATime } from './one-at-a-time';

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('oneAtATime', () => {
  it('runs jobs one at a time, in the order given, however many arrive together', async () => {
    const queue = oneAtATime();
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const job = (n: number) => async () => {
      running++;
      most = Math.max(most, running);
      await tick(5);
      order.push(n);
      running--;
      return n * 10;
    };
    const results = await Promise.all([1, 2, 3, 4, 5, 6, 7, 8].map((n) => queue(job(n))));
    expect(results).toEqual([10, 20, 30, 40, 50, 60, 70, 80]);
    expect(order).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(most).toBe(1);
  });

  it('a failed job rejects its own caller only; the next one runs', async () => {
    const queue = oneAtATime();
    const failed = queue(async () => {
      throw new Error('broken image');
    });
    const next = queue(async () => 'stored');
    await expect(failed).rejects.toThrow('broken image');
    await expect(next).resolves.toBe('stored');
  });
});

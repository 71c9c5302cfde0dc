import { describe, expect, it } from 'vitest';
import { createGate, GateFull } from './gate';

/** Work that ends when told to. */
function held() {
  let finish: () => void = () => undefined;
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  return { work: () => done, finish };
}

describe('createGate', () => {
  it('runs as many as it allows, queues a few in order, and refuses the rest at once', async () => {
    const gate = createGate({ running: 1, waiting: 1, maxWaitMs: 5_000 });
    const first = held();
    const second = held();
    const order: string[] = [];
    const running = gate.run(first.work).then(() => order.push('first'));
    const waiting = gate.run(second.work).then(() => order.push('second'));
    expect(gate.load()).toEqual({ running: 1, waiting: 1 });
    const refused = await gate.run(async () => 'never').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(GateFull);
    expect((refused as GateFull).retryAfterSeconds).toBe(5);
    first.finish();
    await running;
    expect(gate.load()).toEqual({ running: 1, waiting: 0 });
    second.finish();
    await waiting;
    expect(order).toEqual(['first', 'second']);
    expect(gate.load()).toEqual({ running: 0, waiting: 0 });
  });

  it('refuses one that waited too long, and frees its place in the queue', async () => {
    const gate = createGate({ running: 1, waiting: 1, maxWaitMs: 50 });
    const first = held();
    const running = gate.run(first.work);
    const late = await gate.run(async () => 'late').catch((error: unknown) => error);
    expect(late).toBeInstanceOf(GateFull);
    expect(gate.load()).toEqual({ running: 1, waiting: 0 });
    first.finish();
    await running;
    expect(await gate.run(async () => 'next')).toBe('next');
  });

  it('frees a place when the work fails', async () => {
    const gate = createGate({ running: 1, waiting: 0, maxWaitMs: 50 });
    await expect(gate.run(() => Promise.reject(new Error('broken')))).rejects.toThrow('broken');
    expect(await gate.run(async () => 'after')).toBe('after');
  });
});

import { describe, expect, it } from 'vitest';
import { retriesStream, streamRetryDelayMs } from './stream-retry';

describe('a failed event stream', () => {
  it('is opened again when its connection failed, never when the server refused it', () => {
    expect(retriesStream({ op: { type: 'subscription' }, error: {} })).toBe(true);
    expect(retriesStream({ op: { type: 'subscription' }, error: { data: { code: 'NOT_FOUND' } } })).toBe(false);
    expect(retriesStream({ op: { type: 'query' }, error: {} })).toBe(false);
    expect(retriesStream({ op: { type: 'mutation' }, error: {} })).toBe(false);
  });

  it('waits 1, 2, 4, 8 s, then 10 s between tries', () => {
    expect([1, 2, 3, 4, 5, 9].map(streamRetryDelayMs)).toEqual([1000, 2000, 4000, 8000, 10_000, 10_000]);
  });
});

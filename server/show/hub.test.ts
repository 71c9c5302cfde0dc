import { describe, expect, it } from 'vitest';
import { PLAYER_AWAY_MS } from '#shared/show.ts';
import { createShowHub, HOST } from './hub';

/** The show's live part in memory: wake-ups, presence, the newest stream winning. */
describe('the show hub', () => {
  const settled = async (promise: Promise<void>) => {
    let done = false;
    void promise.then(() => {
      done = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
    return done;
  };

  it('wakes the streams a change is for, and only those', async () => {
    const hub = createShowHub();
    const signal = new AbortController().signal;
    const tv = hub.nextChange('s', HOST, signal);
    const phoneA = hub.nextChange('s', 'a', signal);
    const phoneB = hub.nextChange('s', 'b', signal);
    const elsewhere = hub.nextChange('t', HOST, signal);
    hub.changed('s', [HOST, 'a']);
    expect(await settled(tv)).toBe(true);
    expect(await settled(phoneA)).toBe(true);
    expect(await settled(phoneB)).toBe(false);
    hub.changed('s');
    expect(await settled(phoneB)).toBe(true);
    expect(await settled(elsewhere)).toBe(false);
  });

  it('lets a waiting stream go when its request ends', async () => {
    const hub = createShowHub();
    const request = new AbortController();
    const waiting = hub.nextChange('s', 'a', request.signal);
    request.abort();
    expect(await settled(waiting)).toBe(true);
  });

  it('knows who is connected, tells the TV, and ends a viewer’s older stream when a newer opens', async () => {
    let now = 1_000_000;
    const hub = createShowHub(() => now);
    const tvWaiting = hub.nextChange('s', HOST, new AbortController().signal);
    const first = hub.open('s', 'a', undefined);
    expect(hub.connected('s', 'a')).toBe(true);
    expect(await settled(tvWaiting)).toBe(true);
    const presence = hub.presence('s');

    const second = hub.open('s', 'a', undefined);
    expect(first.signal.aborted).toBe(true);
    first.close(); // the older one winding down changes nothing
    expect(hub.connected('s', 'a')).toBe(true);
    expect(hub.presence('s')).toBe(presence);

    now += 1000;
    second.close();
    expect(hub.connected('s', 'a')).toBe(false);
    expect(hub.awaySince('s', 'a')).toBe(now);
    expect(hub.isAround('s', 'a')).toBe(true);
    now += PLAYER_AWAY_MS;
    expect(hub.isAround('s', 'a')).toBe(false);
  });

  it('counts a viewer never seen as away since the hub started', () => {
    const hub = createShowHub(() => 42);
    expect(hub.awaySince('s', HOST)).toBe(42);
  });
});

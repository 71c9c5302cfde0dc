import type { AddressInfo } from 'node:net';
import { initTRPC, TRPCError, tracked } from '@trpc/server';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openSse, type SseStream, trpcGetUrl } from '../test/sse';
import { trpcRoutes } from './fastify-adapter';
import { subscriptionInput } from './sse';

/**
 * The adapter's own Server-Sent Events (sse.ts) over real HTTP, on a router of its own: framing,
 * the last event id, pings on an idle stream, refusals, a reader that stops taking. The show's
 * streams through tRPC's own client are in server/show/show-http.test.ts.
 */
const t = initTRPC.create({
  sse: { ping: { enabled: true, intervalMs: 100 }, client: { reconnectAfterInactivityMs: 500 } },
});
let produced = 0;
const router = t.router({
  count: t.procedure
    .input(z.object({ to: z.number().int().max(5), lastEventId: z.string().optional() }))
    .subscription(async function* ({ input }) {
      for (let i = Number(input.lastEventId ?? 0) + 1; i <= input.to; i++) yield tracked(String(i), { i });
    }),
  quiet: t.procedure.subscription(async function* ({ signal }) {
    await new Promise((resolve) => signal?.addEventListener('abort', resolve));
    yield 'never';
  }),
  refused: t.procedure.subscription(() => {
    throw new TRPCError({ code: 'NOT_FOUND', message: 'No such show' });
  }),
  /** As many events as the client takes, each 64 KB: one that reads nothing stops it. */
  flood: t.procedure.subscription(async function* () {
    for (;;) {
      produced++;
      yield 'x'.repeat(64 * 1024);
    }
  }),
});

const app = Fastify();
await app.register(trpcRoutes, { prefix: '/trpc', router, createContext: async () => ({}) });
await app.listen({ host: '127.0.0.1', port: 0 });
const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
const opened: SseStream[] = [];
const open = async (path: string, input?: unknown, lastEventId?: string) => {
  const stream = await openSse(trpcGetUrl(origin, path, input), { lastEventId });
  opened.push(stream);
  return stream;
};
afterAll(async () => {
  for (const stream of opened) stream.close();
  await app.close();
});

describe('a subscription over SSE', () => {
  it('says it is connected, sends each event with its id, then returns', async () => {
    const stream = await open('count', { to: 2 });
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toBe('text/event-stream');
    expect(await stream.next({ all: true })).toMatchObject({
      event: 'connected',
      data: '{"reconnectAfterInactivityMs":500}',
    });
    expect(await stream.next()).toEqual({ event: 'message', id: '1', data: '{"i":1}' });
    expect(await stream.next()).toEqual({ event: 'message', id: '2', data: '{"i":2}' });
    expect((await stream.next()).event).toBe('return');
  });

  it('resumes after the last event id the client saw', async () => {
    const stream = await open('count', { to: 3 }, '1');
    expect(await stream.next()).toMatchObject({ id: '2' });
  });

  it('pings a stream that has nothing to say', async () => {
    const stream = await open('quiet');
    await stream.next({ all: true }); // connected
    expect((await stream.next({ all: true, timeoutMs: 2000 })).event).toBe('ping');
    expect((await stream.next({ all: true, timeoutMs: 2000 })).event).toBe('ping');
  });

  it('tells a refusal as its one event, in tRPC’s error shape', async () => {
    const stream = await open('refused');
    expect(stream.status).toBe(200);
    const error = await stream.next();
    expect(error.event).toBe('serialized-error');
    expect(JSON.parse(error.data)).toMatchObject({ message: 'No such show', data: { code: 'NOT_FOUND' } });
  });

  it('answers input that is not JSON, or not valid, with an error and no event', async () => {
    const broken = await openSse(`${origin}/trpc/count?input=%7B`);
    opened.push(broken);
    expect(broken.status).toBe(400);
    expect(JSON.parse((await broken.next()).data)).toMatchObject({ data: { code: 'PARSE_ERROR' } });
    const invalid = await open('count', { to: 'many' });
    expect(JSON.parse((await invalid.next()).data)).toMatchObject({ data: { code: 'BAD_REQUEST' } });
  });

  it('asks a client that stopped reading for nothing more than the socket holds', async () => {
    const response = await fetch(trpcGetUrl(origin, 'flood'));
    await new Promise((resolve) => setTimeout(resolve, 500));
    const stalled = produced;
    await new Promise((resolve) => setTimeout(resolve, 500));
    // A few megabytes in the kernel's buffers and the stream's at most, then nothing more is made.
    expect(produced).toBe(stalled);
    expect(produced * 64).toBeLessThan(16 * 1024);
    await response.body?.cancel();
  });
});

describe('the input of a subscription', () => {
  it('gains the last event id as tRPC adds it', () => {
    expect(subscriptionInput('{"showId":"s"}', '7')).toEqual({ showId: 's', lastEventId: '7' });
    expect(subscriptionInput(undefined, '7')).toEqual({ lastEventId: '7' });
    expect(subscriptionInput('{"a":1}', null)).toEqual({ a: 1 });
    expect(() => subscriptionInput('{', null)).toThrow(expect.objectContaining({ code: 'PARSE_ERROR' }));
  });
});

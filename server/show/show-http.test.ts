import type { AddressInfo } from 'node:net';
import { createTRPCClient, httpLink, httpSubscriptionLink, splitLink } from '@trpc/client';
import { eq } from 'drizzle-orm';
import { EventSource } from 'eventsource';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import type { HostView, PlayerEvent, PlayerView } from '#shared/show-views.ts';
import { shows } from '../db/schema';
import { createTestApp } from '../test/app';
import { createTestDb } from '../test/db';
import { createCategoryRow, createQuestionRows } from '../test/factories';
import { showAnswerAt } from '../test/show';
import { openSse, type SseStream, trpcGetUrl } from '../test/sse';
import type { AppRouter } from '../trpc/router';

/**
 * The family show over real HTTP: a listening server, its event streams read by an SSE client
 * (and once by tRPC's own httpSubscriptionLink), phones known by the cookie show.join sets.
 */
const db = createTestDb();
const categoryId = createCategoryRow(db);
createQuestionRows(db, 40, { categoryId, ageCategory: 'Adults' });

async function listening(app: FastifyInstance) {
  await app.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

const app = await createTestApp(db);
const origin = await listening(app);
const opened: SseStream[] = [];
afterAll(() => {
  for (const stream of opened) stream.close();
});

const cookiesOf = (response: Response) => response.headers.getSetCookie().map((c) => c.split(';')[0] as string);

/** A tRPC answer: its data, or its error. */
type TrpcAnswer = { result?: { data: unknown }; error?: { data: { messageKey: string } } };

async function call(
  path: string,
  input: unknown,
  cookie = '',
  at = origin,
): Promise<{ status: number; body: TrpcAnswer; setCookies: string[] }> {
  const response = await fetch(`${at}/trpc/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: at, cookie },
    body: JSON.stringify(input ?? {}),
  });
  return { status: response.status, body: await response.json(), setCookies: response.headers.getSetCookie() };
}

async function signIn(email: string, at = origin) {
  const response = await fetch(`${at}/auth/local`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: at },
    body: JSON.stringify({ name: 'Host', email }),
  });
  return cookiesOf(response).find((c) => c.startsWith('ql_session=')) as string;
}

let hosts = 0;
async function openShow(at = origin) {
  const host = await signIn(`show-host-${++hosts}@example.com`, at);
  const created = await call('show.create', { categoryId, questionCount: 5, lang: 'en' }, host, at);
  expect(created.status).toBe(200);
  return { host, ...(created.body.result?.data as { showId: string; code: string }) };
}

async function join(code: string, name: string, at = origin) {
  const joined = await call('show.join', { code, as: { guest: { name, ageGroup: 'Adults' } } }, '', at);
  expect(joined.status, JSON.stringify(joined.body)).toBe(200);
  const cookie = joined.setCookies.find((c) => c.startsWith('ql_show='));
  return {
    cookie: (cookie ?? '').split(';')[0] as string,
    raw: cookie ?? '',
    ...(joined.body.result?.data as { showId: string; playerId: string }),
  };
}

async function watch(showId: string, cookie: string, lastEventId?: string, at = origin) {
  const stream = await openSse(trpcGetUrl(at, 'show.watch', { showId }), { cookie, lastEventId });
  opened.push(stream);
  return stream;
}
async function play(cookie: string, lastEventId?: string, at = origin) {
  const stream = await openSse(trpcGetUrl(at, 'show.play', {}), { cookie, lastEventId });
  opened.push(stream);
  return stream;
}

const dataOf = <T>(event: { data: string }) => JSON.parse(event.data) as T;

describe('the streams', () => {
  it('carry each screen its snapshot at every change, the right answer only at the reveal', async () => {
    const { host, showId, code } = await openShow();
    const tv = await watch(showId, host);
    expect(tv.status).toBe(200);
    expect(tv.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const first = await tv.next();
    expect(dataOf<HostView>(first)).toMatchObject({ kind: 'host', status: 'lobby', code, players: [] });
    expect(first.id).toMatch(/^1\.\d+$/);

    const phone = await join(code, 'Ông');
    // The token is in an httpOnly cookie only: never in the body a script reads.
    expect(phone.raw).toMatch(/HttpOnly/i);
    expect(phone.raw).toMatch(/SameSite=Lax/i);
    expect(phone.cookie).toMatch(/^ql_show=[\w-]{43}$/);
    expect(JSON.stringify(phone)).not.toContain('token');
    await tv.until((data) => (data as HostView).players.length === 1);

    const mine = await play(phone.cookie);
    const lobby = dataOf<PlayerView>(await mine.next());
    expect(lobby).toMatchObject({ kind: 'player', playerId: phone.playerId, status: 'lobby', question: null });
    await tv.until((data) => (data as HostView).players[0]?.connected === true);

    expect((await call('show.start', { showId }, host)).status).toBe(200);
    const asked = await mine.until((data) => (data as PlayerView).status === 'question');
    const question = dataOf<PlayerView>(asked).question;
    expect(question?.answers).toHaveLength(4);
    expect(question?.question).toMatch(/^Question \d+/);
    const correct = showAnswerAt(db, showId, 0);
    expect(asked.data).not.toContain('correctIndex');
    const onTv = await tv.until((data) => (data as HostView).status === 'question');
    expect(onTv.data).not.toContain('correctIndex');
    expect(dataOf<HostView>(onTv).reveal).toBeNull();

    expect((await call('show.answer', { position: 0, answerIndex: correct }, phone.cookie)).status).toBe(200);
    const revealed = dataOf<PlayerView>(await mine.until((data) => (data as PlayerView).status === 'reveal'));
    expect(revealed).toMatchObject({ myAnswer: correct, reveal: { correctIndex: correct, right: true }, place: 1 });
    const tvReveal = dataOf<HostView>(await tv.until((data) => (data as HostView).status === 'reveal'));
    expect(tvReveal.reveal?.counts[correct]).toBe(1);
    expect(tvReveal.players[0]).toMatchObject({ right: true, score: { correctCount: 1, amount: 100 } });
  });

  it('a phone that reconnects is the same player, its answer kept; with its last event id it is sent nothing new', async () => {
    const { host, showId, code } = await openShow();
    const phone = await join(code, 'Cháu');
    await join(code, 'Chị');
    await call('show.start', { showId }, host);
    let stream = await play(phone.cookie);
    const asked = await stream.until((data) => (data as PlayerView).status === 'question');
    await call('show.answer', { position: 0, answerIndex: 2 }, phone.cookie);
    const locked = await stream.until((data) => (data as PlayerView).myAnswer === 2);
    stream.close();

    // Back (a reload, a locked screen): its last event id, nothing new meanwhile, so nothing is sent.
    stream = await play(phone.cookie, locked.id ?? undefined);
    await expect(stream.next({ timeoutMs: 300 })).rejects.toThrow(/no event/);
    stream.close();
    // An older id: the snapshot at once, with the answer locked.
    stream = await play(phone.cookie, asked.id ?? undefined);
    expect(dataOf<PlayerView>(await stream.next())).toMatchObject({
      playerId: phone.playerId,
      status: 'question',
      myAnswer: 2,
    });
    // A tap sent again after the reconnect changes nothing.
    const again = await call('show.answer', { position: 0, answerIndex: 1 }, phone.cookie);
    expect(again.body.result?.data).toEqual({ position: 0, answerIndex: 2 });
  });

  it('the TV sees who is connected; a removed phone is told so and its stream ends', async () => {
    const { host, showId, code } = await openShow();
    const tv = await watch(showId, host);
    const phone = await join(code, 'Cô');
    const stream = await play(phone.cookie);
    await stream.next();
    await tv.until((data) => (data as HostView).players[0]?.connected === true);
    stream.close();
    await tv.until((data) => (data as HostView).players[0]?.connected === false);

    const back = await play(phone.cookie);
    await back.next();
    await call('show.removePlayer', { showId, playerId: phone.playerId }, host);
    const gone = await back.until((data) => (data as PlayerEvent).kind === 'gone');
    expect(dataOf<PlayerEvent>(gone)).toEqual({ kind: 'gone', reason: 'removed' });
    const rest = await back.next({ all: true });
    expect(rest.event).toBe('return');
  });

  it('a newer stream of the same screen ends the older one', async () => {
    const { host, showId } = await openShow();
    const older = await watch(showId, host);
    await older.next();
    const newer = await watch(showId, host);
    await newer.next();
    expect((await older.next({ all: true })).event).toBe('return');
  });
});

describe('who may watch', () => {
  const errorOf = async (stream: SseStream) => {
    const event = await stream.next();
    expect(event.event).toBe('serialized-error');
    return dataOf<{ data: { code: string; messageKey: string } }>(event).data;
  };

  it('the host’s stream: NOT_FOUND to another account, UNAUTHORIZED to a stranger and to a phone', async () => {
    const { showId, code } = await openShow();
    const phone = await join(code, 'Guest');
    expect(await errorOf(await watch(showId, await signIn('nosy@example.com')))).toMatchObject({
      code: 'NOT_FOUND',
      messageKey: 'errors:show.notFound',
    });
    expect((await errorOf(await watch(showId, ''))).code).toBe('UNAUTHORIZED');
    expect((await errorOf(await watch(showId, phone.cookie))).code).toBe('UNAUTHORIZED');
    expect((await errorOf(await watch(crypto.randomUUID(), (await openShow()).host))).code).toBe('NOT_FOUND');
  });

  it('a phone’s stream: NOT_FOUND without a join token, or with one that names nobody', async () => {
    const { host } = await openShow();
    for (const cookie of ['', host, 'ql_show=not-a-token']) {
      expect(await errorOf(await play(cookie))).toMatchObject({
        code: 'NOT_FOUND',
        messageKey: 'errors:show.notJoined',
      });
    }
  });
});

describe('tRPC’s own client', () => {
  it('receives the snapshots through httpSubscriptionLink, tracked by the show’s version', async () => {
    const { host, showId, code } = await openShow();
    const withCookie = (url: string | URL | Request, init?: RequestInit) =>
      fetch(url, { ...init, headers: { ...Object.fromEntries(new Headers(init?.headers)), cookie: host } });
    const client = createTRPCClient<AppRouter>({
      links: [
        splitLink({
          condition: (op) => op.type === 'subscription',
          true: httpSubscriptionLink({
            url: `${origin}/trpc`,
            EventSource,
            eventSourceOptions: () => ({ fetch: withCookie }),
          }),
          false: httpLink({ url: `${origin}/trpc`, headers: { cookie: host, origin } }),
        }),
      ],
    });
    const seen: { id: string; players: number }[] = [];
    const done = new Promise<void>((resolve, reject) => {
      const subscription = client.show.watch.subscribe(
        { showId },
        {
          onData(event) {
            if (event.data.kind !== 'host') return;
            seen.push({ id: event.id, players: event.data.players.length });
            if (event.data.players.length === 1) {
              subscription.unsubscribe();
              resolve();
            }
          },
          onError: reject,
        },
      );
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    await join(code, 'Linked');
    await done;
    expect(seen[0]?.players).toBe(0);
    expect(seen.at(-1)?.id).toMatch(/^2\.\d+$/);
  });
});

describe('limits and restarts', () => {
  it('guessing codes is cut off: after a few wrong codes an address is refused, even with a right one', async () => {
    const limited = await createTestApp(db, {
      rateLimits: {
        gameStarts: 100,
        answers: 100,
        reports: 100,
        profileWrites: 100,
        generations: 100,
        pinTries: 100,
        speech: 100,
        showJoins: 100,
        showJoinsPerCode: 100,
        showJoinMisses: 3,
        showAnswers: 100,
        windowSeconds: 60,
      },
    });
    const at = await listening(limited);
    const { code, showId } = await openShow(at);
    const wrong = code === '999999' ? '999998' : '999999';
    for (let i = 0; i < 3; i++) {
      const miss = await fetch(trpcGetUrl(at, 'show.lookup', { code: wrong }));
      expect(miss.status).toBe(404);
    }
    const refused = await call('show.join', { code, as: { guest: { name: 'Lucky', ageGroup: 'Adults' } } }, '', at);
    expect(refused.status).toBe(429);
    expect(refused.body.error?.data.messageKey).toBe('errors:rateLimited');
    expect(db.select().from(shows).where(eq(shows.id, showId)).get()?.version).toBe(1);
  });

  it('a show goes on after a restart: the new server sets its timer from the database and reveals', async () => {
    const first = await createTestApp(db);
    const at = await listening(first);
    const { host, showId, code } = await openShow(at);
    const phone = await join(code, 'Restart', at);
    await call('show.start', { showId }, host, at);
    const stream = await play(phone.cookie, undefined, at);
    await stream.until((data) => (data as PlayerView).status === 'question');
    await first.close();
    // The stream was cut, not ended: a browser's EventSource reconnects (no `return` event).
    await expect(stream.next({ all: true, timeoutMs: 2000 })).rejects.toThrow(/ended/);

    db.update(shows)
      .set({ deadline: Date.now() + 300 })
      .where(eq(shows.id, showId))
      .run();
    const second = await createTestApp(db);
    const again = await listening(second);
    const back = await play(phone.cookie, undefined, again);
    expect(dataOf<PlayerView>(await back.next())).toMatchObject({ status: 'question', playerId: phone.playerId });
    const revealed = await back.until((data) => (data as PlayerView).status === 'reveal', 5000);
    expect(dataOf<PlayerView>(revealed)).toMatchObject({ myAnswer: null, reveal: { right: false } });
  });
});

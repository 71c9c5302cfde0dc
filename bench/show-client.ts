/**
 * The family show's load (bench/show.ts): a process of TVs and phones for a slice of the shows,
 * forked by the bench. It sets its shows up over HTTP as the pages would (sign-in, show.create,
 * show.join, show.start), opens their event streams (show.watch for each TV, show.play for each
 * phone: a small SSE reader over node:http, sse-reader.ts), then plays: the shows start over a
 * round's length, each phone answers a few seconds after it sees a question, and each TV presses
 * Next a moment after its reveal; then one question with everything at once. It measures, in its own clock,
 * from a TV's Next (or start) to the last of its phones receiving the new question; from a show's
 * last answer to the last phone receiving the reveal; and each answer's round trip.
 */

import { Agent, request } from 'node:http';
import type { HostView, PlayerView } from '#shared/show-views.ts';
import { readSse } from './sse-reader';

export type ShowJob = {
  origin: string;
  shows: number;
  phonesPerShow: number;
  /** Questions a show plays while Next is spread out; one more is played in a burst (every Next at once). */
  rounds: number;
  /** Each TV presses Next this long after its reveal, at most (uniformly at random). */
  nextSpreadMs: number;
  /** In the spread rounds each phone answers this long after its question arrives, at most (uniformly at random). */
  answerSpreadMs: number;
  /** Each show starts (question 0) this long after the phase begins, at most (uniformly at random). */
  startSpreadMs: number;
  runId: string;
};
export type ShowClientCommand =
  | { type: 'setup'; job: ShowJob }
  | { type: 'hosts' | 'phones' | 'play' | 'burst' | 'close' };
export type ShowSamples = {
  /** TV's Next (or start) → the last of its phones has the question, ms. */
  nextToLastPhone: number[];
  /** The show's last answer sent → the last of its phones has the reveal, ms. */
  answerToReveal: number[];
  answerRoundTrip: number[];
  answers: number;
  /** From the first answer sent to the last answered, ms. */
  answeringMs: number;
  failures: number;
};
export type ShowClientReply = { type: 'done'; samples?: ShowSamples };

type Phone = { cookie: string; seen: Set<string> };
type Show = {
  showId: string;
  host: string;
  phones: Phone[];
  /** position → when its Next (or the start) was sent. */
  askedAt: Map<number, number>;
  arrived: Map<number, { count: number; last: number }>;
  lastAnswerAt: Map<number, number>;
  revealed: Map<number, { count: number; last: number }>;
  hostSawReveal: Set<number>;
  finished?: boolean;
};

/** The longest a phase may take: 15 questions of 30 s countdowns. */
const PHASE_LIMIT_MS = Number(process.env.BENCH_SHOW_PHASE_LIMIT_MS) || 15 * 30_000;

let job: ShowJob;
const shows: Show[] = [];
const streams: AbortController[] = [];
let mode: 'idle' | 'play' | 'burst' = 'idle';
let samples: ShowSamples = emptySamples();
let settle: (() => void) | null = null;
let pending = 0;
let firstAnswerAt = Number.POSITIVE_INFINITY;
let lastAnsweredAt = 0;

function emptySamples(): ShowSamples {
  return { nextToLastPhone: [], answerToReveal: [], answerRoundTrip: [], answers: 0, answeringMs: 0, failures: 0 };
}

/** Calls keep their connections, as a phone's browser does: a few sockets a process, reused. */
const callAgent = new Agent({ keepAlive: true, maxSockets: 256 });

/** A tRPC mutation over node:http (lighter than fetch for thousands of calls a second in one process). */
function post(path: string, input: unknown, cookie: string): Promise<{ data: unknown; cookies: string[] }> {
  const body = JSON.stringify(input);
  return new Promise((resolve, reject) => {
    const req = request(`${job.origin}/trpc/${path}`, {
      method: 'POST',
      agent: callAgent,
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        origin: job.origin,
        cookie,
      },
    });
    req.on('error', reject);
    req.on('response', (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        text += chunk;
      });
      response.on('error', reject);
      response.on('end', () => {
        if (response.statusCode !== 200)
          return reject(new Error(`${path}: ${response.statusCode} ${text.slice(0, 200)}`));
        try {
          resolve({
            data: (JSON.parse(text) as { result: { data: unknown } }).result.data,
            cookies: response.headers['set-cookie'] ?? [],
          });
        } catch (error) {
          reject(error);
        }
      });
    });
    req.end(body);
  });
}

/** Opens an event stream and calls `onEvent` with each event's data (pings and tRPC's own events skipped). */
async function openStream(path: string, input: unknown, cookie: string, onEvent: (data: unknown, at: number) => void) {
  const controller = new AbortController();
  streams.push(controller);
  const url = `${job.origin}/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`;
  await readSse(url, cookie, controller.signal, {
    onEvent(event, data, at) {
      // A stream that ends on its own (an error, or done) has failed this bench.
      if (event === 'serialized-error' || event === 'return') failed(`${path} stream`, new Error(`${event} ${data}`));
      else if (event === null && data) onEvent(JSON.parse(data), at);
    },
    onEnd: (reason) => failed(`${path} stream`, new Error(reason)),
  });
}

/** Answers sent and not yet answered: a phase ends once its last reveal is seen and these are in. */
let inFlight = 0;

function maybeSettled() {
  if (pending === 0 && inFlight === 0 && settle) {
    const done = settle;
    settle = null;
    done();
  }
}

async function answer(show: Show, phone: Phone, position: number) {
  const sent = performance.now();
  firstAnswerAt = Math.min(firstAnswerAt, sent);
  show.lastAnswerAt.set(position, Math.max(show.lastAnswerAt.get(position) ?? 0, sent));
  inFlight++;
  try {
    await post('show.answer', { position, answerIndex: Math.floor(Math.random() * 4) }, phone.cookie);
    const done = performance.now();
    samples.answerRoundTrip.push(done - sent);
    samples.answers++;
    lastAnsweredAt = Math.max(lastAnsweredAt, done);
  } catch (error) {
    failed('show.answer', error);
  } finally {
    inFlight--;
    maybeSettled();
  }
}

function onPhoneEvent(show: Show, phone: Phone, view: PlayerView, at: number) {
  if (view.kind !== 'player') return;
  const key = `${view.status}/${view.position}`;
  if (phone.seen.has(key)) return;
  phone.seen.add(key);
  const p = view.position;
  if (view.status === 'question') {
    const arrived = show.arrived.get(p) ?? { count: 0, last: 0 };
    arrived.count++;
    arrived.last = Math.max(arrived.last, at);
    show.arrived.set(p, arrived);
    const asked = show.askedAt.get(p);
    if (arrived.count === show.phones.length && asked !== undefined) samples.nextToLastPhone.push(arrived.last - asked);
    // As people do in the spread rounds (a moment to read, then a tap); at once in the burst.
    if (mode === 'play') setTimeout(() => void answer(show, phone, p), Math.random() * job.answerSpreadMs);
    else if (mode === 'burst') void answer(show, phone, p);
  } else if (view.status === 'reveal') {
    const revealed = show.revealed.get(p) ?? { count: 0, last: 0 };
    revealed.count++;
    revealed.last = Math.max(revealed.last, at);
    show.revealed.set(p, revealed);
    const last = show.lastAnswerAt.get(p);
    if (revealed.count === show.phones.length && last !== undefined) samples.answerToReveal.push(revealed.last - last);
  }
}

/** A failure, counted, and the first few said (a stuck show would otherwise stall the phase silently). */
function failed(what: string, error: unknown) {
  samples.failures++;
  if (samples.failures <= 3) console.error(`show client: ${what} failed: ${(error as Error).message}`);
}

/** The TV's Next (or start: position -1), sent again if it fails: both are idempotent. */
function pressNext(show: Show, position: number, tries = 3) {
  show.askedAt.set(position + 1, performance.now());
  const call =
    position < 0
      ? post('show.start', { showId: show.showId }, show.host)
      : post('show.next', { showId: show.showId, position }, show.host);
  call.catch((error: unknown) => {
    failed(position < 0 ? 'show.start' : 'show.next', error);
    if (tries > 1) pressNext(show, position, tries - 1);
  });
}

function onHostEvent(show: Show, view: HostView) {
  if (view.kind !== 'host' || view.status !== 'reveal' || show.hostSawReveal.has(view.position)) return;
  show.hostSawReveal.add(view.position);
  const p = view.position;
  // The spread rounds: Next a moment after the reveal, until the burst's question is next.
  if (mode === 'play' && p + 1 < job.rounds) {
    setTimeout(() => pressNext(show, p), Math.random() * job.nextSpreadMs);
  } else {
    show.finished = true;
    pending--;
    maybeSettled();
  }
}

/** One show set up as its pages would: the host signs in and opens it, its phones join as guests. */
async function setUpShow(i: number): Promise<Show> {
  const email = `show-bench-${job.runId}-${i}@example.com`;
  const signIn = await fetch(`${job.origin}/auth/local`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: job.origin },
    body: JSON.stringify({ name: `Host ${i}`, email }),
  });
  const host = signIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0] as string)
    .find((c) => c.startsWith('ql_session=')) as string;
  const created = (
    await post('show.create', { categoryId: 'random', questionCount: 15, lang: 'en', ageGroup: 'Adults' }, host)
  ).data as { showId: string; code: string };
  const phones: Phone[] = [];
  for (let p = 0; p < job.phonesPerShow; p++) {
    const joined = await post(
      'show.join',
      { code: created.code, as: { guest: { name: `Phone ${p}`, ageGroup: 'Adults' } } },
      '',
    );
    const cookie = joined.cookies.map((c) => c.split(';')[0] as string).find((c) => c.startsWith('ql_show='));
    if (!cookie) throw new Error('no join cookie');
    phones.push({ cookie, seen: new Set() });
  }
  return {
    showId: created.showId,
    host,
    phones,
    askedAt: new Map(),
    arrived: new Map(),
    lastAnswerAt: new Map(),
    revealed: new Map(),
    hostSawReveal: new Set(),
  };
}

/** Set up a few shows at a time, as families arriving. */
const SETUP_CONCURRENCY = 10;

async function setup() {
  let next = 0;
  await Promise.all(
    Array.from({ length: SETUP_CONCURRENCY }, async () => {
      while (next < job.shows) shows.push(await setUpShow(next++));
    }),
  );
}

/** Opens streams, each waiting for its first snapshot. */
async function openAll(kind: 'hosts' | 'phones') {
  await Promise.all(
    shows.flatMap((show) =>
      kind === 'hosts'
        ? [
            new Promise<void>((resolve) => {
              let first = true;
              void openStream('show.watch', { showId: show.showId }, show.host, (data) => {
                if (first) resolve();
                first = false;
                onHostEvent(show, data as HostView);
              });
            }),
          ]
        : show.phones.map(
            (phone) =>
              new Promise<void>((resolve) => {
                let first = true;
                void openStream('show.play', {}, phone.cookie, (data, at) => {
                  if (first) resolve();
                  first = false;
                  onPhoneEvent(show, phone, data as PlayerView, at);
                });
              }),
          ),
    ),
  );
}

/** Plays every show until `done` says so of each (pending), then hands over the samples. */
async function playUntilSettled(begin: (show: Show) => void): Promise<ShowSamples> {
  samples = emptySamples();
  firstAnswerAt = Number.POSITIVE_INFINITY;
  lastAnsweredAt = 0;
  pending = shows.length;
  for (const show of shows) show.finished = false;
  const settled = new Promise<void>((resolve) => {
    settle = resolve;
  });
  for (const show of shows) begin(show);
  // A phase that cannot finish (a show stuck) ends after a while, its unfinished shows counted as failures.
  const stuck = setTimeout(() => {
    console.error(`show client: ${pending} shows and ${inFlight} answers unfinished after ${PHASE_LIMIT_MS / 1000} s`);
    for (const show of shows.filter((s) => !s.finished).slice(0, 3)) {
      console.error(
        `  ${show.showId}: TV saw reveals ${[...show.hostSawReveal].join(',')}; phones saw ${show.phones.map((p) => [...p.seen].at(-1)).join(' ')}`,
      );
    }
    samples.failures += pending;
    pending = 0;
    inFlight = 0;
    maybeSettled();
  }, PHASE_LIMIT_MS);
  await settled;
  clearTimeout(stuck);
  samples.answeringMs = lastAnsweredAt - firstAnswerAt;
  return samples;
}

process.on('disconnect', () => process.exit(0));
process.on('message', async (command: ShowClientCommand) => {
  const reply = (message: ShowClientReply) => process.send?.(message);
  if (command.type === 'setup') {
    job = command.job;
    await setup();
    reply({ type: 'done' });
  } else if (command.type === 'hosts' || command.type === 'phones') {
    await openAll(command.type);
    reply({ type: 'done' });
  } else if (command.type === 'play') {
    mode = 'play';
    // Question 0 of each show: the shows start over a round's length.
    const played = await playUntilSettled((show) =>
      setTimeout(() => pressNext(show, -1), Math.random() * job.startSpreadMs),
    );
    reply({ type: 'done', samples: played });
  } else if (command.type === 'burst') {
    mode = 'burst';
    const burst = await playUntilSettled((show) => pressNext(show, job.rounds - 1));
    reply({ type: 'done', samples: burst });
  } else if (command.type === 'close') {
    for (const stream of streams) stream.abort();
    await Promise.all(shows.map((show) => post('show.close', { showId: show.showId }, show.host).catch(() => null)));
    reply({ type: 'done' });
  }
});

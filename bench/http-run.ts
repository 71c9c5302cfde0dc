/**
 * A runtime's bench server under load over HTTP (its bench-app.ts, the real app with its rate
 * limits out of the way): the bare route, game starts (closed loop and at RATE a second), the REST
 * shim, picks; on the first runtime also Manage Questions as an admin clicks and the export of every
 * question; on the show's runtimes the family show. The server's RSS is sampled throughout.
 */
import { BENCH_ADMIN_EMAIL } from './accounts';
import type { ListCase } from './admin-list';
import type { ChildMessage } from './bench-app';
import { databasePath } from './bench-db';
import { type ExportResult, measureExport } from './export';
import { type LoadResult, type PostRequest, runLoad } from './load';
import { pickRequests, startPickGames } from './picks';
import { type Runtime, send, startBenchServer, stopBenchServer, withRss } from './runtimes';
import {
  ACCOUNTS,
  CONNECTIONS,
  EXPORT_RATE,
  log,
  n,
  PROFILE_AGES,
  PROFILES_PER_ACCOUNT,
  RATE,
  RUN_ID,
  SECONDS,
  section,
  WARMUP_SECONDS,
} from './settings';
import type { ShowResult } from './show';
import { measureShow, SHOW_RUNTIMES } from './show-run';
import { rssOf } from './startup';
import { mb, ms } from './stats';

type Session = { cookie: string; profileIds: string[] };

async function post(origin: string, path: string, body: unknown, cookie?: string) {
  const response = await fetch(`${origin}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`POST ${path}: ${response.status} ${text.slice(0, 300)}`);
  return { response, text };
}

async function signUpFamilies(origin: string, runtimeName: string): Promise<Session[]> {
  const sessions: Session[] = [];
  for (let a = 0; a < ACCOUNTS; a++) {
    const { response } = await post(origin, '/auth/local', {
      name: `Bench parent ${a}`,
      email: `bench-parent-${RUN_ID}-${runtimeName}-${a}@example.com`,
    });
    const cookie = response.headers
      .getSetCookie()
      .map((c) => c.split(';')[0] as string)
      .find((c) => c.startsWith('ql_session='));
    if (!cookie) throw new Error('sign-in gave no session cookie');
    const profileIds: string[] = [];
    for (let p = 0; p < PROFILES_PER_ACCOUNT; p++) {
      const age = PROFILE_AGES[(a * PROFILES_PER_ACCOUNT + p) % PROFILE_AGES.length] as number;
      const { text } = await post(origin, '/trpc/profiles.create', { name: `Kid ${a}.${p}`, age }, cookie);
      profileIds.push((JSON.parse(text) as { result: { data: { id: string } } }).result.data.id);
    }
    sessions.push({ cookie, profileIds });
  }
  return sessions;
}

export type HttpResults = {
  bareBytes: number;
  startBytes: number;
  restBytes: number;
  bare: LoadResult;
  trpc: LoadResult;
  trpcAtRate: LoadResult;
  rest: LoadResult;
  picks: LoadResult;
  picksAtRate: LoadResult;
  peaks: Record<string, number>;
  highWaterMark: number;
  adminApi: { label: string; result: LoadResult }[];
  exported: ExportResult | null;
  show: ShowResult | null;
};

export async function runHttp(runtime: Runtime, categoryIds: number[], adminCases: ListCase[]): Promise<HttpResults> {
  // Games for the picks, started before the server is (a pick per position, each one right).
  const pickGames = startPickGames(databasePath, {
    closedGames: Math.ceil((SECONDS * 4500) / 15),
    openGames: Math.ceil((SECONDS * RATE) / 15) + 50,
    connections: CONNECTIONS,
    runId: `${RUN_ID}-${runtime.name}`,
  });
  const server = await startBenchServer(runtime);
  const pid = server.process.pid as number;
  const origin = `http://127.0.0.1:${server.port}`;
  log(`Server process ${pid} on ${origin} (${runtime.name}: the real app, bundled like dist/server.js, logger off).`);

  const sessions = await signUpFamilies(origin, runtime.name);
  const headers = (cookie: string) => ({ 'content-type': 'application/json', cookie, origin });
  const choices: ('random' | number)[] = ['random', ...categoryIds];

  // game.start, non-batched tRPC POST, spread over every profile and half random, half a category.
  const startRequests: PostRequest[] = sessions.flatMap((s, a) =>
    s.profileIds.flatMap((profileId, p) =>
      ['random', categoryIds[(a * PROFILES_PER_ACCOUNT + p) % categoryIds.length] as number].map((categoryId) => ({
        path: '/trpc/game.start',
        headers: headers(s.cookie),
        body: JSON.stringify({ profileId, categoryId, lang: 'en' }),
      })),
    ),
  );
  const restRequests: PostRequest[] = sessions.flatMap((s) =>
    choices.map((categoryId) => ({
      path: '/api/start-game',
      headers: headers(s.cookie),
      body: JSON.stringify({ categoryId, lang: 'en' }),
    })),
  );
  const bareRequests: PostRequest[] = startRequests.map((r) => ({ ...r, path: '/bench/bare' }));

  // The bare route answers a real game.start response: same size, same JSON.
  const first = startRequests[0] as PostRequest;
  const sample = await post(origin, first.path, JSON.parse(first.body), first.headers.cookie);
  const startBytes = Buffer.byteLength(sample.text);
  const parsed = JSON.parse(sample.text) as { result: { data: { questions: unknown[] } | null } };
  if (parsed.result.data?.questions.length !== 15) throw new Error('game.start did not give 15 questions');
  const restSample = await post(origin, '/api/start-game', { categoryId: 'random', lang: 'en' }, first.headers.cookie);
  const restBytes = Buffer.byteLength(restSample.text);
  const bareBytes = await new Promise<number>((resolveBytes) => {
    const onMessage = (message: ChildMessage) => {
      if (message.type !== 'bare-set') return;
      server.process.off('message', onMessage);
      resolveBytes(message.bytes);
    };
    server.process.on('message', onMessage);
    send(server.process, { type: 'bare', body: sample.text });
  });
  log(
    `${ACCOUNTS} accounts x ${PROFILES_PER_ACCOUNT} profiles (ages ${PROFILE_AGES.join(', ')}); game.start response ${n(startBytes)} bytes, ` +
      `bare response ${n(bareBytes)} bytes, REST response ${n(restBytes)} bytes.`,
  );
  log(
    'Load: autocannon (closed loop) and a paced open-loop client on raw sockets, each run in a fresh process, on the same cores as the server.',
  );

  const peaks: Record<string, number> = {};
  const measure = async (label: string, requests: PostRequest[], mode: { rate?: number }): Promise<LoadResult> => {
    const { result, peakRss } = await withRss(pid, () =>
      runLoad({
        origin,
        requests,
        connections: CONNECTIONS,
        seconds: SECONDS,
        warmupSeconds: WARMUP_SECONDS,
        ...(mode.rate ? { open: { rate: mode.rate, graceSeconds: 2 } } : {}),
      }),
    );
    peaks[label] = peakRss;
    log(
      `${label.padEnd(44)} ${n(result.rps).padStart(6)} req/s  p50 ${ms(result.p50, 1).padStart(9)}  p99 ${ms(result.p99, 1).padStart(9)}  ` +
        `max ${ms(result.max, 1).padStart(9)}  ok ${n(result.ok)}${result.failed > result.unfinished ? `  FAILED ${n(result.failed - result.unfinished)}` : ''}${result.unfinished ? `  UNANSWERED ${n(result.unfinished)} at the cut-off` : ''}  server RSS peak ${mb(peakRss)}`,
    );
    return result;
  };

  section(`HTTP: ${CONNECTIONS} connections, ${SECONDS} s each after ${WARMUP_SECONDS} s of warm-up`);
  log(
    `(Closed loop: each connection waits for its answer, so mean latency ≈ ${CONNECTIONS} / throughput (Little's law) and its\n` +
      ` p99 follows from the throughput; the open-loop run gives the latency at ${n(RATE)} starts a second.)`,
  );
  const bare = await measure('bare Fastify route (closed loop)', bareRequests, {});
  const trpc = await measure('tRPC game.start (closed loop)', startRequests, {});
  const trpcAtRate = await measure(`tRPC game.start (open loop, ${n(RATE)}/s offered)`, startRequests, { rate: RATE });
  const rest = await measure('REST /api/start-game (closed loop)', restRequests, {});
  const picks = pickRequests(origin, pickGames);
  const measurePicks = async (
    label: string,
    picked: { sequences: PostRequest[][] } | { rate: number; requests: PostRequest[] },
  ) => {
    const { result, peakRss } = await withRss(pid, () =>
      runLoad({
        origin,
        connections: CONNECTIONS,
        seconds: SECONDS,
        warmupSeconds: 0,
        ...('sequences' in picked
          ? { requests: [], sequences: picked.sequences }
          : { requests: picked.requests, open: { rate: picked.rate, graceSeconds: 2 } }),
      }),
    );
    peaks[label] = peakRss;
    log(
      `${label.padEnd(44)} ${n(result.rps).padStart(6)} req/s  p50 ${ms(result.p50, 1).padStart(9)}  p99 ${ms(result.p99, 1).padStart(9)}  ` +
        `max ${ms(result.max, 1).padStart(9)}  ok ${n(result.ok)}${result.failed ? `  FAILED ${n(result.failed)}` : ''}  server RSS peak ${mb(peakRss)}`,
    );
    return result;
  };
  const picksClosed = await measurePicks('tRPC game.answer (closed loop)', { sequences: picks.closed });
  const picksAtRate = await measurePicks(`tRPC game.answer (open loop, ${n(RATE)}/s offered)`, {
    rate: RATE,
    requests: picks.open,
  });

  const adminApi = adminCases.length > 0 ? await measureAdminList(origin, adminCases) : [];
  const exported = adminCases.length > 0 ? await runExport(origin, pid, startRequests) : null;
  // A show that fails (its clients refused by a server too busy to connect them) is reported, and
  // the rest of the run goes on.
  const show = SHOW_RUNTIMES.includes(runtime.name)
    ? await measureShow(runtime, origin, pid).catch((error: unknown) => {
        log(`the family show failed: ${error instanceof Error ? error.message : String(error)}`);
        return null;
      })
    : null;

  const highWaterMark = rssOf(pid)?.peak ?? Number.NaN;
  await stopBenchServer(server);
  return {
    bareBytes,
    startBytes,
    restBytes,
    bare,
    trpc,
    trpcAtRate,
    rest,
    picks: picksClosed,
    picksAtRate,
    peaks,
    highWaterMark,
    adminApi,
    exported,
    show,
  };
}

/** The bench admin's session cookie (a new sign-in). */
export async function adminCookie(origin: string): Promise<string> {
  const { response } = await post(origin, '/auth/local', { name: 'Bench admin', email: BENCH_ADMIN_EMAIL });
  return response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0] as string)
    .find((c) => c.startsWith('ql_session=')) as string;
}

/** The export of every question while families start games at EXPORT_RATE a second (bench/export.ts). */
async function runExport(origin: string, pid: number, others: PostRequest[]): Promise<ExportResult> {
  section(`Manage Questions' export of every question (CSV) while families start ${n(EXPORT_RATE)} games a second`);
  const result = await measureExport({
    origin,
    pid,
    adminCookie: await adminCookie(origin),
    others,
    rate: EXPORT_RATE,
    seconds: SECONDS,
  });
  log(
    `export: ${mb(result.bytes)} in ${result.seconds.toFixed(1)} s; server RSS ${mb(result.rssBefore)} before, ` +
      `peak ${mb(result.rssPeak)} during (+${mb(result.rssPeak - result.rssBefore)})`,
  );
  log(
    `game.start beside it: p50 ${ms(result.others.p50, 1)}  p99 ${ms(result.others.p99, 1)}  max ${ms(result.others.max, 1)}  ` +
      `ok ${n(result.others.ok)}${result.others.failed ? `  FAILED ${n(result.others.failed)}` : ''}` +
      (result.outlastedLoad ? ' (the export outlasted the load)' : ' (the export ended before the load did)'),
  );
  return result;
}

/** Each Manage Questions case over HTTP as an admin clicks: one connection, one request after another. */
async function measureAdminList(origin: string, cases: ListCase[]): Promise<{ label: string; result: LoadResult }[]> {
  const cookie = await adminCookie(origin);
  section('Manage Questions over HTTP (an admin: one connection, 3 s a case)');
  const results = [];
  for (const c of cases) {
    const path = `/trpc/admin.questions.list?input=${encodeURIComponent(JSON.stringify(c.input))}`;
    const check = await fetch(`${origin}${path}`, { headers: { cookie } });
    if (check.status !== 200)
      throw new Error(`admin list ${c.label}: ${check.status} ${(await check.text()).slice(0, 200)}`);
    const result = await runLoad({
      origin,
      requests: [{ path, method: 'GET', body: '', headers: { cookie, origin } }],
      connections: 1,
      seconds: 3,
      warmupSeconds: 0,
    });
    log(
      `${c.label.padEnd(48)} ${n(result.rps).padStart(6)} req/s  p50 ${ms(result.p50, 1).padStart(9)}  p99 ${ms(result.p99, 1).padStart(9)}`,
    );
    results.push({ label: c.label, result });
  }
  return results;
}

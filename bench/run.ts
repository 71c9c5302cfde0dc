/**
 * `npm run bench`: three runtimes of the server side by side in one run (dist/server.js's two
 * threads; the simplest, one thread and one connection; and the three threads they replaced:
 * bench/threaded/), each measured the same way: start-up and idle memory, game starts and picks at
 * 1,000,000 questions beside a bare Fastify route and the REST shim, and one account flooding while
 * families play; and under load, two-threads with tRPC's stock adapter in place of the server's
 * thin one (stock-adapter); plus the first page load's JavaScript and Manage Questions. A measurement, not a
 * test: it exits 0 whatever it finds, and prints MISS beside any figure off its target.
 *
 * Knobs (environment):
 *   BENCH_DB=path        keep the filled database at this path and reuse it on later runs
 *                        (default: a fresh temporary file, removed at the end)
 *   BENCH_QUESTIONS=n    questions to fill (default 1000000)
 *   BENCH_SECONDS=s      length of each HTTP measurement (default 10; 5 s of warm-up before each)
 *   BENCH_CONNECTIONS=n  HTTP connections (default 50)
 *   BENCH_RATE=n         arrival rate of the fixed-rate game.start run (default 1500 a second)
 *   BENCH_ITERATIONS=n   timed calls per in-process case (default 2000, after 200 untimed)
 *   BENCH_CPU_PROF=dir   write a CPU profile of the server process into dir
 *   BENCH_RUNTIMES=a,b   which runtimes to measure: two-threads, one-thread, three-threads,
 *                        stock-adapter (default all)
 *   BENCH_IDLE_SECONDS=s how long a server idles before its memory is read (default 30)
 *   BENCH_ONLY=load      only the load runs (no start-up, in-process, Manage Questions or abuse cases):
 *                        for trying a change quickly; the summary then has only those rows
 *   BENCH_ONLY=show      only the family show (bench/show.ts) on two-threads and stock-adapter, beside a
 *                        bare Fastify route, and two-threads' idle RSS
 *   BENCH_SHOWS=n        family shows at once (default 500), BENCH_SHOW_PHONES=n phones each (default 6),
 *                        BENCH_SHOW_CLIENTS=n client processes playing them (default 2)
 */
import { type ChildProcess, fork } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import { join, resolve } from 'node:path';
import type { Plugin } from 'esbuild';
import { bundleServer } from '../scripts/server-bundle.mjs';
import { closeDatabase, openDatabase } from '../server/db/database';
import { type AbuseResult, runAbuseCase } from './abuse';
import { BENCH_ADMIN_EMAIL } from './accounts';
import { type ListCase, listCases, timeCountCases, timeListCases } from './admin-list';
import type { ChildMessage, ParentMessage } from './bench-app';
import { firstLoadJavaScript } from './bundle';
import { type ExportResult, measureExport } from './export';
import { existingBank, fillQuestions } from './fill';
import { runInProcess } from './inprocess';
import { type LoadResult, type PostRequest, runLoad } from './load';
import { pickRequests, startPickGames } from './picks';
import { runShowCase, type ShowResult, showReport } from './show';
import { measureStartup, medianOf, rssOf, type ServerCommand, type StartupResult } from './startup';
import { mb, ms, table } from './stats';

const ROOT = resolve(import.meta.dirname, '..');
const envNumber = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
};
const QUESTIONS = envNumber('BENCH_QUESTIONS', 1_000_000);
const SECONDS = envNumber('BENCH_SECONDS', 10);
/**
 * Before each measurement. V8 is still optimising the server's code 2 s into a load: a second run of
 * the same closed loop right after the first was 10–15 % faster (bench/README.md, "How it measures").
 */
const WARMUP_SECONDS = 5;
const CONNECTIONS = envNumber('BENCH_CONNECTIONS', 50);
const RATE = envNumber('BENCH_RATE', 1500);
const IDLE_SECONDS = envNumber('BENCH_IDLE_SECONDS', 30);
const STARTUP_RUNS = 5;
const LOAD_ONLY = process.env.BENCH_ONLY === 'load';
const ITERATIONS = envNumber('BENCH_ITERATIONS', 2000);
const ACCOUNTS = 10;
const PROFILES_PER_ACCOUNT = 20; // MAX_PROFILES_PER_ACCOUNT
const PROFILE_AGES = [9, 7, 11, 14, 35];
/** Fresh accounts on every run: a reused database (BENCH_DB) already has full families. */
const RUN_ID = Date.now().toString(36);

const TARGETS = {
  selectionP99Ms: 1,
  idleRssMb: 100,
  startExistingMs: 400,
  startEmptyMs: 1000,
  trpcRps: 2000,
  trpcP99Ms: 25,
  restRps: 2500,
  serverRssMb: 200,
  firstLoadKb: 130,
  familiesUnderAbuseP99Ms: 50,
  listDbMs: 1,
  searchDbMs: 10,
  listApiP99Ms: 15,
  /** The hardened-edges issue: the export of a million questions within +50 MB, others' p99 ≤ 50 ms. */
  exportRssMb: 50,
  duringExportP99Ms: 50,
};
/** Game starts a second beside the export: a busy evening's families, far from the server's limit. */
const EXPORT_RATE = 300;

/**
 * The runtimes compared: each as its users start it (`serve`: start-up, memory, the abuse case)
 * and as the load runs use it (`bench`: the same composition behind bench-app.ts, over IPC).
 */
type Runtime = {
  name: string;
  serve: ServerCommand;
  bench: (cache: string) => string[];
  /** Measured under load only (a variant of another runtime: its start-up and abuse are that one's). */
  loadOnly?: boolean;
};
const ALL_RUNTIMES: Runtime[] = [
  {
    name: 'two-threads',
    serve: { label: 'node dist/server.js', args: [join(ROOT, 'dist', 'server.js')] },
    bench: (cache) => [join(cache, 'two-threads.mjs')],
  },
  {
    name: 'one-thread',
    serve: { label: 'the one-thread server', args: [] },
    bench: (cache) => [join(cache, 'one-thread.mjs')],
  },
  {
    name: 'three-threads',
    serve: { label: 'three-thread runtime', args: [] },
    bench: (cache) => [join(cache, 'threaded.mjs'), 'bench'],
  },
  {
    // two-threads with tRPC's own adapter in place of the thin one (bench/stock-trpc-adapter.ts).
    name: 'stock-adapter',
    serve: { label: 'two-threads with the stock tRPC adapter', args: [] },
    bench: (cache) => [join(cache, 'two-threads-stock-adapter.mjs')],
    loadOnly: true,
  },
];
const wanted = (process.env.BENCH_RUNTIMES ?? '').split(',').filter(Boolean);
const RUNTIMES = ALL_RUNTIMES.filter((r) => wanted.length === 0 || wanted.includes(r.name));
const ABUSE = { families: 40, abuserConnections: 8, paceMs: 2000 };
const SHOW_ONLY = process.env.BENCH_ONLY === 'show';
/** The family show: shows × phones at once; 14 questions with Next spread over a second, then one in a burst. */
const SHOW = {
  shows: envNumber('BENCH_SHOWS', 500),
  phonesPerShow: envNumber('BENCH_SHOW_PHONES', 6),
  clients: envNumber('BENCH_SHOW_CLIENTS', 2),
  rounds: 14,
  nextSpreadMs: 1000,
};
/** Where the show is measured: the server's own adapter carrying SSE, and tRPC's stock one. */
const SHOW_RUNTIMES = ['two-threads', 'stock-adapter'];
const SHOW_TARGET_P99_MS = 100;

const n = (value: number, digits = 0) =>
  value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const verdict = (ok: boolean) => (ok ? 'PASS' : 'MISS');
const log = (line = '') => console.log(line);
const section = (title: string) => log(`\n== ${title} ==`);

// ---------------------------------------------------------------------------------------------
// Database: a fresh temporary file unless BENCH_DB names one to keep.

const keptPath = process.env.BENCH_DB?.trim() ? resolve(process.env.BENCH_DB.trim()) : null;
const tempDir = keptPath ? null : mkdtempSync(join(os.tmpdir(), 'quiz-ladder-bench-'));
const databasePath = keptPath ?? join(tempDir as string, 'bench.db');
let child: ChildProcess | null = null;

function cleanUp() {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  if (tempDir) rmSync(tempDir, { recursive: true, force: true });
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    cleanUp();
    process.exit(130);
  });
}

function machineInfo() {
  const cpus = os.cpus();
  return {
    cpu: cpus[0]?.model.trim() ?? 'unknown',
    cores: cpus.length,
    memory: `${(os.totalmem() / 1024 ** 3).toFixed(1)} GiB`,
    node: process.version,
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    load: os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' '),
  };
}

function prepareDatabase(): { categoryIds: number[]; questions: number; fillSeconds: number | null } {
  if (keptPath) mkdirSync(resolve(keptPath, '..'), { recursive: true });
  const db = openDatabase(databasePath);
  try {
    const existing = existingBank(db);
    if (existing.questions > 0) {
      log(
        `Reusing ${databasePath} (BENCH_DB): ${n(existing.questions)} questions, ${existing.categoryIds.length} categories.`,
      );
      return { ...existing, fillSeconds: null };
    }
    // A large page cache for the fill only: the measurements below reopen the file as the server does.
    db.$client.pragma('cache_size = -1000000');
    const started = performance.now();
    const categoryIds = fillQuestions(db, QUESTIONS);
    const fillSeconds = (performance.now() - started) / 1000;
    log(
      `Filled ${n(QUESTIONS)} questions (8 categories, every index in place) in ${fillSeconds.toFixed(1)} s ` +
        `(${n(QUESTIONS / fillSeconds)} rows/s) into ${keptPath ? databasePath : 'a temporary file'}.`,
    );
    return { categoryIds, questions: QUESTIONS, fillSeconds };
  } finally {
    closeDatabase(db);
    log(`Database file: ${mb(statSync(databasePath).size)}.`);
  }
}

// ---------------------------------------------------------------------------------------------
// The server process, and its memory as the kernel sees it.

/**
 * The servers run bundles built as dist/server.js is (scripts/server-bundle.mjs), not the sources
 * through tsx: tsx's loader alone adds ~130 MB of RSS, which would swamp the memory figures. They
 * sit in node_modules/.cache; they find the migrations and the bank in the Quiz Ladder folder
 * (server/install-dir.ts), and better-sqlite3 in the project's node_modules.
 */
async function buildBenchBundles(): Promise<string> {
  const outDir = join(ROOT, 'node_modules', '.cache', 'quiz-ladder-bench');
  rmSync(outDir, { recursive: true, force: true });
  await bundleServer(
    {
      'two-threads': join(ROOT, 'bench', 'two-threads.ts'),
      'one-thread': join(ROOT, 'bench', 'one-thread.ts'),
      'one-thread-server': join(ROOT, 'bench', 'one-thread-server.ts'),
      threaded: join(ROOT, 'bench', 'threaded', 'main.ts'),
      'app-thread': join(ROOT, 'bench', 'threaded', 'app-thread.ts'),
      'writer-thread': join(ROOT, 'server', 'runtime', 'writer-thread.ts'),
      'checkpoint-thread': join(ROOT, 'server', 'runtime', 'checkpoint-thread.ts'),
    },
    outDir,
    '.mjs',
  );
  const thinAdapter = join(ROOT, 'server', 'trpc', 'fastify-adapter.ts');
  const stockAdapter: Plugin = {
    name: 'stock-trpc-adapter',
    setup(build) {
      build.onResolve({ filter: /\/fastify-adapter$/ }, (args) =>
        join(args.resolveDir, `${args.path}.ts`) === thinAdapter
          ? { path: join(ROOT, 'bench', 'stock-trpc-adapter.ts') }
          : undefined,
      );
    },
  };
  await bundleServer({ 'two-threads-stock-adapter': join(ROOT, 'bench', 'two-threads.ts') }, outDir, '.mjs', [
    stockAdapter,
  ]);
  const serveArgs: Record<string, string[]> = {
    'one-thread': [join(outDir, 'one-thread-server.mjs')],
    'three-threads': [join(outDir, 'threaded.mjs'), 'serve'],
  };
  for (const runtime of ALL_RUNTIMES) runtime.serve.args = serveArgs[runtime.name] ?? runtime.serve.args;
  return outDir;
}

async function startServer(runtime: Runtime, cache: string): Promise<{ port: number; process: ChildProcess }> {
  const [entry, ...args] = runtime.bench(cache);
  const profileDir = process.env.BENCH_CPU_PROF?.trim();
  const execArgv = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${resolve(profileDir)}`] : [];
  const started = fork(entry as string, [...args, databasePath], { cwd: ROOT, execArgv, stdio: 'inherit' });
  child = started;
  return new Promise((resolvePort, reject) => {
    started.once('exit', (code) => reject(new Error(`server process exited (${code}) before listening`)));
    started.on('message', (message: ChildMessage) => {
      if (message.type === 'listening') resolvePort({ port: message.port, process: started });
    });
  });
}

function send(to: ChildProcess, message: ParentMessage) {
  to.send(message);
}

/** Samples the server's RSS every 100 ms while `work` runs; returns its result and the peak seen. */
async function withRss<T>(pid: number, work: () => Promise<T>): Promise<{ result: T; peakRss: number }> {
  let peakRss = rssOf(pid).rss;
  const timer = setInterval(() => {
    const now = rssOf(pid).rss;
    if (!(now <= peakRss)) peakRss = now;
  }, 100);
  try {
    return { result: await work(), peakRss };
  } finally {
    clearInterval(timer);
  }
}

// ---------------------------------------------------------------------------------------------
// HTTP helpers for setting up accounts and profiles.

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

// ---------------------------------------------------------------------------------------------

type HttpResults = {
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

async function runHttp(
  runtime: Runtime,
  cache: string,
  categoryIds: number[],
  adminCases: ListCase[],
): Promise<HttpResults> {
  // Games for the picks, started before the server is (a pick per position, each one right).
  const pickGames = startPickGames(databasePath, {
    closedGames: Math.ceil((SECONDS * 4500) / 15),
    openGames: Math.ceil((SECONDS * RATE) / 15) + 50,
    connections: CONNECTIONS,
    runId: `${RUN_ID}-${runtime.name}`,
  });
  const server = await startServer(runtime, cache);
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
  const show = SHOW_RUNTIMES.includes(runtime.name) ? await measureShow(runtime, origin, pid) : null;

  const highWaterMark = rssOf(pid)?.peak ?? Number.NaN;
  await new Promise<void>((resolveExit) => {
    server.process.once('exit', () => resolveExit());
    send(server.process, { type: 'stop' });
  });
  child = null;
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

// ---------------------------------------------------------------------------------------------
// The family show (bench/show.ts).

async function measureShow(runtime: Runtime, origin: string, pid: number): Promise<ShowResult> {
  section(
    `${runtime.name}: the family show, ${n(SHOW.shows)} shows × ${SHOW.phonesPerShow} phones at once ` +
      `(${n(SHOW.shows * (SHOW.phonesPerShow + 1))} event streams), ${SHOW.clients} client processes`,
  );
  const result = await runShowCase({ origin, pid, runId: `${RUN_ID}-${runtime.name}`, ...SHOW });
  for (const line of showReport(result, SHOW)) log(line);
  return result;
}

/** BENCH_ONLY=show: each show runtime's server, a bare route's rate beside it, and the show. */
async function runShowOnly(runtime: Runtime, cache: string) {
  const server = await startServer(runtime, cache);
  const pid = server.process.pid as number;
  const origin = `http://127.0.0.1:${server.port}`;
  section(`${runtime.name}: bare Fastify route (closed loop, ${CONNECTIONS} connections, ${SECONDS} s)`);
  const bare = await runLoad({
    origin,
    requests: [{ path: '/bench/bare', headers: { 'content-type': 'application/json', origin }, body: '{}' }],
    connections: CONNECTIONS,
    seconds: SECONDS,
    warmupSeconds: WARMUP_SECONDS,
  });
  log(`bare Fastify route: ${n(bare.rps)} req/s, p99 ${ms(bare.p99, 1)}`);
  const show = await measureShow(runtime, origin, pid);
  await new Promise<void>((resolveExit) => {
    server.process.once('exit', () => resolveExit());
    send(server.process, { type: 'stop' });
  });
  child = null;
  return { runtime, bare, show };
}

async function showOnly() {
  const machine = machineInfo();
  log('Quiz Ladder benchmark: the family show');
  log(
    `Machine: ${machine.cpu}, ${machine.cores} cores, ${machine.memory}, Node ${machine.node}, ${machine.os}; load average ${machine.load}`,
  );
  section('Database');
  prepareDatabase();
  const cache = await buildBenchBundles();
  const measured: Awaited<ReturnType<typeof runShowOnly>>[] = [];
  for (const runtime of RUNTIMES.filter((r) => SHOW_RUNTIMES.includes(r.name))) {
    measured.push(await runShowOnly(runtime, cache));
  }
  const twoThreads = ALL_RUNTIMES[0] as Runtime;
  section(`${twoThreads.name}: idle RSS with no show (${twoThreads.serve.label}, ${IDLE_SECONDS} s after start)`);
  const startup = await measureStartup(twoThreads.serve, 1, IDLE_SECONDS);
  log(`RSS ${IDLE_SECONDS} s after start, idle: ${mb(startup.idleRss)}`);

  section('Summary');
  const rows = [['figure', ...measured.map((m) => m.runtime.name), 'target']];
  const row = (figure: string, target: string, cell: (m: (typeof measured)[number]) => string) =>
    rows.push([figure, ...measured.map(cell), target]);
  row('bare Fastify route, closed loop', '', (m) => `${n(m.bare.rps)}/s`);
  row(
    'show: Next → last phone, p99 (spread)',
    `≤ ${SHOW_TARGET_P99_MS} ms`,
    (m) =>
      `${ms(m.show.spread.nextToLastPhone.p99, 1)} ${verdict(m.show.spread.nextToLastPhone.p99 <= SHOW_TARGET_P99_MS)}`,
  );
  row('show: Next → last phone, p99 (all at once)', '', (m) => ms(m.show.burst.nextToLastPhone.p99, 1));
  row('show: last answer → last phone’s reveal, p99', '', (m) => ms(m.show.spread.answerToReveal.p99, 1));
  row('show: answers recorded a second (all at once)', '', (m) => `${n(m.show.burst.answersPerSecond)}/s`);
  row('show: server RSS a connected phone', '', (m) => `${(m.show.perPhoneBytes / 1024).toFixed(1)} KB`);
  row('show: server RSS peak playing', '', (m) => mb(m.show.rss.peak));
  rows.push(['idle RSS with no show', mb(startup.idleRss), ...measured.slice(1).map(() => ''), '≤ 100 MB']);
  log(table(rows));
}

/** The bench admin's session cookie (a new sign-in). */
async function adminCookie(origin: string): Promise<string> {
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

// ---------------------------------------------------------------------------------------------

async function runAbuse(runtime: Runtime): Promise<AbuseResult> {
  section(
    `${runtime.name}: one account at full speed (${runtime.serve.label} with its real per-account limits), ${SECONDS * 2} s`,
  );
  log(
    `${ABUSE.families} families each make one call every ${ABUSE.paceMs / 1000} s (a start, then a pick per question), ` +
      `first alone for ${SECONDS} s, then while one account sends batches of 10 game.start over ${ABUSE.abuserConnections} connections as fast as it is answered.`,
  );
  const scratch = mkdtempSync(join(os.tmpdir(), 'quiz-ladder-abuse-'));
  try {
    const result = await runAbuseCase({
      command: runtime.serve,
      databasePath,
      scratch,
      seconds: SECONDS,
      families: ABUSE.families,
      abuserConnections: ABUSE.abuserConnections,
      paceMs: ABUSE.paceMs,
    });
    const line = (label: string, l: { p50: number; p99: number; max: number; count: number; failed: number }) =>
      log(
        `${label.padEnd(36)} ${n(l.count).padStart(6)} calls  p50 ${ms(l.p50, 1).padStart(9)}  p99 ${ms(l.p99, 1).padStart(9)}  max ${ms(l.max, 1).padStart(9)}${l.failed ? `  FAILED ${l.failed}` : ''}`,
      );
    line('families alone', result.alone);
    line('families while one account abuses', result.underAbuse);
    const abuser = result.abuser;
    log(
      `abusive account: ${n((abuser.ok + abuser.failed) / abuser.seconds)} requests/s of ${abuser.callsPerRequest} calls each ` +
        `(p50 ${ms(abuser.p50, 1)}), ${n(result.gamesStartedByAbuser)} games started in all; ` +
        `WAL peak ${mb(result.peakWalBytes)}, server RSS peak ${mb(result.peakRssBytes)}.`,
    );
    return result;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

async function main() {
  const machine = machineInfo();
  const benchStarted = performance.now();
  log('Quiz Ladder benchmark');
  log(
    `Machine: ${machine.cpu}, ${machine.cores} cores, ${machine.memory}, Node ${machine.node}, ${machine.os}; load average ${machine.load}`,
  );

  section('Client bundle');
  const bundle = firstLoadJavaScript(join(ROOT, 'dist', 'public'));
  if (bundle) {
    for (const file of bundle.files)
      log(`  ${file.path.padEnd(44)} ${n(file.bytes).padStart(9)} B  ${n(file.gzipBytes).padStart(8)} B gzipped`);
    log(
      `first-load JavaScript: ${(bundle.gzipBytes / 1000).toFixed(1)} KB gzipped (target ≤ ${TARGETS.firstLoadKb} KB)`,
    );
  } else {
    log('first-load JavaScript: no build in dist/public (run npm run build)');
  }

  section('Database');
  const bank = prepareDatabase();

  section(`In-process (${n(ITERATIONS)} timed calls each after 200 untimed)`);
  const db = openDatabase(databasePath);
  // As on the writer thread: no checkpoint inside a timed commit (the WAL is checkpointed on closing).
  db.$client.pragma('wal_autocheckpoint = 0');
  let inProcess: ReturnType<typeof runInProcess>;
  let adminCases: ListCase[];
  let adminList: ReturnType<typeof timeListCases>;
  let adminTotals: ReturnType<typeof timeCountCases>;
  try {
    inProcess = runInProcess(db, bank.categoryIds, { iterations: LOAD_ONLY ? 10 : ITERATIONS, warmup: 200 });
    adminCases = LOAD_ONLY ? [] : listCases(db, bank.categoryIds[1] as number);
    adminList = timeListCases(db, adminCases, Math.max(50, Math.round(ITERATIONS / 10)));
    adminTotals = timeCountCases(db, adminCases, Math.max(50, Math.round(ITERATIONS / 10)));
  } finally {
    closeDatabase(db);
  }
  const latencyRows = (
    title: string,
    rows: { label: string; latency: { p50: number; p99: number; max: number } }[],
  ) => [
    [title, 'p50', 'p99', 'max'],
    ...rows.map((r) => [r.label, ms(r.latency.p50), ms(r.latency.p99), ms(r.latency.max)]),
  ];
  log(table(latencyRows('pickQuestionIds (selection alone)', inProcess.selection)));
  log('');
  log(table(latencyRows('startGame service (Kids profiles)', inProcess.startGame)));
  log('');
  log(table(latencyRows('Manage Questions, one page (database time)', adminList)));
  log('');
  log(
    table([
      ['Manage Questions, the total (database time)', 'counted', 'p50', 'p99', 'max'],
      ...adminTotals.map((r) => [r.label, r.total, ms(r.latency.p50), ms(r.latency.p99), ms(r.latency.max)]),
    ]),
  );
  const suspicious = inProcess.plans.filter((p) => p.suspicious);
  log(
    `\nQuery plans: ${inProcess.plans.length} hot statements (every prepared query and the selection seeks); ` +
      `${suspicious.length ? `${suspicious.length} with a scan or temporary sort:` : 'none scans a table or sorts in a temporary B-tree.'}`,
  );
  for (const p of suspicious) log(`  ${p.plan.join(' | ')}\n    ${p.sql}`);

  const cache = await buildBenchBundles();
  const measured: { runtime: Runtime; startup: StartupResult | null; http: HttpResults; abuse: AbuseResult | null }[] =
    [];
  for (const runtime of RUNTIMES) {
    const full = !LOAD_ONLY && !runtime.loadOnly;
    let startup: StartupResult | null = null;
    if (full) {
      section(`${runtime.name}: start-up and memory (${runtime.serve.label}, ${STARTUP_RUNS} starts each)`);
      startup = await measureStartup(runtime.serve, STARTUP_RUNS, IDLE_SECONDS);
      log(
        `cold start to /api/health 200, empty database (migrations + the whole starter bank): ${startup.emptyMs.map((v) => ms(v, 0)).join(', ')}`,
      );
      log(`cold start to /api/health 200, existing database: ${startup.existingMs.map((v) => ms(v, 0)).join(', ')}`);
      log(`RSS ${IDLE_SECONDS} s after start, idle: ${mb(startup.idleRss)}`);
    } else {
      section(`${runtime.name}: ${runtime.serve.label}, under load only`);
    }
    const http = await runHttp(runtime, cache, bank.categoryIds, runtime === RUNTIMES[0] ? adminCases : []);
    const abuse = full ? await runAbuse(runtime) : null;
    measured.push({ runtime, startup, http, abuse });
  }

  // -------------------------------------------------------------------------------------------
  section('Summary');
  const rows: string[][] = [['figure', ...measured.map((m) => m.runtime.name), 'target']];
  /** A row with each runtime's figure and its verdict against the target. */
  const perRuntime = (
    figure: string,
    target: string,
    value: (m: (typeof measured)[number]) => { text: string; ok?: boolean },
  ) =>
    rows.push([
      figure,
      ...measured.map((m) => {
        const { text, ok } = value(m);
        return ok === undefined ? text : `${text} ${verdict(ok)}`;
      }),
      target,
    ]);
  const once = (figure: string, text: string, target = '', ok?: boolean) =>
    rows.push([figure, ok === undefined ? text : `${text} ${verdict(ok)}`, ...measured.slice(1).map(() => ''), target]);

  const notRun = { text: 'not run' };
  perRuntime('idle RSS, 30 s after start', `≤ ${TARGETS.idleRssMb} MB`, ({ startup }) =>
    startup ? { text: mb(startup.idleRss), ok: startup.idleRss <= TARGETS.idleRssMb * 1024 * 1024 } : notRun,
  );
  perRuntime('cold start to health, existing database (median)', `< ${TARGETS.startExistingMs} ms`, ({ startup }) =>
    startup
      ? { text: ms(medianOf(startup.existingMs), 0), ok: medianOf(startup.existingMs) < TARGETS.startExistingMs }
      : notRun,
  );
  perRuntime('cold start to health, empty database + bank (median)', `< ${TARGETS.startEmptyMs} ms`, ({ startup }) =>
    startup ? { text: ms(medianOf(startup.emptyMs), 0), ok: medianOf(startup.emptyMs) < TARGETS.startEmptyMs } : notRun,
  );
  perRuntime('tRPC game.start, closed loop', `≥ ${n(TARGETS.trpcRps)}/s`, ({ http }) => ({
    text: `${n(http.trpc.rps)}/s`,
    ok: http.trpc.rps >= TARGETS.trpcRps,
  }));
  perRuntime(`tRPC game.start p99 at ${n(RATE)}/s offered`, `≤ ${TARGETS.trpcP99Ms} ms`, ({ http }) => ({
    text: `${http.trpcAtRate.unfinished ? '≥ ' : ''}${ms(http.trpcAtRate.p99, 1)}`,
    ok: http.trpcAtRate.p99 <= TARGETS.trpcP99Ms && http.trpcAtRate.failed === 0,
  }));
  perRuntime('tRPC game.answer (picks), closed loop', '', ({ http }) => ({
    text: `${n(http.picks.rps)}/s${http.picks.failed ? ` (${n(http.picks.failed)} failed)` : ''}`,
  }));
  perRuntime(`tRPC game.answer p99 at ${n(RATE)}/s offered`, '', ({ http }) => ({
    text: `${ms(http.picksAtRate.p99, 1)}${http.picksAtRate.failed ? ` (${n(http.picksAtRate.failed)} failed)` : ''}`,
  }));
  perRuntime('REST /api/start-game, closed loop', `≥ ${n(TARGETS.restRps)}/s`, ({ http }) => ({
    text: `${n(http.rest.rps)}/s`,
    ok: http.rest.rps >= TARGETS.restRps,
  }));
  perRuntime('bare Fastify route, closed loop', '', ({ http }) => ({ text: `${n(http.bare.rps)}/s` }));
  perRuntime(
    `family show: Next → last phone p99 (${n(SHOW.shows)} × ${SHOW.phonesPerShow} phones)`,
    `≤ ${SHOW_TARGET_P99_MS} ms`,
    ({ http }) =>
      http.show
        ? {
            text: `${ms(http.show.spread.nextToLastPhone.p99, 1)} (all at once ${ms(http.show.burst.nextToLastPhone.p99, 1)})`,
            ok: http.show.spread.nextToLastPhone.p99 <= SHOW_TARGET_P99_MS && http.show.spread.failures === 0,
          }
        : notRun,
  );
  perRuntime('family show: answers recorded a second (all at once)', '', ({ http }) =>
    http.show ? { text: `${n(http.show.burst.answersPerSecond)}/s` } : notRun,
  );
  perRuntime('family show: server RSS a connected phone', '', ({ http }) =>
    http.show ? { text: `${(http.show.perPhoneBytes / 1024).toFixed(1)} KB` } : notRun,
  );
  perRuntime('server RSS, peak under load', `≤ ${TARGETS.serverRssMb} MB`, ({ http }) => {
    const peak = Math.max(...Object.values(http.peaks));
    return { text: mb(peak), ok: peak <= TARGETS.serverRssMb * 1024 * 1024 };
  });
  perRuntime(
    `families' p99 while one account floods (${ABUSE.families})`,
    `≤ ${TARGETS.familiesUnderAbuseP99Ms} ms`,
    ({ abuse }) =>
      abuse
        ? {
            text: `${ms(abuse.underAbuse.p99, 1)} (alone ${ms(abuse.alone.p99, 1)})`,
            ok: abuse.underAbuse.p99 <= TARGETS.familiesUnderAbuseP99Ms && abuse.underAbuse.failed === 0,
          }
        : notRun,
  );

  const worstSelection = Math.max(...inProcess.selection.map((s) => s.latency.p99));
  once(
    'selection p99, worst case (in-process)',
    ms(worstSelection),
    `≤ ${TARGETS.selectionP99Ms} ms`,
    worstSelection <= TARGETS.selectionP99Ms,
  );
  for (const c of adminList) {
    const target = c.search ? TARGETS.searchDbMs : TARGETS.listDbMs;
    once(`Manage Questions db p99, ${c.label}`, ms(c.latency.p99), `≤ ${target} ms`, c.latency.p99 <= target);
  }
  // The total is as costly as a search page may be, whatever it counts.
  const worstTotal = Math.max(0, ...adminTotals.map((c) => c.latency.p99));
  once(
    'Manage Questions total db p99, worst case',
    ms(worstTotal),
    `≤ ${TARGETS.searchDbMs} ms`,
    worstTotal <= TARGETS.searchDbMs,
  );
  const adminApi = measured[0]?.http.adminApi ?? [];
  if (adminApi.length > 0) {
    const worstAdminApi = Math.max(...adminApi.map((a) => a.result.p99));
    once(
      'Manage Questions API p99 (worst case over HTTP)',
      ms(worstAdminApi, 1),
      `≤ ${TARGETS.listApiP99Ms} ms`,
      worstAdminApi <= TARGETS.listApiP99Ms && adminApi.every((a) => a.result.failed === 0),
    );
  }
  const exported = measured[0]?.http.exported;
  if (exported) {
    const grew = exported.rssPeak - exported.rssBefore;
    once(
      `export of every question (${mb(exported.bytes)} CSV), server RSS growth`,
      `+${mb(grew)}`,
      `≤ +${TARGETS.exportRssMb} MB`,
      grew <= TARGETS.exportRssMb * 1024 * 1024,
    );
    once(
      `game.start p99 at ${n(EXPORT_RATE)}/s during the export`,
      ms(exported.others.p99, 1),
      `≤ ${TARGETS.duringExportP99Ms} ms`,
      exported.others.p99 <= TARGETS.duringExportP99Ms && exported.others.failed === 0,
    );
  }
  if (bundle) {
    once(
      'first-load JavaScript (gzipped)',
      `${(bundle.gzipBytes / 1000).toFixed(1)} KB`,
      `≤ ${TARGETS.firstLoadKb} KB`,
      bundle.gzipBytes <= TARGETS.firstLoadKb * 1000,
    );
  }
  log(table(rows));
  if (measured.some((m) => m.runtime.loadOnly)) {
    log("(stock-adapter: two-threads with tRPC's own fastifyTRPCPlugin instead of server/trpc/fastify-adapter.ts.)");
  }
  log('');
  log(
    `Questions: ${n(bank.questions)}${bank.fillSeconds === null ? ' (reused)' : `, filled in ${bank.fillSeconds.toFixed(1)} s`}.`,
  );
  for (const { runtime, http } of measured) {
    const failed = http.bare.failed + http.trpc.failed + http.trpcAtRate.failed + http.rest.failed;
    if (failed > 0) log(`WARNING (${runtime.name}): ${n(failed)} requests failed during the load runs.`);
    if (http.trpcAtRate.unfinished > 0) {
      log(
        `${runtime.name} could not keep up with ${n(RATE)} game starts a second: ${n(http.trpcAtRate.unfinished)} were still ` +
          'unanswered 2 s after the last was due (counted with their lateness so far: the p99 is a lower bound).',
      );
    }
  }
  const misses = rows.map((r) => r.filter((cell) => cell.endsWith(' MISS')).length).reduce((a, b) => a + b, 0);
  log(misses ? `${misses} figure(s) MISS their target.` : 'Every figure with a target meets it.');
  log(
    `Machine: ${machine.cpu}; ${machine.cores} cores; ${machine.memory}; Node ${machine.node}; load average at start ${machine.load}. ` +
      `Bench took ${((performance.now() - benchStarted) / 1000).toFixed(0)} s.`,
  );
  if (!existsSync(databasePath)) return;
  if (keptPath) log(`Database kept at ${keptPath} (BENCH_DB).`);
}

try {
  await (SHOW_ONLY ? showOnly() : main());
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  cleanUp();
}

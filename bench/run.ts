/**
 * `npm run bench`: `node dist/server.js` as it is, side by side in one run with what might be added
 * or taken away (runtimes.ts: an operator's settings, no checkpointer thread, one thread, tRPC's
 * stock adapter), each measured the same way: start-up beside a bare Fastify server's and idle
 * memory, game starts and picks at 1,000,000 questions beside a bare Fastify route and the REST
 * shim, and one account flooding while families play; plus the first page load's JavaScript and
 * Manage Questions. A measurement, not a test: it exits 0 whatever it finds, and prints MISS beside
 * any figure off its target.
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
 *   BENCH_RUNTIMES=a,b   which runtimes to measure: server.js, with-settings, no-checkpointer,
 *                        one-thread, stock-adapter (default all)
 *   BENCH_SETTINGS="…"   the with-settings runtime's Node flags and variables
 *                        (default "MALLOC_ARENA_MAX=1 --max-semi-space-size=2")
 *   BENCH_IDLE_SECONDS=s how long a server idles before its memory is read (default 30)
 *   BENCH_ONLY=load      only the load runs (no start-up, in-process, Manage Questions or abuse cases):
 *                        for trying a change quickly; the summary then has only those rows
 *   BENCH_ONLY=show      only the family show (show-run.ts) on server.js and stock-adapter, beside a
 *                        bare Fastify route, and server.js's idle RSS
 *   BENCH_SHOWS=n        family shows at once (default 500), BENCH_SHOW_PHONES=n phones each (default 6),
 *                        BENCH_SHOW_CLIENTS=n client processes playing them (default 2)
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { closeDatabase, openDatabase } from '../server/db/database';
import { type AbuseResult, runAbuseCase } from './abuse';
import { type ListCase, listCases, timeCountCases, timeListCases } from './admin-list';
import { cleanUp, databasePath, keptPath, prepareDatabase } from './bench-db';
import { firstLoadJavaScript } from './bundle';
import { runHttp } from './http-run';
import { runInProcess } from './inprocess';
import { BARE_SERVER, buildBenchBundles, RUNTIMES, type Runtime } from './runtimes';
import {
  ABUSE,
  IDLE_SECONDS,
  ITERATIONS,
  LOAD_ONLY,
  log,
  machineInfo,
  n,
  ROOT,
  SECONDS,
  SHOW_ONLY,
  STARTUP_RUNS,
  section,
  TARGETS,
} from './settings';
import { showOnly } from './show-run';
import { measureStartup, type ServerCommand, type StartupResult } from './startup';
import { mb, ms, table } from './stats';
import { type Measured, printSummary } from './summary';

async function runAbuse(runtime: Runtime, command: ServerCommand): Promise<AbuseResult> {
  section(
    `${runtime.name}: one account at full speed (${command.label} with its real per-account limits), ${SECONDS * 2} s`,
  );
  log(
    `${ABUSE.families} families each make one call every ${ABUSE.paceMs / 1000} s (a start, then a pick per question), ` +
      `first alone for ${SECONDS} s, then while one account sends batches of 10 game.start over ${ABUSE.abuserConnections} connections as fast as it is answered.`,
  );
  const scratch = mkdtempSync(join(os.tmpdir(), 'quiz-ladder-abuse-'));
  try {
    const result = await runAbuseCase({
      command,
      databasePath,
      scratch,
      seconds: SECONDS,
      families: ABUSE.families,
      abuserConnections: ABUSE.abuserConnections,
      paceMs: ABUSE.paceMs,
    });
    const line = (label: string, l: { p50: number; p99: number; max: number; count: number; failed?: number }) =>
      log(
        `${label.padEnd(36)} ${n(l.count).padStart(6)} calls  p50 ${ms(l.p50, 1).padStart(9)}  p99 ${ms(l.p99, 1).padStart(9)}  max ${ms(l.max, 1).padStart(9)}${l.failed ? `  FAILED ${l.failed}` : ''}`,
      );
    line('first calls, idle server (cold)', result.firstCalls.cold);
    line('first calls, after playing (warm)', result.firstCalls.warm);
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

async function runStartup(runtime: Runtime, command: ServerCommand): Promise<StartupResult> {
  section(`${runtime.name}: start-up and memory (${command.label}, ${STARTUP_RUNS} starts each)`);
  const startup = await measureStartup(command, BARE_SERVER, STARTUP_RUNS, IDLE_SECONDS);
  const list = (values: number[]) => values.map((v) => ms(v, 0)).join(', ');
  log(`cold start to /api/health 200, empty database (migrations + the whole starter bank): ${list(startup.emptyMs)}`);
  log(`cold start to /api/health 200, existing database: ${list(startup.existingMs)}`);
  log(`cold start of ${BARE_SERVER.label}, each just before one of those: ${list(startup.bareMs)}`);
  log(`RSS ${IDLE_SECONDS} s after start, idle: ${mb(startup.idleRss)}`);
  return startup;
}

function runInProcessCases(categoryIds: number[]) {
  section(`In-process (${n(ITERATIONS)} timed calls each after 200 untimed)`);
  const db = openDatabase(databasePath);
  // As on the writer thread: no checkpoint inside a timed commit (the WAL is checkpointed on closing).
  db.$client.pragma('wal_autocheckpoint = 0');
  try {
    const inProcess = runInProcess(db, categoryIds, { iterations: LOAD_ONLY ? 10 : ITERATIONS, warmup: 200 });
    const adminCases: ListCase[] = LOAD_ONLY ? [] : listCases(db, categoryIds[1] as number);
    const adminList = timeListCases(db, adminCases, Math.max(50, Math.round(ITERATIONS / 10)));
    const adminTotals = timeCountCases(db, adminCases, Math.max(50, Math.round(ITERATIONS / 10)));
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
    return { inProcess, adminCases, adminList, adminTotals };
  } finally {
    closeDatabase(db);
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
  const { inProcess, adminCases, adminList, adminTotals } = runInProcessCases(bank.categoryIds);

  await buildBenchBundles();
  const measured: Measured[] = [];
  for (const runtime of RUNTIMES) {
    const command = LOAD_ONLY ? null : runtime.serve;
    const startup = command ? await runStartup(runtime, command) : null;
    if (!command) section(`${runtime.name}: ${runtime.label}, under load only`);
    const http = await runHttp(runtime, bank.categoryIds, runtime === RUNTIMES[0] ? adminCases : []);
    const abuse = command ? await runAbuse(runtime, command) : null;
    measured.push({ runtime, startup, http, abuse });
  }

  section('Summary');
  printSummary(measured, inProcess, adminList, adminTotals, bundle, bank);
  log(
    `Machine: ${machine.cpu}; ${machine.cores} cores; ${machine.memory}; Node ${machine.node}; load average at start ${machine.load}, ` +
      `at the end ${machineInfo().load}. Bench took ${((performance.now() - benchStarted) / 1000).toFixed(0)} s.`,
  );
  if (existsSync(databasePath) && keptPath) log(`Database kept at ${keptPath} (BENCH_DB).`);
}

try {
  await (SHOW_ONLY ? showOnly() : main());
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  cleanUp();
}

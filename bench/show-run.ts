/**
 * The family show under load (show.ts) on a runtime's bench server, and BENCH_ONLY=show: only the
 * show, on the runtimes that carry it, beside a bare Fastify route and server.js's idle RSS.
 */
import { prepareDatabase } from './bench-db';
import { runLoad } from './load';
import {
  BARE_SERVER,
  buildBenchBundles,
  RUNTIMES,
  type Runtime,
  SERVER_JS,
  startBenchServer,
  stopBenchServer,
} from './runtimes';
import {
  CONNECTIONS,
  IDLE_SECONDS,
  log,
  machineInfo,
  n,
  RUN_ID,
  SECONDS,
  SHOW,
  SHOW_TARGET_P99_MS,
  section,
  verdict,
  WARMUP_SECONDS,
} from './settings';
import { runShowCase, type ShowResult, showReport } from './show';
import { measureStartup } from './startup';
import { mb, ms, table } from './stats';

/** Where the show is measured: the server's own adapter carrying SSE, and tRPC's stock one. */
export const SHOW_RUNTIMES = ['server.js', 'stock-adapter'];

export async function measureShow(runtime: Runtime, origin: string, pid: number): Promise<ShowResult> {
  section(
    `${runtime.name}: the family show, ${n(SHOW.shows)} shows × ${SHOW.phonesPerShow} phones at once ` +
      `(${n(SHOW.shows * (SHOW.phonesPerShow + 1))} event streams), ${SHOW.clients} client processes`,
  );
  const result = await runShowCase({ origin, pid, runId: `${RUN_ID}-${runtime.name}`, ...SHOW });
  for (const line of showReport(result, SHOW)) log(line);
  return result;
}

/** BENCH_ONLY=show: each show runtime's server, a bare route's rate beside it, and the show. */
async function runShowOnly(runtime: Runtime) {
  const server = await startBenchServer(runtime);
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
  await stopBenchServer(server);
  return { runtime, bare, show };
}

export async function showOnly() {
  const machine = machineInfo();
  log('Quiz Ladder benchmark: the family show');
  log(
    `Machine: ${machine.cpu}, ${machine.cores} cores, ${machine.memory}, Node ${machine.node}, ${machine.os}; load average ${machine.load}`,
  );
  section('Database');
  prepareDatabase();
  await buildBenchBundles();
  const measured: Awaited<ReturnType<typeof runShowOnly>>[] = [];
  for (const runtime of RUNTIMES.filter((r) => SHOW_RUNTIMES.includes(r.name))) {
    measured.push(await runShowOnly(runtime));
  }
  const serve = SERVER_JS.serve as NonNullable<Runtime['serve']>;
  section(`${SERVER_JS.name}: idle RSS with no show (${serve.label}, ${IDLE_SECONDS} s after start)`);
  const startup = await measureStartup(serve, BARE_SERVER, 1, IDLE_SECONDS);
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

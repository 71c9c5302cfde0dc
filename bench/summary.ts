/**
 * The bench's summary: one row a figure, one column a runtime, each figure beside its target with
 * PASS or MISS. The figures issue 28 asks of `node dist/server.js` as it is (the server.js column)
 * are read as ratios to a bare Fastify server or route measured in the same run where the machine's
 * speed moves them.
 */
import type { AbuseResult } from './abuse';
import type { timeCountCases, timeListCases } from './admin-list';
import type { Bank } from './bench-db';
import type { FirstLoad } from './bundle';
import type { HttpResults } from './http-run';
import type { InProcessResults } from './inprocess';
import type { Runtime } from './runtimes';
import { ABUSE, EXPORT_RATE, log, n, percent, RATE, SHOW, SHOW_TARGET_P99_MS, TARGETS, verdict } from './settings';
import { medianOf, type StartupResult } from './startup';
import { mb, ms, table } from './stats';

export type Measured = {
  runtime: Runtime;
  startup: StartupResult | null;
  http: HttpResults;
  abuse: AbuseResult | null;
};

export function printSummary(
  measured: Measured[],
  inProcess: InProcessResults,
  adminList: ReturnType<typeof timeListCases>,
  adminTotals: ReturnType<typeof timeCountCases>,
  bundle: FirstLoad | null,
  bank: Bank,
) {
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
  perRuntime(
    'cold start, existing database, to a bare Fastify server’s (medians)',
    `≤ ${TARGETS.startToBare}×`,
    ({ startup }) => {
      if (!startup) return notRun;
      const ratio = medianOf(startup.existingMs) / medianOf(startup.bareMs);
      return {
        text: `${ratio.toFixed(2)}× (bare ${ms(medianOf(startup.bareMs), 0)})`,
        ok: ratio <= TARGETS.startToBare,
      };
    },
  );
  perRuntime('cold start to health, empty database + bank (median)', `< ${TARGETS.startEmptyMs} ms`, ({ startup }) =>
    startup ? { text: ms(medianOf(startup.emptyMs), 0), ok: medianOf(startup.emptyMs) < TARGETS.startEmptyMs } : notRun,
  );
  perRuntime('tRPC game.start, closed loop', `≥ ${n(TARGETS.trpcRps)}/s`, ({ http }) => ({
    text: `${n(http.trpc.rps)}/s`,
    ok: http.trpc.rps >= TARGETS.trpcRps,
  }));
  perRuntime(
    'tRPC game.start, closed loop, share of the bare route’s',
    `≥ ${percent(TARGETS.trpcToBare)}`,
    ({ http }) => {
      const ratio = http.trpc.rps / http.bare.rps;
      return { text: percent(ratio), ok: ratio >= TARGETS.trpcToBare };
    },
  );
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
  perRuntime(
    `families' first calls, p99: idle server (cold) / after playing (warm) (${ABUSE.families})`,
    '',
    ({ abuse }) =>
      abuse ? { text: `${ms(abuse.firstCalls.cold.p99, 1)} / ${ms(abuse.firstCalls.warm.p99, 1)}` } : notRun,
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
  for (const { runtime } of measured) log(`(${runtime.name}: ${runtime.label}.)`);
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
  // The first column is judged (server.js, unless BENCH_RUNTIMES leaves it out): the others are
  // there to be weighed against it.
  const first = measured[0]?.runtime.name;
  const misses = rows.filter((row) => row[1]?.endsWith(' MISS')).length;
  log(
    misses ? `${misses} figure(s) of ${first} MISS their target.` : `Every figure of ${first} with a target meets it.`,
  );
}

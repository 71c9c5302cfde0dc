/**
 * `npm run bench:lighthouse`: Lighthouse's mobile performance audit (simulated slow 4G) of every
 * player page of the built server, each from a cold cache, at two CPU slowdowns: 4× (Lighthouse's
 * default, its mid-range phone) and 8× (an inexpensive Android phone). Prints each page's score,
 * total blocking time, largest contentful paint, JavaScript and its three longest main-thread
 * tasks with what runs in them, PASS or MISS against the targets; a measurement, not a test: it
 * exits 0 whatever it finds. See bench/README.md.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { throttling } from 'lighthouse/core/config/constants.js';
import { freePort, ROOT, startServer } from '../e2e/support/server';
import { firstLoadJavaScript, gzippedBytes } from './bundle';
import { describeTask, type LongTask, longestTasks } from './lighthouse-tasks';
import { phoneInShow, signedInFamily } from './lighthouse-visitors';

/** Who opens a page: a new visitor (no cookie), the signed-in family, or a guest's phone in a show. */
type Visitor = 'nobody' | 'family' | 'phone';
type PlayerPage = { name: string; path: string; visitor: Visitor };

const ALL_PAGES: PlayerPage[] = [
  { name: '/ (signed out)', path: '/', visitor: 'nobody' },
  { name: '/profiles', path: '/profiles', visitor: 'family' },
  { name: '/create-profile', path: '/create-profile', visitor: 'family' },
  { name: '/pre-game', path: '/pre-game', visitor: 'family' },
  { name: '/game', path: '/game', visitor: 'family' },
  { name: '/join (a code)', path: '/join', visitor: 'nobody' },
  { name: '/join (phone, in a show)', path: '/join', visitor: 'phone' },
];

/** `BENCH_LIGHTHOUSE_PAGES=/pre-game,/game` measures only those (by path: both /join pages for /join). */
const ONLY = process.env.BENCH_LIGHTHOUSE_PAGES?.split(',');
const PAGES = ONLY ? ALL_PAGES.filter((page) => ONLY.includes(page.path)) : ALL_PAGES;

/** The CPU slowdowns measured, and each one's targets: the score in every run, and the blocking time. */
const SLOWDOWNS = (process.env.BENCH_LIGHTHOUSE_CPU ?? '4,8').split(',').map(Number);
const TARGETS: Record<number, { score: number; tbtMs?: number }> = { 4: { score: 95 }, 8: { score: 90, tbtMs: 200 } };
const FIRST_LOAD_TARGET_KB = 120;
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
/** Where to keep each run's whole report (Lighthouse's JSON) and its trace (for DevTools' Performance panel). */
const REPORTS_DIR = process.env.LIGHTHOUSE_REPORTS_DIR;
/** JavaScript samples in the traces (V8's profiler, which slows the page a little): which functions run. */
const JS_SAMPLES = process.env.LIGHTHOUSE_JS_SAMPLES === '1';
const PUBLIC_DIR = join(ROOT, 'dist', 'public');

type Run = { score: number; tbtMs: number; lcpMs: number; jsGzipBytes: number; tasks: LongTask[]; load: string };

type Cdp = { send: (method: string, params?: Record<string, unknown>) => Promise<unknown>; close: () => void };

/** A DevTools protocol connection to one target (a page, or the browser itself). */
async function connect(webSocketUrl: string): Promise<Cdp> {
  const socket = new WebSocket(webSocketUrl);
  await new Promise((resolve, reject) => {
    socket.addEventListener('open', resolve, { once: true });
    socket.addEventListener('error', reject, { once: true });
  });
  let nextId = 1;
  return {
    send: (method, params = {}) =>
      new Promise((resolve) => {
        const id = nextId++;
        const onMessage = (event: MessageEvent) => {
          const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown };
          if (message.id !== id) return;
          socket.removeEventListener('message', onMessage);
          resolve(message.result);
        };
        socket.addEventListener('message', onMessage);
        socket.send(JSON.stringify({ id, method, params }));
      }),
    close: () => socket.close(),
  };
}

const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

/** The gzipped JavaScript the page fetched (the same measure as the first load's: its files in dist/public). */
function pageJavaScript(lhr: { audits: Record<string, { details?: unknown }> }): number {
  const items = (lhr.audits['network-requests']?.details as { items?: { url: string; resourceType?: string }[] })
    ?.items;
  const scripts = (items ?? []).filter((item) => item.resourceType === 'Script');
  return scripts.reduce((sum, item) => sum + gzippedBytes(PUBLIC_DIR, new URL(item.url).pathname), 0);
}

const server = await startServer({ env: { NODE_ENV: 'production', ALLOW_LOCAL_SIGNIN: 'true' } });
const profileDir = mkdtempSync(join(tmpdir(), 'quiz-ladder-lighthouse-'));
const port = await freePort();
const chrome = spawn(
  CHROME,
  ['--headless=new', '--no-sandbox', `--remote-debugging-port=${port}`, `--user-data-dir=${profileDir}`, 'about:blank'],
  { stdio: 'ignore' },
);
const results = new Map<string, Run[]>();
const started = Date.now();
const loadAtStart = load();
let show: Awaited<ReturnType<typeof phoneInShow>> | null = null;
try {
  const familyToken = await signedInFamily(server.baseUrl);
  show = await phoneInShow(server.baseUrl, familyToken);
  const cookies: Record<Visitor, { name: string; value: string }[]> = {
    nobody: [],
    family: [{ name: 'ql_session', value: familyToken }],
    phone: [{ name: 'ql_show', value: show.joinToken }],
  };
  let version: { webSocketDebuggerUrl: string } | null = null;
  for (let i = 0; i < 50 && !version; i++) {
    version = await fetch(`http://127.0.0.1:${port}/json/version`)
      .then((r) => r.json() as Promise<{ webSocketDebuggerUrl: string }>)
      .catch(() => new Promise((resolve) => setTimeout(() => resolve(null), 200)));
  }
  if (!version) throw new Error(`Chromium (${CHROME}) did not start`);
  const browser = await connect(version.webSocketDebuggerUrl);

  console.log(
    `Lighthouse ${RUNS}× a page and slowdown (mobile, simulated slow 4G, CPU ${SLOWDOWNS.join('× and ')}×), cold cache`,
  );
  for (const page of PAGES) {
    for (const slowdown of SLOWDOWNS) {
      const runs: Run[] = [];
      for (let run = 0; run < RUNS; run++) {
        // A cold HTTP cache, and no service worker, each time; the visitor's cookies only (storage reset is off for them).
        const target = (await (
          await fetch(`http://127.0.0.1:${port}/json/new?about:blank`, { method: 'PUT' })
        ).json()) as {
          id: string;
          webSocketDebuggerUrl: string;
        };
        const tab = await connect(target.webSocketDebuggerUrl);
        await tab.send('Network.clearBrowserCache');
        // The service worker and its cache go too (client/pwa/sw.js): a first visit has neither.
        await tab.send('Storage.clearDataForOrigin', {
          origin: server.baseUrl,
          storageTypes: 'service_workers,cache_storage',
        });
        tab.close();
        await fetch(`http://127.0.0.1:${port}/json/close/${target.id}`);
        await browser.send('Storage.clearCookies');
        await browser.send('Storage.setCookies', {
          cookies: cookies[page.visitor].map((cookie) => ({
            ...cookie,
            url: server.baseUrl,
            httpOnly: true,
            sameSite: 'Lax',
          })),
        });
        if (page.visitor === 'phone') await show.freshQuestion();
        const loadBefore = load();
        const result = await lighthouse(
          `${server.baseUrl}${page.path}`,
          { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], disableStorageReset: true },
          {
            extends: 'lighthouse:default',
            settings: {
              throttling: { ...throttling.mobileSlow4G, cpuSlowdownMultiplier: slowdown },
              ...(JS_SAMPLES ? { additionalTraceCategories: 'disabled-by-default-v8.cpu_profiler' } : {}),
            },
          },
        );
        const lhr = result?.lhr;
        if (!lhr || !result.artifacts) throw new Error(`no Lighthouse result for ${page.path}`);
        if (new URL(lhr.finalDisplayedUrl).pathname !== page.path) {
          throw new Error(`${page.path} ended on ${lhr.finalDisplayedUrl}: the visitor's cookie did not hold`);
        }
        if (REPORTS_DIR) {
          const file = `${page.name.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'sign-in'}-${slowdown}x-${run + 1}.json`;
          writeFileSync(join(REPORTS_DIR, file), JSON.stringify(lhr));
          writeFileSync(
            join(REPORTS_DIR, file.replace(/\.json$/, '.trace.json')),
            JSON.stringify(result.artifacts.Trace),
          );
        }
        runs.push({
          score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
          tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN,
          lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
          jsGzipBytes: pageJavaScript(lhr),
          tasks: await longestTasks(result.artifacts.Trace, slowdown),
          load: `${loadBefore} → ${load()}`,
        });
      }
      results.set(`${page.name}@${slowdown}`, runs);
      console.log(
        `  ${page.name} at ${slowdown}×: ${runs.map((r) => r.score).join(' ')} (load ${runs.map((r) => r.load).join(', ')})`,
      );
    }
  }
  browser.close();
} finally {
  show?.close();
  chrome.kill();
  await server.dispose();
  rmSync(profileDir, { recursive: true, force: true });
}

const passes = (runs: Run[], slowdown: number) => {
  const target = TARGETS[slowdown];
  if (!target) return '';
  const ok = runs.every((r) => r.score >= target.score && (target.tbtMs === undefined || r.tbtMs <= target.tbtMs));
  return ok ? 'PASS' : 'MISS';
};
const column = (runs: Run[], pick: (run: Run) => string) => runs.map(pick).join(' ');
let misses = 0;
for (const slowdown of SLOWDOWNS) {
  const target = TARGETS[slowdown];
  const goal = target
    ? `target: score ≥ ${target.score}${target.tbtMs ? `, TBT ≤ ${target.tbtMs} ms` : ''}`
    : 'no target';
  console.log(
    `\nCPU ${slowdown}× (${slowdown === 4 ? "Lighthouse's mid-range phone" : 'an inexpensive phone'}; ${goal}):`,
  );
  console.log(
    `${'page'.padEnd(26)}${'score'.padEnd(14)}${'TBT ms'.padEnd(18)}${'LCP s'.padEnd(18)}${'JS KB gz'.padEnd(10)}`,
  );
  for (const page of PAGES) {
    const runs = results.get(`${page.name}@${slowdown}`) ?? [];
    const verdict = passes(runs, slowdown);
    if (verdict === 'MISS') misses++;
    console.log(
      `${page.name.padEnd(26)}${column(runs, (r) => String(r.score)).padEnd(14)}${column(runs, (r) => String(Math.round(r.tbtMs))).padEnd(18)}${column(runs, (r) => (r.lcpMs / 1000).toFixed(1)).padEnd(18)}${((runs[0]?.jsGzipBytes ?? 0) / 1024).toFixed(1).padEnd(10)}${verdict}`,
    );
    // The longest tasks of the page's worst run: what a slow phone waits on.
    const worst = runs.reduce<Run | undefined>((w, r) => (!w || r.score < w.score ? r : w), undefined);
    for (const task of worst?.tasks ?? []) console.log(`    ${describeTask(task, slowdown)}`);
  }
}
const firstLoad = firstLoadJavaScript(PUBLIC_DIR);
const firstLoadKb = (firstLoad?.gzipBytes ?? 0) / 1024;
console.log(
  `\nfirst-load JavaScript (gzipped, index.html's entry and preloads): ${firstLoadKb.toFixed(1)} KB  ${firstLoadKb <= FIRST_LOAD_TARGET_KB ? 'PASS' : 'MISS'} (≤ ${FIRST_LOAD_TARGET_KB} KB)`,
);
console.log(
  `${misses} page(s) MISS. Load average (1, 5, 15 min) at start ${loadAtStart}, at the end ${load()}; took ${Math.round((Date.now() - started) / 1000)} s.`,
);

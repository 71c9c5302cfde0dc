/**
 * `npm run bench:lighthouse`: Lighthouse's mobile performance score (its default simulated slow
 * 4G and 4x CPU slowdown) of the four player pages of the built server, each from a cold cache,
 * signed in as a family with a game in progress. Prints the scores with PASS or MISS (≥ 95); a
 * measurement, not a test: it exits 0 whatever it finds. See bench/README.md.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { freePort, startServer } from '../e2e/support/server';

const PAGES = ['/', '/profiles', '/pre-game', '/game'] as const;
const TARGET = 95;
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
/** Where to keep each run's whole report (Lighthouse's JSON), to see what a score is made of. */
const REPORTS_DIR = process.env.LIGHTHOUSE_REPORTS_DIR;

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

async function post(baseUrl: string, path: string, body: unknown, cookie = '') {
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl, cookie },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response;
}

/** A family as the pages see it: signed in, a profile chosen, a game in progress. Returns the session cookie's value. */
async function family(baseUrl: string): Promise<string> {
  const signIn = await post(baseUrl, '/auth/local', { name: 'Bench family', email: 'lighthouse@example.test' });
  const token = /ql_session=([^;]+)/.exec(signIn.headers.get('set-cookie') ?? '')?.[1];
  if (!token) throw new Error('no session cookie');
  const cookie = `ql_session=${token}`;
  const created = (await (await post(baseUrl, '/trpc/profiles.create', { name: 'Minh', age: 9 }, cookie)).json()) as {
    result: { data: { id: string } };
  };
  const profileId = created.result.data.id;
  await post(baseUrl, '/trpc/profiles.choose', { profileId }, cookie);
  await post(baseUrl, '/trpc/game.start', { profileId, categoryId: 'random', lang: 'en' }, cookie);
  return token;
}

const server = await startServer({ env: { NODE_ENV: 'production', ALLOW_LOCAL_SIGNIN: 'true' } });
const profileDir = mkdtempSync(join(tmpdir(), 'quiz-ladder-lighthouse-'));
const port = await freePort();
const chrome = spawn(
  CHROME,
  ['--headless=new', '--no-sandbox', `--remote-debugging-port=${port}`, `--user-data-dir=${profileDir}`, 'about:blank'],
  { stdio: 'ignore' },
);
try {
  const token = await family(server.baseUrl);
  let version: { webSocketDebuggerUrl: string } | null = null;
  for (let i = 0; i < 50 && !version; i++) {
    version = await fetch(`http://127.0.0.1:${port}/json/version`)
      .then((r) => r.json() as Promise<{ webSocketDebuggerUrl: string }>)
      .catch(() => new Promise((resolve) => setTimeout(() => resolve(null), 200)));
  }
  if (!version) throw new Error(`Chromium (${CHROME}) did not start`);
  const browser = await connect(version.webSocketDebuggerUrl);
  await browser.send('Storage.setCookies', {
    cookies: [{ name: 'ql_session', value: token, url: server.baseUrl, httpOnly: true, sameSite: 'Lax' }],
  });

  console.log(`Lighthouse ${RUNS}× per page (mobile, simulated slow 4G, 4x CPU), cold cache, target ≥ ${TARGET}`);
  for (const path of PAGES) {
    const scores: number[] = [];
    const lcps: string[] = [];
    for (let run = 0; run < RUNS; run++) {
      // A cold HTTP cache, and no service worker, each time; the session cookie stays (storage reset is off for it).
      const target = (await (
        await fetch(`http://127.0.0.1:${port}/json/new?about:blank`, { method: 'PUT' })
      ).json()) as {
        id: string;
        webSocketDebuggerUrl: string;
      };
      const page = await connect(target.webSocketDebuggerUrl);
      await page.send('Network.clearBrowserCache');
      // The service worker and its cache go too (client/pwa/sw.js): a first visit has neither.
      await page.send('Storage.clearDataForOrigin', {
        origin: server.baseUrl,
        storageTypes: 'service_workers,cache_storage',
      });
      page.close();
      await fetch(`http://127.0.0.1:${port}/json/close/${target.id}`);
      // `/` is measured signed out (a new visitor's sign-in screen): its cookie is set aside.
      if (path === '/') await browser.send('Storage.clearCookies');
      const result = await lighthouse(`${server.baseUrl}${path}`, {
        port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        disableStorageReset: true,
      });
      if (path === '/') {
        await browser.send('Storage.setCookies', {
          cookies: [{ name: 'ql_session', value: token, url: server.baseUrl, httpOnly: true, sameSite: 'Lax' }],
        });
      }
      const lhr = result?.lhr;
      if (!lhr) throw new Error(`no Lighthouse result for ${path}`);
      if (new URL(lhr.finalDisplayedUrl).pathname !== path) {
        throw new Error(`${path} ended on ${lhr.finalDisplayedUrl}: the family's session did not hold`);
      }
      if (REPORTS_DIR) {
        writeFileSync(join(REPORTS_DIR, `${path.slice(1) || 'sign-in'}-${run + 1}.json`), JSON.stringify(lhr));
      }
      scores.push(Math.round((lhr.categories.performance?.score ?? 0) * 100));
      lcps.push(lhr.audits['largest-contentful-paint']?.displayValue ?? '?');
    }
    const worst = Math.min(...scores);
    console.log(
      `${path.padEnd(10)} performance ${scores.join(' / ')} (LCP ${lcps.join(' / ')})  ${worst >= TARGET ? 'PASS' : 'MISS'}`,
    );
  }
  browser.close();
} finally {
  chrome.kill();
  await server.dispose();
  rmSync(profileDir, { recursive: true, force: true });
}

import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { nodeVersionProblem } from '../scripts/check-node.mjs';
import { newAccount, signInThroughUi } from './support/app';
import { assertNoProblems, launchBrowser, openPage } from './support/browser';
import { freePort, ROOT, tempDir } from './support/server';

/**
 * The npm scripts as people run them: `npm start` as a container's command, `npm run dev` in a
 * browser, and both with a Node.js too old for them.
 */
let browser: Browser;
const cleanups: (() => void | Promise<void>)[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

type Npm = { child: ChildProcess; output: () => string; exited: Promise<number | null> };

/** `npm <args>` in the repository with the Node running the tests first on PATH, plus `env`. */
function npm(
  args: string[],
  env: Record<string, string>,
  path = `${dirname(process.execPath)}:${process.env.PATH}`,
): Npm {
  const child = spawn('npm', args, {
    cwd: ROOT,
    env: { PATH: path, HOME: process.env.HOME ?? '/tmp', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    output += chunk;
  });
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  cleanups.push(() => {
    for (const pid of descendantsOf(child.pid as number)) kill(pid);
    kill(child.pid as number);
  });
  return { child, output: () => output, exited };
}

function kill(pid: number) {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // gone already
  }
}

/** Every process below `pid` (Linux: /proc/<pid>/task/<tid>/children). */
function descendantsOf(pid: number): number[] {
  const children: number[] = [];
  for (const task of existsSync(`/proc/${pid}/task`) ? readdirSync(`/proc/${pid}/task`) : []) {
    const listed = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim();
    for (const child of listed ? listed.split(' ').map(Number) : []) children.push(child, ...descendantsOf(child));
  }
  return children;
}

const alive = (pid: number) =>
  existsSync(`/proc/${pid}`) && !readFileSync(`/proc/${pid}/stat`, 'utf8').includes(') Z ');

async function answers(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(1000) });
    return response.ok;
  } catch {
    return false;
  }
}

async function refusesConnections(port: number): Promise<boolean> {
  try {
    await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(1000) });
    return false;
  } catch {
    return true;
  }
}

function dataEnv(): Record<string, string> {
  const { dir, remove } = tempDir('quiz-ladder-npm-');
  cleanups.push(remove);
  return { DATABASE_PATH: join(dir, 'quiz.db'), UPLOADS_DIR: join(dir, 'uploads'), NODE_ENV: 'test' };
}

describe('npm start', () => {
  test('stops on SIGTERM to npm’s own PID (a container’s CMD ["npm","start"]), leaving no process and no port', async () => {
    const port = await freePort();
    const run = npm(['start'], { ...dataEnv(), PORT: String(port), HOST: '127.0.0.1' });
    await expect
      .poll(() => answers(`http://127.0.0.1:${port}/api/health`), { timeout: 60_000, interval: 200 })
      .toBe(true);
    const below = descendantsOf(run.child.pid as number);
    expect(below.length).toBeGreaterThan(0);

    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
    await expect.poll(() => below.filter(alive), { timeout: 15_000 }).toEqual([]);
    expect(await refusesConnections(port)).toBe(true);
  });
});

describe('npm run dev', () => {
  test('signs in through Vite’s proxy in Chromium, and SIGTERM stops the API server and Vite', async () => {
    const [apiPort, vitePort] = [await freePort(), await freePort()];
    const run = npm(['run', 'dev'], { ...dataEnv(), PORT: String(apiPort), VITE_PORT: String(vitePort) });
    const devOrigin = `http://localhost:${vitePort}`;
    await expect.poll(() => answers(`${devOrigin}/api/health`), { timeout: 60_000, interval: 250 }).toBe(true);

    const { page, problems, context } = await openPage(browser);
    cleanups.push(() => context.close());
    await signInThroughUi(page, devOrigin, newAccount('Developer'));
    await page.getByText('No profiles yet. Create the first one to start playing!').waitFor();
    assertNoProblems(problems);

    const below = descendantsOf(run.child.pid as number);
    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
    await expect.poll(() => below.filter(alive), { timeout: 15_000 }).toEqual([]);
    expect(await refusesConnections(apiPort)).toBe(true);
    expect(await refusesConnections(vitePort)).toBe(true);
  }, 120_000);
});

describe('with a Node.js older than 22.12', () => {
  const oldNode = ['/usr/bin/node', '/usr/local/bin/node'].find(
    (path) => existsSync(path) && nodeVersionProblem(execFileSync(path, ['--version'], { encoding: 'utf8' }).trim()),
  );
  const oldPath = oldNode ? `${dirname(oldNode)}:${process.env.PATH}` : '';

  test.skipIf(!oldNode).each([['start'], ['test'], ['run', 'dev'], ['run', 'bench']])(
    'npm %s says so in one sentence and exits 1',
    async (...args) => {
      const run = npm(args as string[], dataEnv(), oldPath);
      expect(await run.exited).not.toBe(0);
      expect(run.output()).toMatch(
        /Quiz Ladder needs Node\.js 22\.12 or newer, and this is Node\.js v\d+\.\d+\.\d+: install a current Node\.js LTS/,
      );
      expect(run.output()).not.toMatch(/Segmentation fault|SIGSEGV/);
    },
  );
});

import { execFileSync, fork } from 'node:child_process';
import { existsSync, statSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import { networkInterfaces } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import sharp from 'sharp';
import { afterEach, describe, expect, test } from 'vitest';
import { nodeVersionProblem } from '../scripts/check-node.mjs';
import { newAccount, signInThroughUi } from './support/app';
import { assertNoProblems, launchBrowser, openPage } from './support/browser';
import { countRows, withDb } from './support/db';
import {
  freePort,
  type RunningServer,
  SERVER_JS,
  spawnServerProcess,
  startServer,
  tempDir,
  waitForExit,
} from './support/server';

const cleanups: (() => Promise<void> | void)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function started(options: Parameters<typeof startServer>[0] = {}): Promise<RunningServer> {
  const server = await startServer(options);
  cleanups.push(() => server.dispose());
  return server;
}

function scratchDir(): string {
  const { dir, remove } = tempDir();
  cleanups.push(remove);
  return dir;
}

/** Signs in over HTTP (as the browser would, with its Origin); returns the session cookie. */
async function signInOverHttp(baseUrl: string, email: string): Promise<string> {
  const signIn = await fetch(`${baseUrl}/auth/local`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: baseUrl },
    body: JSON.stringify({ name: 'Ops', email }),
  });
  expect(signIn.status).toBe(200);
  const session = signIn.headers.getSetCookie().find((cookie) => cookie.startsWith('ql_session='));
  expect(session).toBeDefined();
  return (session as string).split(';')[0] as string;
}

/** Signs in over HTTP (as the browser would, with its Origin) and creates a profile; returns its id. */
async function createProfileOverHttp(baseUrl: string, name: string): Promise<string> {
  const cookie = await signInOverHttp(baseUrl, newAccount('Ops').email);
  const created = await fetch(`${baseUrl}/trpc/profiles.create`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: baseUrl, Cookie: cookie },
    body: JSON.stringify({ name, age: 10 }),
  });
  expect(created.status).toBe(200);
  return ((await created.json()) as { result: { data: { id: string } } }).result.data.id;
}

/** Env for a server process that is expected to refuse to start. */
async function refusedEnv(
  extra: Record<string, string>,
): Promise<{ env: Record<string, string>; port: number; dir: string }> {
  const dir = scratchDir();
  const port = await freePort();
  return {
    dir,
    port,
    env: {
      DATABASE_PATH: join(dir, 'quiz-ladder.db'),
      UPLOADS_DIR: join(dir, 'uploads'),
      PORT: String(port),
      HOST: '127.0.0.1',
      ...extra,
    },
  };
}

async function isListening(port: number): Promise<boolean> {
  try {
    await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(1000) });
    return true;
  } catch {
    return false;
  }
}

describe('running the server', () => {
  test('SIGTERM ends it with exit code 0 within 10 s and leaves the WAL checkpointed', async () => {
    const server = await started();
    const profileId = await createProfileOverHttp(server.baseUrl, 'Durable');
    const wal = `${server.dbPath}-wal`;
    // While it runs, the writes (the seeded bank, the sign-in, the profile) sit in the WAL.
    expect(statSync(wal).size).toBeGreaterThan(0);

    const { code, signal, elapsedMs } = await server.stop();
    expect({ code, signal }).toEqual({ code: 0, signal: null });
    expect(elapsedMs).toBeLessThan(10_000);
    // Absent, or empty: everything is in the main file.
    expect(existsSync(wal) ? statSync(wal).size : 0).toBe(0);
    // What was written before the signal is in the main file.
    const db = new Database(server.dbPath, { readonly: true, fileMustExist: true });
    try {
      expect(db.prepare('SELECT name FROM profiles WHERE id = ?').get(profileId)).toEqual({ name: 'Durable' });
    } finally {
      db.close();
    }
  });

  test('forked with an IPC channel (PM2, a parent using fork), it keeps the channel and stops on SIGTERM', async () => {
    const { env, port } = await refusedEnv({ NODE_ENV: 'test' });
    const child = fork(SERVER_JS, [], { env: { PATH: process.env.PATH ?? '', ...env }, stdio: 'pipe' });
    let disconnected = false;
    child.on('disconnect', () => {
      disconnected = true;
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    cleanups.push(() => {
      if (child.exitCode === null) child.kill('SIGKILL');
    });
    await expect.poll(() => isListening(port), { timeout: 20_000, interval: 100 }).toBe(true);
    expect(child.connected).toBe(true);
    expect(disconnected).toBe(false);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });

  test('`node dist/server.js backup <folder>` copies the live database, questions and profiles included', async () => {
    const server = await started();
    const profileId = await createProfileOverHttp(server.baseUrl, 'Backed Up');
    const liveQuestions = countRows(server.dbPath, 'questions');
    expect(liveQuestions).toBeGreaterThan(0);
    const destination = join(scratchDir(), 'nested', 'backup');

    const backup = spawnServerProcess({ DATABASE_PATH: server.dbPath }, ['backup', destination]);
    const result = await waitForExit(backup, 20_000);
    expect(result.code, backup.output()).toBe(0);
    expect(backup.output()).toContain(`Backed up ${server.dbPath} and 0 pictures to ${destination}`);

    const copy = new Database(join(destination, 'quiz-ladder.db'), { readonly: true, fileMustExist: true });
    try {
      expect((copy.prepare('SELECT count(*) AS n FROM questions').get() as { n: number }).n).toBe(liveQuestions);
      expect(copy.prepare('SELECT name, age FROM profiles WHERE id = ?').get(profileId)).toEqual({
        name: 'Backed Up',
        age: 10,
      });
      expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
    } finally {
      copy.close();
    }
    // The live server is unaffected.
    expect((await fetch(`${server.baseUrl}/api/health`)).status).toBe(200);
    expect(withDb(server.dbPath, (db) => db.prepare('SELECT count(*) AS n FROM profiles').get())).toEqual({ n: 1 });
  });

  test('a backup restored into a fresh install brings back the database and the uploaded pictures', async () => {
    const admin = 'owner@example.test';
    const server = await started({ env: { ADMIN_EMAILS: admin } });
    const cookie = await signInOverHttp(server.baseUrl, admin);
    const picture = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c33' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([picture], { type: 'image/png' }), 'red.png');
    const uploaded = await fetch(`${server.baseUrl}/api/admin/images`, {
      method: 'POST',
      headers: { Origin: server.baseUrl, Cookie: cookie },
      body: form,
    });
    expect(uploaded.status).toBe(200);
    const { imageUrl } = (await uploaded.json()) as { imageUrl: string };
    const category = withDb(server.dbPath, (db) => db.prepare('SELECT id FROM categories LIMIT 1').get()) as {
      id: number;
    };
    const text = { question: 'Which colour is this picture?', answers: ['Red', 'Blue', 'Green', 'Yellow'] };
    const created = await fetch(`${server.baseUrl}/trpc/admin.questions.create`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: server.baseUrl, Cookie: cookie },
      body: JSON.stringify({
        categoryId: category.id,
        ageCategory: 'Kids',
        difficulty: 1,
        correctAnswerIndex: 0,
        en: text,
        vi: { question: 'Bức tranh này màu gì?', answers: ['Đỏ', 'Xanh dương', 'Xanh lá', 'Vàng'] },
        imageUrl,
      }),
    });
    expect(created.status).toBe(200);
    const served = Buffer.from(await (await fetch(`${server.baseUrl}${imageUrl}`)).arrayBuffer());

    const folder = join(scratchDir(), 'quiz-backup');
    const backup = spawnServerProcess({ DATABASE_PATH: server.dbPath, UPLOADS_DIR: join(server.dir, 'uploads') }, [
      'backup',
      folder,
    ]);
    expect((await waitForExit(backup, 20_000)).code, backup.output()).toBe(0);
    // A backup never writes over another.
    const again = spawnServerProcess({ DATABASE_PATH: server.dbPath }, ['backup', folder]);
    expect((await waitForExit(again, 20_000)).code).toBe(1);
    expect(again.output()).toContain('is not empty');

    // A new machine: nothing but the backup.
    const fresh = scratchDir();
    const freshEnv = { DATABASE_PATH: join(fresh, 'quiz-ladder.db'), UPLOADS_DIR: join(fresh, 'uploads') };
    const restore = spawnServerProcess(freshEnv, ['restore', folder]);
    expect((await waitForExit(restore, 20_000)).code, restore.output()).toBe(0);
    // Restoring over a database asks for --replace.
    const over = spawnServerProcess(freshEnv, ['restore', folder]);
    expect((await waitForExit(over, 20_000)).code).toBe(1);
    expect(over.output()).toContain('--replace');

    const restored = await started({ dir: fresh, env: freshEnv });
    const row = withDb(restored.dbPath, (db) =>
      db.prepare('SELECT question_en AS text FROM questions WHERE image_url = ?').get(imageUrl),
    );
    expect(row).toEqual({ text: text.question });
    const answer = await fetch(`${restored.baseUrl}${imageUrl}`);
    expect(answer.status).toBe(200);
    expect(Buffer.from(await answer.arrayBuffer()).equals(served)).toBe(true);
  });

  test('backup of a database that does not exist says so in one sentence and exits 1', async () => {
    const { env } = await refusedEnv({});
    const backup = spawnServerProcess({ DATABASE_PATH: env.DATABASE_PATH as string }, [
      'backup',
      join(scratchDir(), 'b.db'),
    ]);
    const result = await waitForExit(backup, 30_000);
    expect(result.code).toBe(1);
    expect(backup.output()).toMatch(/^There is no database at .+ to back up: set DATABASE_PATH/);
    expect(backup.output()).not.toMatch(/\n\s+at /);
  });

  test('`admin grant` and `admin revoke` change who is an admin, at once, while the server runs', async () => {
    const server = await started();
    const account = newAccount('Owner');
    const signIn = await fetch(`${server.baseUrl}/auth/local`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: server.baseUrl },
      body: JSON.stringify({ name: account.name, email: account.email }),
    });
    const cookie = (signIn.headers.getSetCookie()[0] as string).split(';')[0] as string;
    const isAdmin = async () => {
      const me = await fetch(`${server.baseUrl}/trpc/session.me`, { headers: { cookie } });
      return ((await me.json()) as { result: { data: { user: { isAdmin: boolean } } } }).result.data.user.isAdmin;
    };
    expect(await isAdmin()).toBe(false);

    const grant = spawnServerProcess({ DATABASE_PATH: server.dbPath }, ['admin', 'grant', account.email.toUpperCase()]);
    expect((await waitForExit(grant, 20_000)).code, grant.output()).toBe(0);
    expect(grant.output()).toContain('is now an admin.');
    expect(await isAdmin()).toBe(true);

    const revoke = spawnServerProcess({ DATABASE_PATH: server.dbPath }, ['admin', 'revoke', account.email]);
    expect((await waitForExit(revoke, 20_000)).code).toBe(0);
    expect(await isAdmin()).toBe(false);

    const stranger = spawnServerProcess({ DATABASE_PATH: server.dbPath }, ['admin', 'grant', 'nobody@example.test']);
    expect((await waitForExit(stranger, 20_000)).code).toBe(1);
    expect(stranger.output()).toContain('No account with the email nobody@example.test has signed in yet');
    expect(stranger.output()).not.toMatch(/\n\s+at /);
  });

  test('`pin remove` takes a forgotten parent PIN off an account while the server runs', async () => {
    const server = await started();
    const account = newAccount('Forgetful');
    const signIn = await fetch(`${server.baseUrl}/auth/local`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: server.baseUrl },
      body: JSON.stringify({ name: account.name, email: account.email }),
    });
    const cookie = (signIn.headers.getSetCookie()[0] as string).split(';')[0] as string;
    const post = (path: string, body: object) =>
      fetch(`${server.baseUrl}/trpc/${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: server.baseUrl, cookie },
        body: JSON.stringify(body),
      });
    expect((await post('parentLock.set', { pin: '2468' })).status).toBe(200);
    expect((await post('parentLock.lock', {})).status).toBe(200);
    expect((await post('profiles.create', { name: 'Na', age: 8 })).status).toBe(403);

    const removed = spawnServerProcess({ DATABASE_PATH: server.dbPath }, [
      'pin',
      'remove',
      account.email.toUpperCase(),
    ]);
    expect((await waitForExit(removed, 20_000)).code, removed.output()).toBe(0);
    expect(removed.output()).toContain('is removed: nothing is locked until a new one is set.');
    expect((await post('profiles.create', { name: 'Na', age: 8 })).status).toBe(200);

    const stranger = spawnServerProcess({ DATABASE_PATH: server.dbPath }, ['pin', 'remove', 'nobody@example.test']);
    expect((await waitForExit(stranger, 20_000)).code).toBe(1);
    expect(stranger.output()).toContain('No account with the email nobody@example.test has signed in yet.');
  });

  test('backup without a destination prints its usage and exits 2', async () => {
    const { env } = await refusedEnv({});
    const backup = spawnServerProcess({ DATABASE_PATH: env.DATABASE_PATH as string }, ['backup']);
    const result = await waitForExit(backup, 30_000);
    expect(result.code).toBe(2);
    expect(backup.output()).toContain('Usage: node dist/server.js backup <folder>');
  });
});

describe('start-up failures: one sentence, exit 1, no stack trace', () => {
  async function refusedWith(extra: Record<string, string>): Promise<string> {
    const { env, port } = await refusedEnv(extra);
    const proc = spawnServerProcess({ ...env, ...extra });
    const result = await waitForExit(proc, 30_000);
    expect(result.code, proc.output()).toBe(1);
    expect(proc.output()).not.toMatch(/\n\s+at /);
    expect(
      proc
        .output()
        .trim()
        .split('\n')
        .filter((line) => !line.startsWith('{')),
    ).toHaveLength(1);
    if (!extra.PORT) expect(await isListening(port)).toBe(false);
    return proc.output();
  }

  test('the port is in use', async () => {
    const blocker = createServer();
    const port = await freePort();
    await new Promise<void>((resolve) => blocker.listen(port, '127.0.0.1', resolve));
    cleanups.push(() => new Promise<void>((resolve) => blocker.close(() => resolve())));
    const output = await refusedWith({ PORT: String(port) });
    expect(output).toContain(`Cannot listen on port ${port} on 127.0.0.1: it is already in use.`);
  });

  test('DATABASE_PATH is a directory', async () => {
    const dir = scratchDir();
    const output = await refusedWith({ DATABASE_PATH: dir });
    expect(output).toContain(`DATABASE_PATH ${dir} is a directory`);
  });

  test('DATABASE_PATH cannot be created (its folder is a file)', async () => {
    const file = join(scratchDir(), 'a-file');
    writeFileSync(file, 'not a folder');
    const output = await refusedWith({ DATABASE_PATH: join(file, 'quiz.db') });
    expect(output).toContain(`Cannot create the database at ${join(file, 'quiz.db')}`);
  });

  test('DATABASE_PATH is not a database', async () => {
    const file = join(scratchDir(), 'garbage.db');
    writeFileSync(file, 'this is not SQLite'.repeat(100));
    const output = await refusedWith({ DATABASE_PATH: file });
    expect(output).toContain(`Cannot open the database at ${file}`);
  });

  test('every configuration problem is listed at once', async () => {
    const { env } = await refusedEnv({});
    const proc = spawnServerProcess({
      ...env,
      PORT: 'abc',
      PUBLIC_URL: 'bad',
      NODE_ENV: 'production',
      HOST: '0.0.0.0',
    });
    const result = await waitForExit(proc, 30_000);
    expect(result.code).toBe(1);
    const output = proc.output();
    expect(output).toContain('PORT: must be a port number');
    expect(output).toContain('PUBLIC_URL: must be an http:// or https:// address');
    expect(output).toContain('NODE_ENV=production');
    expect(output).toContain('HOST=0.0.0.0');
    expect(output).not.toMatch(/\n\s+at /);
  });
});

describe('the Node.js it runs on', () => {
  const oldNode = ['/usr/bin/node', '/usr/local/bin/node'].find((path) => {
    if (!existsSync(path)) return false;
    return nodeVersionProblem(execFileSync(path, ['--version'], { encoding: 'utf8' }).trim()) !== null;
  });

  test.skipIf(!oldNode)(
    'an older Node gets one sentence and exit 1 from node dist/server.js, not a segfault',
    async () => {
      const { env } = await refusedEnv({});
      let output = '';
      let code: number | null = null;
      try {
        execFileSync(oldNode as string, [SERVER_JS], { env: { PATH: process.env.PATH ?? '', ...env }, stdio: 'pipe' });
      } catch (error) {
        const failed = error as { status: number | null; stderr: Buffer; stdout: Buffer };
        code = failed.status;
        output = `${failed.stdout}${failed.stderr}`;
      }
      expect(code).toBe(1);
      expect(output.trim()).toMatch(
        /^Quiz Ladder needs Node\.js 22\.12 or newer, and this is Node\.js v\d+\.\d+\.\d+: install a current Node\.js LTS/,
      );
      expect(output.trim().split('\n')).toHaveLength(1);
    },
  );
});

describe('on the home network', () => {
  test('HOST=0.0.0.0 without PUBLIC_URL says where it answers, and a phone plays at that address', async () => {
    const address = Object.values(networkInterfaces())
      .flat()
      .find((entry) => entry && !entry.internal && entry.family === 'IPv4')?.address;
    if (!address) throw new Error('this machine has no network address to test with');
    const server = await started({ env: { HOST: '0.0.0.0', ALLOW_LOCAL_SIGNIN: 'true', LOG_LEVEL: 'info' } });
    const lanUrl = `http://${address}:${server.port}`;
    expect(server.process.output()).toContain(`Quiz Ladder answers at http://localhost:${server.port}`);
    expect(server.process.output()).toContain(lanUrl);

    const browser = await launchBrowser();
    cleanups.push(() => browser.close());
    const { page, problems } = await openPage(browser, { viewport: { width: 390, height: 844 }, isMobile: true });
    await signInThroughUi(page, lanUrl);
    await page.getByRole('link', { name: 'Create the first profile' }).click();
    await page.getByLabel('Name').fill('Bé An');
    await page.getByLabel('Age').fill('7');
    await page.getByRole('button', { name: 'Create profile' }).click();
    await page.waitForURL(`${lanUrl}/profiles`);
    // Not a secure context: no service worker, wake lock or crypto.randomUUID; the game plays all the same.
    await page.getByRole('button', { name: /^Bé An / }).click();
    await page.waitForURL(`${lanUrl}/pre-game`);
    await page.getByRole('button', { name: 'Start New Game' }).click();
    await page.getByText('Question 1 of 15', { exact: true }).waitFor();
    await page.locator('.answers button.answer').first().click();
    await page
      .locator('.answers button.answer[data-state="correct"], .answers button.answer[data-state="wrong"]')
      .first()
      .waitFor();
    expect(await page.evaluate(() => window.isSecureContext)).toBe(false);
    assertNoProblems(problems);
  });
});

describe('sign-in configuration', () => {
  test('behind an https PUBLIC_URL without Google credentials, it refuses to start, even on a loopback HOST', async () => {
    const { env, port } = await refusedEnv({
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PUBLIC_URL: 'https://quiz.example.test',
      ADMIN_EMAILS: 'owner@example.test',
    });
    const proc = spawnServerProcess(env);
    const result = await waitForExit(proc, 30_000);
    expect(result.code, proc.output()).toBe(1);
    expect(proc.output()).toContain('PUBLIC_URL=https://quiz.example.test');
    expect(proc.output()).toContain('GOOGLE_CLIENT_ID');
    expect(await isListening(port)).toBe(false);
  });

  test('a name that re-binds to 127.0.0.1 gets 421, over real HTTP', async () => {
    const server = await started();
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = httpRequest(
        {
          host: '127.0.0.1',
          port: server.port,
          method: 'POST',
          path: '/auth/local',
          headers: {
            host: `rebind.attacker.test:${server.port}`,
            origin: `http://rebind.attacker.test:${server.port}`,
            'content-type': 'application/json',
          },
        },
        (response) => {
          let body = '';
          response.setEncoding('utf8').on('data', (chunk) => {
            body += chunk;
          });
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
        },
      );
      request.on('error', reject);
      request.end(JSON.stringify({ name: 'Owner', email: 'owner@example.test' }));
    });
    expect(answer).toEqual({ status: 421, body: '{"error":"Misdirected request."}' });
    expect(countRows(server.dbPath, 'users')).toBe(0);
  });

  test('NODE_ENV=production without GOOGLE_CLIENT_ID refuses to start and says what to set', async () => {
    const { env, port } = await refusedEnv({ NODE_ENV: 'production' });
    const proc = spawnServerProcess(env);
    const result = await waitForExit(proc, 30_000);
    expect(result.code, proc.output()).not.toBe(0);
    expect(result.code).not.toBeNull();
    expect(proc.output()).toContain('GOOGLE_CLIENT_ID');
    expect(proc.output()).toContain('ALLOW_LOCAL_SIGNIN');
    expect(await isListening(port)).toBe(false);
  });

  test('NODE_ENV=production with ALLOW_LOCAL_SIGNIN=true starts, warns, and offers the local sign-in', async () => {
    const server = await started({ env: { NODE_ENV: 'production', ALLOW_LOCAL_SIGNIN: 'true' } });
    await expect
      .poll(() =>
        server.process
          .output()
          .split('\n')
          .filter((line) => line.startsWith('{'))
          .map((line) => JSON.parse(line) as { level: number; msg: string })
          .filter((entry) => entry.level === 40 && entry.msg.includes('ALLOW_LOCAL_SIGNIN=true')),
      )
      .toHaveLength(1);
    const google = await fetch(`${server.baseUrl}/auth/google?returnTo=%2Fprofiles`, { redirect: 'manual' });
    expect(google.status).toBe(302);
    expect(google.headers.get('location')).toBe('/sign-in/local?returnTo=%2Fprofiles');
  });

  test('HOST=0.0.0.0 without Google credentials refuses to start', async () => {
    const { env, port } = await refusedEnv({ NODE_ENV: 'test', HOST: '0.0.0.0' });
    const proc = spawnServerProcess(env);
    const result = await waitForExit(proc, 30_000);
    expect(result.code, proc.output()).not.toBe(0);
    expect(result.code).not.toBeNull();
    expect(proc.output()).toContain('HOST=0.0.0.0');
    expect(proc.output()).toContain('GOOGLE_CLIENT_ID');
    expect(await isListening(port)).toBe(false);
  });

  test('a Google client id without its secret refuses to start', async () => {
    const { env } = await refusedEnv({ NODE_ENV: 'test', GOOGLE_CLIENT_ID: 'client-id.apps.example' });
    const proc = spawnServerProcess(env);
    const result = await waitForExit(proc, 30_000);
    expect(result.code, proc.output()).not.toBe(0);
    expect(proc.output()).toContain('GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together');
  });
});

import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, test } from 'vitest';
import { SERVER_V8_FLAGS } from '../server/v8-flags';
import { newAccount } from './support/app';
import { countRows, withDb } from './support/db';
import { freePort, type RunningServer, spawnServerProcess, startServer, tempDir, waitForExit } from './support/server';

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

/** Signs in over HTTP (as the browser would, with its Origin) and creates a profile; returns its id. */
async function createProfileOverHttp(baseUrl: string, name: string): Promise<string> {
  const account = newAccount('Ops');
  const signIn = await fetch(`${baseUrl}/auth/local`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: baseUrl },
    body: JSON.stringify({ name: account.name, email: account.email }),
  });
  expect(signIn.status).toBe(200);
  const session = signIn.headers.getSetCookie().find((cookie) => cookie.startsWith('ql_session='));
  expect(session).toBeDefined();
  const cookie = (session as string).split(';')[0] as string;
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

  test('`node dist/server.js` gives itself its V8 flags in the same process', async () => {
    const server = await started();
    const pid = server.process.child.pid as number;
    // The process the signal goes to is the server itself: after the restart, /proc shows the flags on the same PID.
    const commandLine = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    for (const flag of SERVER_V8_FLAGS) expect(commandLine).toContain(flag);
    expect(commandLine.at(-2)).toMatch(/dist[/\\]server\.js$/);
    expect((await fetch(`${server.baseUrl}/api/health`)).status).toBe(200);
  });

  test('`node dist/server.js backup <file>` copies the live database, questions and profiles included', async () => {
    const server = await started();
    const profileId = await createProfileOverHttp(server.baseUrl, 'Backed Up');
    const liveQuestions = countRows(server.dbPath, 'questions');
    expect(liveQuestions).toBeGreaterThan(0);
    const destination = join(scratchDir(), 'nested', 'backup.db');

    const backup = spawnServerProcess({ DATABASE_PATH: server.dbPath }, ['backup', destination]);
    const result = await waitForExit(backup, 20_000);
    expect(result.code, backup.output()).toBe(0);
    expect(backup.output()).toContain(`Backed up ${server.dbPath} to ${destination}`);

    const copy = new Database(destination, { readonly: true, fileMustExist: true });
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

  test('backup without a destination prints its usage and exits 2', async () => {
    const { env } = await refusedEnv({});
    const backup = spawnServerProcess({ DATABASE_PATH: env.DATABASE_PATH as string }, ['backup']);
    const result = await waitForExit(backup, 10_000);
    expect(result.code).toBe(2);
    expect(backup.output()).toContain('Usage: node dist/server.js backup <file>');
  });
});

describe('sign-in configuration', () => {
  test('NODE_ENV=production without GOOGLE_CLIENT_ID refuses to start and says what to set', async () => {
    const { env, port } = await refusedEnv({ NODE_ENV: 'production' });
    const proc = spawnServerProcess(env);
    const result = await waitForExit(proc, 10_000);
    expect(result.code, proc.output()).not.toBe(0);
    expect(result.code).not.toBeNull();
    expect(proc.output()).toContain('GOOGLE_CLIENT_ID');
    expect(proc.output()).toContain('ALLOW_LOCAL_SIGNIN');
    expect(await isListening(port)).toBe(false);
  });

  test('NODE_ENV=production with ALLOW_LOCAL_SIGNIN=true starts, warns, and offers the local sign-in', async () => {
    const server = await started({ env: { NODE_ENV: 'production', ALLOW_LOCAL_SIGNIN: 'true' } });
    await expect
      .poll(
        () =>
          server.process
            .output()
            .split('\n')
            .filter((line) => line.startsWith('{'))
            .map((line) => JSON.parse(line) as { level: number; msg: string })
            .filter((entry) => entry.level === 40 && entry.msg.includes('ALLOW_LOCAL_SIGNIN=true')),
        { timeout: 5000 },
      )
      .toHaveLength(1);
    const google = await fetch(`${server.baseUrl}/auth/google?returnTo=%2Fprofiles`, { redirect: 'manual' });
    expect(google.status).toBe(302);
    expect(google.headers.get('location')).toBe('/sign-in/local?returnTo=%2Fprofiles');
  });

  test('HOST=0.0.0.0 without Google credentials refuses to start', async () => {
    const { env, port } = await refusedEnv({ NODE_ENV: 'test', HOST: '0.0.0.0' });
    const proc = spawnServerProcess(env);
    const result = await waitForExit(proc, 10_000);
    expect(result.code, proc.output()).not.toBe(0);
    expect(result.code).not.toBeNull();
    expect(proc.output()).toContain('HOST=0.0.0.0');
    expect(proc.output()).toContain('GOOGLE_CLIENT_ID');
    expect(await isListening(port)).toBe(false);
  });

  test('a Google client id without its secret refuses to start', async () => {
    const { env } = await refusedEnv({ NODE_ENV: 'test', GOOGLE_CLIENT_ID: 'client-id.apps.example' });
    const proc = spawnServerProcess(env);
    const result = await waitForExit(proc, 10_000);
    expect(result.code, proc.output()).not.toBe(0);
    expect(proc.output()).toContain('GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together');
  });
});

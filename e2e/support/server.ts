import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/** The repository root: e2e/support/../.. */
export const ROOT = resolve(import.meta.dirname, '..', '..');
export const SERVER_JS = join(ROOT, 'dist', 'server.js');

// A fresh install loads and renders the starter bank before it answers: on a busy 2-core machine that
// can take most of a minute. A server that is wrong fails on what it says, long before.
const HEALTH_TIMEOUT_MS = 90_000;
const STOP_TIMEOUT_MS = 30_000;

export function assertBuilt(): void {
  if (!existsSync(SERVER_JS) || !existsSync(join(ROOT, 'dist', 'public', 'index.html'))) {
    throw new Error(
      `${SERVER_JS} (or dist/public) is missing: run npm run build first (npm run test:e2e does it for you).`,
    );
  }
}

/** A port nobody listens on right now, from the kernel. */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      if (address === null || typeof address === 'string') {
        probe.close();
        reject(new Error('could not find a free port'));
        return;
      }
      probe.close(() => resolvePort(address.port));
    });
  });
}

/** A fresh temporary directory, removed by the returned function. */
export function tempDir(prefix = 'quiz-ladder-e2e-'): { dir: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** A child process of the built server with everything it printed, and a promise of its exit. */
export type ServerProcess = {
  child: ChildProcess;
  /** stdout and stderr interleaved, as printed so far. */
  output: () => string;
  /** Resolves with the exit code (null when killed by a signal) once the process has exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  hasExited: () => boolean;
};

/**
 * Runs `node dist/server.js ...args` with exactly the environment given on top of PATH/HOME
 * (never the caller's DATABASE_PATH, GOOGLE_* and so on), with the Node running the tests:
 * the machine's Node 20 crashes better-sqlite3.
 */
export function spawnServerProcess(env: Record<string, string>, args: string[] = []): ServerProcess {
  assertBuilt();
  const baseEnv: Record<string, string> = {};
  for (const key of ['PATH', 'HOME', 'TMPDIR', 'LANG', 'TZ']) {
    const value = process.env[key];
    if (value !== undefined) baseEnv[key] = value;
  }
  const child = spawn(process.execPath, [SERVER_JS, ...args], {
    cwd: ROOT,
    env: { ...baseEnv, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let done = false;
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    output += chunk;
  });
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    output += chunk;
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolveExit) => {
    child.on('exit', (code, signal) => {
      done = true;
      resolveExit({ code, signal });
    });
  });
  return { child, output: () => output, exited, hasExited: () => done };
}

/** Waits for a child process to exit, failing after `ms` (and killing it then). */
export async function waitForExit(
  proc: ServerProcess,
  ms: number,
): Promise<{ code: number | null; signal: NodeJS.Signals | null; elapsedMs: number }> {
  const started = Date.now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      proc.child.kill('SIGKILL');
      reject(new Error(`server did not exit within ${ms} ms. Output:\n${proc.output()}`));
    }, ms);
  });
  try {
    const result = await Promise.race([proc.exited, timeout]);
    return { ...result, elapsedMs: Date.now() - started };
  } finally {
    clearTimeout(timer);
  }
}

/** Polls GET /api/health until it answers 200; fails early when the process exits. */
export async function waitForHealth(proc: ServerProcess, baseUrl: string, ms = HEALTH_TIMEOUT_MS): Promise<void> {
  const deadline = Date.now() + ms;
  let lastProblem = 'no answer yet';
  while (Date.now() < deadline) {
    if (proc.hasExited()) {
      const { code, signal } = await proc.exited;
      throw new Error(
        `server exited (code ${code}, signal ${signal}) before answering /api/health. Output:\n${proc.output()}`,
      );
    }
    try {
      const response = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2000) });
      if (response.status === 200) return;
      lastProblem = `status ${response.status}`;
    } catch (error) {
      lastProblem = String(error);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  proc.child.kill('SIGKILL');
  throw new Error(
    `server did not answer /api/health with 200 within ${ms} ms (${lastProblem}). Output:\n${proc.output()}`,
  );
}

export type RunningServer = {
  baseUrl: string;
  port: number;
  dbPath: string;
  /** The temporary directory holding the database and uploads. */
  dir: string;
  process: ServerProcess;
  /** Sends SIGTERM and waits for the exit; returns the exit code. Idempotent. */
  stop: () => Promise<{ code: number | null; signal: NodeJS.Signals | null; elapsedMs: number }>;
  /** stop() and delete the temporary directory. */
  dispose: () => Promise<void>;
};

export type StartOptions = {
  /** Extra or overriding environment variables. */
  env?: Record<string, string>;
  /** Use this directory (and its database) instead of a fresh one; it is then not deleted by dispose(). */
  dir?: string;
  /** Listen on this port (a restart on the same address) instead of a free one. */
  port?: number;
};

/** Where global-setup.ts leaves a new install for the files' servers to start from (a copy each). */
export const TEMPLATE_INSTALL_ENV = 'E2E_TEMPLATE_INSTALL';
/** The run's Chromium, started by global-setup.ts (its WebSocket address). */
export const SHARED_BROWSER_ENV = 'E2E_BROWSER_WS';

/** A test install's files in its directory: the database and the uploaded pictures. */
const DATABASE_FILE = 'quiz-ladder.db';
const UPLOADS_FOLDER = 'uploads';

/** A new install's files copied into `dir`. */
function copyInstall(from: string, dir: string): void {
  for (const name of [DATABASE_FILE, UPLOADS_FOLDER]) cpSync(join(from, name), join(dir, name), { recursive: true });
}

/**
 * Starts the built server on a free loopback port with a new install's database (a copy of the
 * run's template, else seeded as it starts), once it is healthy.
 */
export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  assertBuilt();
  const owned = options.dir ? null : tempDir();
  const dir = options.dir ?? (owned as { dir: string }).dir;
  const template = process.env[TEMPLATE_INSTALL_ENV];
  if (owned && template) copyInstall(template, dir);
  const port = options.port ?? (await freePort());
  const dbPath = join(dir, DATABASE_FILE);
  const proc = spawnServerProcess({
    DATABASE_PATH: dbPath,
    PORT: String(port),
    HOST: '127.0.0.1',
    NODE_ENV: 'test',
    UPLOADS_DIR: join(dir, UPLOADS_FOLDER),
    ...options.env,
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(proc, baseUrl);
  } catch (error) {
    owned?.remove();
    throw error;
  }

  let stopping: ReturnType<RunningServer['stop']> | null = null;
  const stop: RunningServer['stop'] = () => {
    if (!stopping) {
      if (proc.hasExited()) {
        stopping = proc.exited.then((r) => ({ ...r, elapsedMs: 0 }));
      } else {
        proc.child.kill('SIGTERM');
        stopping = waitForExit(proc, STOP_TIMEOUT_MS);
      }
    }
    return stopping;
  };
  return {
    baseUrl,
    port,
    dbPath,
    dir,
    process: proc,
    stop,
    dispose: async () => {
      try {
        await stop();
      } finally {
        owned?.remove();
      }
    },
  };
}

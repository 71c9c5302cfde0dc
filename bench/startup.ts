/**
 * Start-up and memory, as a self-hoster meets them: a runtime's real server started as a process
 * of its own (`node dist/server.js`, or another runtime's entry), the time from spawn to the
 * first 200 from /api/health, on an empty database (migrations and the whole starter bank loaded)
 * and on an existing one, each start on an existing one beside one of a bare Fastify server's (the
 * floor, measured in the same minute on this shared machine); and its resident memory 30 s after
 * start, with nothing asking it anything.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import { join } from 'node:path';
import { summarise } from './stats';

export type StartupResult = { emptyMs: number[]; existingMs: number[]; bareMs: number[]; idleRss: number };

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** The RSS of a process from /proc; NaN where there is none (not Linux). */
export function rssOf(pid: number): { rss: number; peak: number } {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string) =>
      Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN) * 1024;
    return { rss: kb('VmRSS'), peak: kb('VmHWM') };
  } catch {
    return { rss: Number.NaN, peak: Number.NaN };
  }
}

/**
 * A runtime's server as its users start it: this Node running `args` (flags, then the script),
 * configured by the environment, with `env` added (an operator's variables).
 */
export type ServerCommand = { label: string; args: string[]; env?: Record<string, string> };

/** Starts `command` on `databasePath` and resolves once /api/health answers 200, with the time that took. */
export async function startServerProcess(
  command: ServerCommand,
  env: { databasePath: string; uploadsDir: string; extra?: Record<string, string> },
): Promise<{ child: ChildProcess; origin: string; ms: number }> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, command.args, {
    env: {
      PATH: process.env.PATH,
      DATABASE_PATH: env.databasePath,
      UPLOADS_DIR: env.uploadsDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ...command.env,
      ...env.extra,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const origin = `http://127.0.0.1:${port}`;
  while (performance.now() - started < 30_000) {
    if (child.exitCode !== null) throw new Error(`${command.label} exited (${child.exitCode}) before it was healthy`);
    const healthy = await fetch(`${origin}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (healthy) return { child, origin, ms: performance.now() - started };
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  child.kill('SIGKILL');
  throw new Error(`${command.label} did not become healthy in 30 s`);
}

export function stopProcess(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

export async function measureStartup(
  command: ServerCommand,
  bare: ServerCommand,
  runs: number,
  idleSeconds: number,
): Promise<StartupResult> {
  const emptyMs: number[] = [];
  const existingMs: number[] = [];
  const bareMs: number[] = [];
  const scratch = mkdtempSync(join(os.tmpdir(), 'quiz-ladder-startup-'));
  try {
    const existing = { databasePath: join(scratch, 'kept', 'q.db'), uploadsDir: join(scratch, 'kept', 'uploads') };
    for (let i = 0; i < runs; i++) {
      const dir = join(scratch, `empty-${i}`);
      const empty = await startServerProcess(command, {
        databasePath: join(dir, 'q.db'),
        uploadsDir: join(dir, 'uploads'),
      });
      emptyMs.push(empty.ms);
      await stopProcess(empty.child);
      rmSync(dir, { recursive: true, force: true });
    }
    await stopProcess((await startServerProcess(command, existing)).child); // the database it reuses
    let idleRss = Number.NaN;
    for (let i = 0; i < runs; i++) {
      const floor = await startServerProcess(bare, existing);
      bareMs.push(floor.ms);
      await stopProcess(floor.child);
      const { child, ms } = await startServerProcess(command, existing);
      existingMs.push(ms);
      if (i === runs - 1) {
        await new Promise((resolve) => setTimeout(resolve, idleSeconds * 1000));
        idleRss = rssOf(child.pid as number).rss;
      }
      await stopProcess(child);
    }
    return { emptyMs, existingMs, bareMs, idleRss };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

export const medianOf = (values: number[]) => summarise(values).p50;

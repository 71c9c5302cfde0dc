/**
 * The runtimes `npm run bench` compares, side by side in one run, the same load on each:
 *   - `server.js`: `node dist/server.js` as it is, no flag, no variable (what the server is);
 *   - `with-settings`: the same started with the settings an operator might add (BENCH_SETTINGS),
 *     to weigh whether any earns a place in the start command (docs/decisions/runtime.md);
 *   - `no-checkpointer`: server.js without its writer's checkpointer thread (bench/no-checkpointer.ts
 *     swapped in for server/runtime/checkpointer.ts), SQLite checkpointing on the writer's connection;
 *   - `one-thread`: the simplest design, one thread and one connection (one-thread-server.ts);
 *   - `stock-adapter`: server.js with tRPC's own Fastify adapter (stock-trpc-adapter.ts), under load only.
 * Each is started as its users start it (`serve`: start-up, idle memory, the abuse case) and as
 * the load runs use it (`bench`: the same composition behind bench-app.ts, over IPC).
 */
import { type ChildProcess, fork } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Plugin } from 'esbuild';
import { bundleServer } from '../scripts/server-bundle.mjs';
import type { ChildMessage, ParentMessage } from './bench-app';
import { databasePath, track } from './bench-db';
import { ROOT } from './settings';
import { rssOf, type ServerCommand } from './startup';

/** Node flags (`--…`) and environment variables (`NAME=value`) an operator would add, as one string. */
const SETTINGS = (process.env.BENCH_SETTINGS ?? 'MALLOC_ARENA_MAX=1 --max-semi-space-size=2').trim();
const settingFlags = SETTINGS.split(/\s+/).filter((word) => word.startsWith('--'));
const settingEnv = Object.fromEntries(
  SETTINGS.split(/\s+/)
    .filter((word) => /^[A-Z_][A-Z0-9_]*=/.test(word))
    .map((word) => word.split(/=(.*)/s).slice(0, 2) as [string, string]),
);

export type Runtime = {
  name: string;
  /** What it is, in a few words. */
  label: string;
  /** As users start it; null: measured under load only (a variant whose start-up is another's). */
  serve: ServerCommand | null;
  /** The bench's server of this runtime (bench-app.ts), an entry of the bench's bundles. */
  bench: { entry: string; execArgv: string[]; env: Record<string, string> };
};

/** The bench's bundles, built as dist/server.js is, in node_modules/.cache (buildBenchBundles). */
const CACHE = join(ROOT, 'node_modules', '.cache', 'quiz-ladder-bench');
const cached = (...parts: string[]) => join(CACHE, ...parts);
const serverJs = join(ROOT, 'dist', 'server.js');
const plain = { execArgv: [], env: {} };

const ALL_RUNTIMES: Runtime[] = [
  {
    name: 'server.js',
    label: 'node dist/server.js, as it is',
    serve: { label: 'node dist/server.js', args: [serverJs] },
    bench: { entry: cached('two-threads.mjs'), ...plain },
  },
  {
    name: 'with-settings',
    label: `node dist/server.js started with ${SETTINGS}`,
    serve: { label: `node dist/server.js with ${SETTINGS}`, args: [...settingFlags, serverJs], env: settingEnv },
    bench: { entry: cached('two-threads.mjs'), execArgv: settingFlags, env: settingEnv },
  },
  {
    name: 'no-checkpointer',
    label: 'server.js without the writer’s checkpointer thread',
    serve: { label: 'server.js without its checkpointer', args: [cached('no-checkpointer', 'server.mjs')] },
    bench: { entry: cached('no-checkpointer', 'two-threads.mjs'), ...plain },
  },
  {
    name: 'one-thread',
    label: 'one thread and one connection, every write on the event loop',
    serve: { label: 'the one-thread server', args: [cached('one-thread-server.mjs')] },
    bench: { entry: cached('one-thread.mjs'), ...plain },
  },
  {
    name: 'stock-adapter',
    label: 'server.js with tRPC’s own fastifyTRPCPlugin instead of server/trpc/fastify-adapter.ts',
    serve: null,
    bench: { entry: cached('two-threads-stock-adapter.mjs'), ...plain },
  },
];
const wanted = (process.env.BENCH_RUNTIMES ?? '').split(',').filter(Boolean);
/** In BENCH_RUNTIMES's order (runs alternated between two orders share out the machine's drift). */
export const RUNTIMES =
  wanted.length === 0
    ? ALL_RUNTIMES
    : ALL_RUNTIMES.filter((r) => wanted.includes(r.name)).sort(
        (a, b) => wanted.indexOf(a.name) - wanted.indexOf(b.name),
      );
export const SERVER_JS = ALL_RUNTIMES[0] as Runtime;
/** A bare Fastify server answering /api/health: the floor for a cold start (bare-server.ts). */
export const BARE_SERVER: ServerCommand = { label: 'a bare Fastify server', args: [cached('bare-server.mjs')] };

/** Bundles `entries` with `module` (a server source) swapped for `replacement` (a bench one). */
function swapping(module: string, replacement: string): Plugin {
  return {
    name: `swap ${module}`,
    setup(build) {
      const filter = new RegExp(`/${module.split('/').at(-1)?.replace('.ts', '')}$`);
      build.onResolve({ filter }, (args) =>
        join(args.resolveDir, `${args.path}.ts`) === join(ROOT, module) ? { path: join(ROOT, replacement) } : undefined,
      );
    },
  };
}

/**
 * The servers run bundles built as dist/server.js is (scripts/server-bundle.mjs), not the sources
 * through tsx: tsx's loader alone adds ~130 MB of RSS, which would swamp the memory figures. They
 * find the migrations and the bank in the Quiz Ladder folder (server/install-dir.ts), and
 * better-sqlite3 in the project's node_modules; each finds its threads' scripts beside it.
 */
export async function buildBenchBundles(): Promise<void> {
  rmSync(CACHE, { recursive: true, force: true });
  const source = (path: string) => join(ROOT, path);
  const threads = {
    'writer-thread': source('server/runtime/writer-thread.ts'),
    'checkpoint-thread': source('server/runtime/checkpoint-thread.ts'),
  };
  await bundleServer(
    {
      'two-threads': source('bench/two-threads.ts'),
      'one-thread': source('bench/one-thread.ts'),
      'one-thread-server': source('bench/one-thread-server.ts'),
      'bare-server': source('bench/bare-server.ts'),
      ...threads,
    },
    CACHE,
    '.mjs',
  );
  await bundleServer({ 'two-threads-stock-adapter': source('bench/two-threads.ts') }, CACHE, '.mjs', [
    swapping('server/trpc/fastify-adapter.ts', 'bench/stock-trpc-adapter.ts'),
  ]);
  await bundleServer(
    {
      server: source('server/index.ts'),
      'two-threads': source('bench/two-threads.ts'),
      'writer-thread': threads['writer-thread'],
    },
    cached('no-checkpointer'),
    '.mjs',
    [swapping('server/runtime/checkpointer.ts', 'bench/no-checkpointer.ts')],
  );
}

export type BenchServer = { port: number; process: ChildProcess };

/** Starts a runtime's bench server (bench-app.ts) on the bench's database; resolves once it listens. */
export async function startBenchServer(runtime: Runtime): Promise<BenchServer> {
  const profileDir = process.env.BENCH_CPU_PROF?.trim();
  const execArgv = [
    ...runtime.bench.execArgv,
    ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${resolve(profileDir)}`] : []),
  ];
  const started = track(
    fork(runtime.bench.entry, [databasePath], {
      cwd: ROOT,
      execArgv,
      env: { ...process.env, ...runtime.bench.env },
      stdio: 'inherit',
    }),
  );
  return new Promise((resolvePort, reject) => {
    started.once('exit', (code) => reject(new Error(`server process exited (${code}) before listening`)));
    started.on('message', (message: ChildMessage) => {
      if (message.type === 'listening') resolvePort({ port: message.port, process: started });
    });
  });
}

export function send(to: ChildProcess, message: ParentMessage) {
  to.send(message);
}

/** Asks a bench server to close, and waits until its process has exited. */
export function stopBenchServer(server: BenchServer): Promise<void> {
  return new Promise<void>((resolveExit) => {
    server.process.once('exit', () => resolveExit());
    send(server.process, { type: 'stop' });
  });
}

/** Samples the server's RSS every 100 ms while `work` runs; returns its result and the peak seen. */
export async function withRss<T>(pid: number, work: () => Promise<T>): Promise<{ result: T; peakRss: number }> {
  let peakRss = rssOf(pid).rss;
  const timer = setInterval(() => {
    const now = rssOf(pid).rss;
    if (!(now <= peakRss)) peakRss = now;
  }, 100);
  try {
    return { result: await work(), peakRss };
  } finally {
    clearInterval(timer);
  }
}

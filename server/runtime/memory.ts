import v8 from 'node:v8';

/**
 * V8's heap as dist/server.js runs (bench/README.md, "Memory", has what each measured): a young
 * generation of 2 MB semi-spaces, fixed (V8 would grow it to 16 MB under load and keep it: ~100 MB
 * more at the peak; 2 MB instead of 4 held the peak ~8–10 MB lower, game starts a second within
 * the machine's noise); the old generation collected once it has grown by half over what was live
 * after the last full collection (by default V8 lets it quadruple when collections are cheap: 90 MB
 * of garbage under load); and allocation-site pretenuring off (under load it promoted short-lived
 * request objects straight to the old generation, which cost a full collection every second).
 */
export const HEAP_FLAGS = [
  '--min-semi-space-size=2',
  '--max-semi-space-size=2',
  '--heap-growing-percent=50',
  '--no-allocation-site-pretenuring',
];

/**
 * glibc's malloc gives each thread that allocates an arena of its own (up to eight per core), and
 * memory freed in one is not reused by another: two arenas held the peak under load 15–20 MB lower
 * than eight at the same speed, one a further ~5 MB (the writer's and V8's helper threads no longer
 * keep an arena of their own). Read once, when the process starts; other C libraries ignore it.
 */
export const MALLOC_ENV = { MALLOC_ARENA_MAX: '1' };

const flagName = (flag: string) => flag.split('=')[0];

/**
 * `node dist/server.js` takes no flags, and V8 sizes its heap (as malloc its arenas) only when the
 * process starts: the process starts itself again, same PID, with HEAP_FLAGS and MALLOC_ENV, before
 * it has loaded anything. A flag or variable already given wins. Not where that would lose
 * something (a parent's IPC channel, which execve drops) or cannot be done (Windows, a Node without
 * process.execve): there tuneHeap() does what can be done from inside.
 */
export function restartWithMemoryTuning(): void {
  const given = new Set(process.execArgv.map(flagName));
  const missing = HEAP_FLAGS.filter((flag) => !given.has(flagName(flag)));
  if (missing.length === 0) return;
  if (process.send || process.platform === 'win32' || typeof process.execve !== 'function') {
    tuneHeap();
    return;
  }
  process.execve(process.execPath, [process.execPath, ...process.execArgv, ...missing, ...process.argv.slice(1)], {
    ...MALLOC_ENV,
    ...process.env,
  });
}

/**
 * The heap tuned from inside a running V8, as far as that goes: the young generation kept at its
 * smallest (it cannot be capped any more once V8 has started), the old generation growing by half,
 * pretenuring off.
 */
export function tuneHeap(): void {
  v8.setFlagsFromString('--semi-space-growth-factor=1');
  v8.setFlagsFromString('--heap-growing-percent=50');
  v8.setFlagsFromString('--no-allocation-site-pretenuring');
}

import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { HEAP_FLAGS, MALLOC_ENV } from './memory';

const memoryModule = join(import.meta.dirname, 'memory.ts');

/** Runs a script that restarts itself with the tuning, and reports what it then runs with. */
function runRestarting(nodeArgs: string[], env: NodeJS.ProcessEnv = {}) {
  const script = join(mkdtempSync(join(tmpdir(), 'quiz-memory-')), 'restart.mts');
  writeFileSync(
    script,
    `const first = process.env.FIRST_PID ?? String(process.pid);
process.env.FIRST_PID = first;
const { restartWithMemoryTuning } = await import(${JSON.stringify(memoryModule)});
restartWithMemoryTuning();
console.log(JSON.stringify({ firstPid: first, pid: String(process.pid), execArgv: process.execArgv, arenas: process.env.MALLOC_ARENA_MAX ?? null }));`,
  );
  const { MALLOC_ARENA_MAX: _ignored, ...baseEnv } = process.env;
  const result = spawnSync(process.execPath, [...nodeArgs, '--import', 'tsx', script], {
    env: { ...baseEnv, ...env },
    encoding: 'utf8',
  });
  expect(result.status, result.stderr).toBe(0);
  return JSON.parse(result.stdout.trim().split('\n').at(-1) as string) as {
    firstPid: string;
    pid: string;
    execArgv: string[];
    arenas: string | null;
  };
}

describe('restartWithMemoryTuning', () => {
  test('starts the process again, same PID, with the heap flags and one malloc arena', () => {
    const run = runRestarting([]);
    expect(run.pid).toBe(run.firstPid);
    for (const flag of HEAP_FLAGS) expect(run.execArgv).toContain(flag);
    expect(run.arenas).toBe(MALLOC_ENV.MALLOC_ARENA_MAX);
  });

  test('a flag or variable the operator gave wins', () => {
    const run = runRestarting(['--max-semi-space-size=16'], { MALLOC_ARENA_MAX: '4' });
    expect(run.execArgv).toContain('--max-semi-space-size=16');
    expect(run.execArgv).not.toContain('--max-semi-space-size=2');
    expect(run.execArgv).toContain('--heap-growing-percent=50');
    expect(run.arenas).toBe('4');
  });

  test('does not restart once tuned', () => {
    const run = runRestarting(HEAP_FLAGS);
    expect(run.pid).toBe(run.firstPid);
    expect(run.arenas).toBeNull();
  });
});

import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const hasSetpriv = spawnSync('setpriv', ['--version']).status === 0;
const dir = mkdtempSync(join(tmpdir(), 'quiz-ladder-espeak-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** An espeak-ng that answers --version and then, asked to speak, never finishes (nor writes). */
const standIn = join(dir, 'espeak-ng');
writeFileSync(standIn, '#!/bin/sh\ncase "$1" in --version) echo "eSpeak NG stand-in";; *) exec sleep 60;; esac\n');
chmodSync(standIn, 0o755);

/** The processes whose parent is `pid`, by /proc; a zombie (dead, not yet reaped) is not one. */
function childrenOf(pid: number): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .flatMap((name) => {
      try {
        // "pid (comm) state ppid …": comm may hold spaces, so read after its closing parenthesis.
        const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
        const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        return Number(ppid) === pid && state !== 'Z' ? [Number(name)] : [];
      } catch {
        return []; // gone meanwhile
      }
    });
}

function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

describe.runIf(process.platform === 'linux' && hasSetpriv)('espeak-ng and the server', () => {
  let server: ChildProcess | null = null;
  let espeak: number[] = [];
  afterAll(() => {
    server?.kill('SIGKILL');
    // Should it outlive the server (the failure this test looks for), it goes all the same.
    for (const pid of espeak.filter(alive)) process.kill(pid, 'SIGKILL');
  });

  it('dies with the server, even when the server is killed with SIGKILL mid-line', async () => {
    const script = join(import.meta.dirname, '..', 'test', 'speaking-server.ts');
    server = spawn(process.execPath, ['--import', 'tsx', script, standIn, join(dir, 'speech')], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const pid = server.pid as number;
    // The line being made: espeak-ng started by the server (the version check has come and gone).
    await expect
      .poll(
        () => {
          espeak = childrenOf(pid).filter((child) => readFileSync(`/proc/${child}/cmdline`, 'utf8').includes('sleep'));
          return espeak.length;
        },
        { timeout: 20_000, interval: 50 },
      )
      .toBe(1);
    const [child] = espeak as [number];

    process.kill(pid, 'SIGKILL');
    await expect.poll(() => alive(child), { timeout: 1_000, interval: 20 }).toBe(false);
  }, 30_000);
});

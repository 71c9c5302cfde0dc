/**
 * One account at full speed against everyone else: a runtime's real server (`node dist/server.js`,
 * as self-hosters run it, with its real per-account limits) on the bench's database; families
 * playing at a person's pace (families-child.ts) first alone, then while one account sends
 * tRPC batches of game.start over several connections as fast as the server answers (load.ts,
 * closed loop). What matters is the families' latency under the abuse, and that the abuse neither
 * starts games beyond its limit nor fills the disk.
 *
 * Before the abuse, each family's first call (a game start) is timed twice: cold, on the server
 * left idle QUIET_SECONDS after its start, its writer thread not yet started (as after a quiet
 * spell, when the writer has rested; its code not yet optimised either, which a quiet spell does not
 * undo: an upper bound), and warm, once the families have played.
 */
import { fork } from 'node:child_process';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { findSession } from '../server/auth/session';
import { signIn } from '../server/auth/sign-in';
import { closeDatabase, openDatabase } from '../server/db/database';
import { createProfile } from '../server/services/profiles';
import type { FamiliesJob, FamiliesResult, Family } from './families-child';
import { type LoadResult, type PostRequest, runLoad } from './load';
import { rssOf, type ServerCommand, startServerProcess, stopProcess } from './startup';
import { type Latency, summarise } from './stats';

export type AbuseResult = {
  families: number;
  /** Each family's first call: on the server idle since its start, then once it has served them. */
  firstCalls: { cold: Latency; warm: Latency };
  alone: Latency & { failed: number };
  underAbuse: Latency & { failed: number; statuses: Record<string, number> };
  abuser: LoadResult & { callsPerRequest: number };
  gamesStartedByAbuser: number;
  peakWalBytes: number;
  peakRssBytes: number;
};

const BATCH = 10;
/** How long the server idles after its start before the families' first calls. */
const QUIET_SECONDS = 5;

/** Accounts with one profile each, written straight into the database before the server starts (no sign-in limit). */
function setUpAccounts(databasePath: string, count: number, runId: string): { token: string; profileId: string }[] {
  const db = openDatabase(databasePath);
  try {
    return Array.from({ length: count }, (_, i) => {
      const email = `abuse-${runId}-${i}@example.com`;
      const { token } = signIn(
        db,
        { subject: `local:${email}`, email, displayName: `Family ${i}`, photoUrl: null },
        [],
        null,
      );
      const userId = findSession(db, token)?.user.id as string;
      const profile = createProfile(db, userId, { name: `Kid ${i}`, age: 9, avatar: 'avatar1.svg' });
      return { token, profileId: profile.id };
    });
  } finally {
    closeDatabase(db);
  }
}

function runFamilies(job: FamiliesJob): Promise<FamiliesResult> {
  const child = fork(join(import.meta.dirname, 'families-child.ts'), {
    execArgv: ['--import', 'tsx'],
    stdio: 'inherit',
  });
  return new Promise((resolve, reject) => {
    child.once('message', (result: FamiliesResult) => resolve(result));
    child.once('exit', (code) => reject(new Error(`the families process exited (${code}) without a result`)));
    child.send(job);
  });
}

export async function runAbuseCase(options: {
  command: ServerCommand;
  databasePath: string;
  scratch: string;
  seconds: number;
  families: number;
  abuserConnections: number;
  paceMs: number;
}): Promise<AbuseResult> {
  const runId = Date.now().toString(36);
  const [abuser, ...others] = setUpAccounts(options.databasePath, options.families + 1, runId);
  if (!abuser) throw new Error('no abusive account');
  const families: Family[] = others.map(({ token, profileId }) => ({ cookie: `ql_session=${token}`, profileId }));
  const { child, origin } = await startServerProcess(options.command, {
    databasePath: options.databasePath,
    uploadsDir: join(options.scratch, 'uploads'),
  });
  const pid = child.pid as number;

  let peakWalBytes = 0;
  let peakRssBytes = 0;
  const sampler = setInterval(() => {
    peakWalBytes = Math.max(
      peakWalBytes,
      statSync(`${options.databasePath}-wal`, { throwIfNoEntry: false })?.size ?? 0,
    );
    peakRssBytes = Math.max(peakRssBytes, rssOf(pid).rss || 0);
  }, 100);

  try {
    await new Promise((resolve) => setTimeout(resolve, QUIET_SECONDS * 1000));
    const alone = await runFamilies({ origin, families, seconds: options.seconds, paceMs: options.paceMs });
    // New processes, new connections, a new game for each family, as the cold calls were.
    const again = await runFamilies({ origin, families, seconds: (2 * options.paceMs) / 1000, paceMs: options.paceMs });
    const abuseRequest: PostRequest = {
      path: `/trpc/${Array(BATCH).fill('game.start').join(',')}?batch=1`,
      headers: { 'content-type': 'application/json', origin, cookie: `ql_session=${abuser.token}` },
      body: JSON.stringify(
        Object.fromEntries(
          Array.from({ length: BATCH }, (_, i) => [
            i,
            { profileId: abuser.profileId, categoryId: 'random', lang: 'en' },
          ]),
        ),
      ),
    };
    const gamesBefore = gamesOf(options.databasePath, abuser.profileId);
    const [underAbuse, abuse] = await Promise.all([
      runFamilies({ origin, families, seconds: options.seconds * 2, paceMs: options.paceMs }),
      runLoad({
        origin,
        requests: [abuseRequest],
        connections: options.abuserConnections,
        seconds: options.seconds * 2,
        warmupSeconds: 0,
      }),
    ]);
    return {
      families: families.length,
      firstCalls: { cold: summarise(alone.firstCallsMs), warm: summarise(again.firstCallsMs) },
      alone: { ...summarise(alone.latenciesMs), failed: alone.failed },
      underAbuse: { ...summarise(underAbuse.latenciesMs), failed: underAbuse.failed, statuses: underAbuse.statuses },
      abuser: { ...abuse, callsPerRequest: BATCH },
      gamesStartedByAbuser: gamesOf(options.databasePath, abuser.profileId) - gamesBefore,
      peakWalBytes,
      peakRssBytes,
    };
  } finally {
    clearInterval(sampler);
    await stopProcess(child);
  }
}

function gamesOf(databasePath: string, profileId: string): number {
  const db = new Database(databasePath, { readonly: true, fileMustExist: true });
  try {
    return db.prepare('SELECT count(*) FROM games WHERE profile_id = ?').pluck().get(profileId) as number;
  } finally {
    db.close();
  }
}

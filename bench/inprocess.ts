// Defines the session lookup's prepared queries, so that their plans are checked too.
import '../server/auth/session';
import type { Db } from '../server/db/database';
import { everyPreparedSql } from '../server/db/prepared';
import { RECENT_GAMES_TO_AVOID, startGame } from '../server/services/game';
import { pickQuestionIds, sampleSelectionQueries } from '../server/services/question-picker';
import { createAccount, createProfileRow } from '../server/test/factories';
import { ageCategoriesByNearness } from '../shared/age';
import { type Latency, timeCalls } from './stats';

export type InProcessResults = {
  selection: { label: string; latency: Latency }[];
  startGame: { label: string; latency: Latency }[];
  plans: { sql: string; plan: string[]; suspicious: boolean }[];
};

const KIDS = ageCategoriesByNearness('Kids');

/** Selection alone, then the whole start-game service, for Kids profiles (age 9). */
export function runInProcess(
  db: Db,
  categoryIds: number[],
  options: { iterations: number; warmup: number },
): InProcessResults {
  const { iterations, warmup } = options;
  const category = categoryIds[0] as number;
  const time = (fn: (i: number) => unknown) => timeCalls(iterations, warmup, fn);

  // What 10 recent games of one category leave to avoid: 150 ids of that category (and of random games).
  const recentIds = (categoryId: number | null) => {
    const ids = new Set<number>();
    for (let g = 0; g < RECENT_GAMES_TO_AVOID; g++) {
      for (const id of pickQuestionIds(db, { categoryId, ages: KIDS, avoid: ids })) ids.add(id);
    }
    return ids;
  };
  const avoidCategory = recentIds(category);
  const avoidRandom = recentIds(null);
  const none = new Set<number>();

  const selection = [
    { label: 'Kids, one category, nothing to avoid', request: { categoryId: category, ages: KIDS, avoid: none } },
    { label: 'Kids, random, nothing to avoid', request: { categoryId: null, ages: KIDS, avoid: none } },
    {
      label: `Kids, one category, avoiding ${avoidCategory.size} (10 recent games)`,
      request: { categoryId: category, ages: KIDS, avoid: avoidCategory },
    },
    {
      label: `Kids, random, avoiding ${avoidRandom.size} (10 recent games)`,
      request: { categoryId: null, ages: KIDS, avoid: avoidRandom },
    },
  ].map(({ label, request }) => ({ label, latency: time(() => pickQuestionIds(db, request)) }));

  // Steady profiles: each already has 10 recent games, so every start avoids 150 questions.
  const account = createAccount(db, { email: 'bench-in-process@example.com' });
  const steady = Array.from({ length: 20 }, () => createProfileRow(db, account.userId, { age: 9 }));
  for (const profileId of steady) {
    for (let g = 0; g < RECENT_GAMES_TO_AVOID; g++)
      startGame(db, account.userId, { profileId, categoryId: 'random', lang: 'en' });
  }
  // Fresh profiles: no game yet, one start each.
  const fresh = Array.from({ length: iterations + warmup }, () => createProfileRow(db, account.userId, { age: 9 }));
  const start = (profileId: string, categoryId: number | 'random') => {
    if (!startGame(db, account.userId, { profileId, categoryId, lang: 'en' })) throw new Error('no game started');
  };
  const steadyProfile = (i: number) => steady[i % steady.length] as string;
  const startGameResults = [
    { label: 'fresh profile, one category', latency: time((i) => start(fresh[i] as string, category)) },
    {
      label: '10 recent games, one category',
      latency: time((i) => start(steadyProfile(i), categoryIds[i % categoryIds.length] as number)),
    },
    { label: '10 recent games, random', latency: time((i) => start(steadyProfile(i), 'random')) },
  ];

  // Every hot query is a prepared one (see server/db/prepared.ts), plus the selection seeks.
  const plans = queryPlans(db, [...sampleSelectionQueries(category), ...everyPreparedSql(db)]);
  return { selection, startGame: startGameResults, plans };
}

/** EXPLAIN QUERY PLAN of each statement; full scans and temporary sorts are flagged. */
function queryPlans(db: Db, sources: string[]): InProcessResults['plans'] {
  return [...new Set(sources)]
    .filter((sql) => /^\s*(select|update|delete|insert)/i.test(sql))
    .map((sql) => {
      const parameters = (sql.match(/\?/g) ?? []).map(() => null);
      const rows = db.$client.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...parameters) as { detail: string }[];
      const plan = rows.map((row) => row.detail);
      const suspicious = plan.some((step) => /^SCAN (?!CONSTANT)/.test(step) || /TEMP B-TREE/.test(step));
      return { sql, plan, suspicious };
    });
}

// Defines the session lookup's prepared queries, so that their plans are checked too.
import '../server/auth/session';
import { ageCategoriesByNearness } from '#shared/age.ts';
import type { Db } from '../server/db/database';
import { everyPreparedSql } from '../server/db/prepared';
import { startGame } from '../server/game/game';
import { FAMILY_GAMES_REMEMBERED, type FamilyGame, heardByFamily, withGame } from '../server/services/family-games';
import { pickQuestionIds, sampleSelectionQueries } from '../server/services/question-picker';
import { createAccount, createProfileRow } from '../server/test/factories';
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

  // What a family's remembered games leave to avoid: 15 ids a game remembered, of one category (or of random games).
  const familyHeard = (categoryId: number | null) => {
    let games: FamilyGame[] = [];
    for (let g = 0; g < FAMILY_GAMES_REMEMBERED; g++) {
      const heard = heardByFamily(games, 'sibling');
      games = withGame(games, 'sibling', pickQuestionIds(db, { categoryId, ages: KIDS, heard }));
    }
    return heardByFamily(games, 'player');
  };
  const heardCategory = familyHeard(category);
  const heardRandom = familyHeard(null);
  const none = new Map();

  const selection = [
    { label: 'Kids, one category, nothing heard', request: { categoryId: category, ages: KIDS, heard: none } },
    { label: 'Kids, random, nothing heard', request: { categoryId: null, ages: KIDS, heard: none } },
    {
      label: `Kids, one category, the family heard ${heardCategory.size} (${FAMILY_GAMES_REMEMBERED} games)`,
      request: { categoryId: category, ages: KIDS, heard: heardCategory },
    },
    {
      label: `Kids, random, the family heard ${heardRandom.size} (${FAMILY_GAMES_REMEMBERED} games)`,
      request: { categoryId: null, ages: KIDS, heard: heardRandom },
    },
  ].map(({ label, request }) => ({ label, latency: time(() => pickQuestionIds(db, request)) }));

  // A steady family: its profiles' games fill what it remembers, so every start avoids all of them.
  const account = createAccount(db, { email: 'bench-in-process@example.com' });
  const steady = Array.from({ length: 20 }, () => createProfileRow(db, account.userId, { age: 9 }));
  for (let g = 0; g < FAMILY_GAMES_REMEMBERED; g++) {
    startGame(db, account.userId, { profileId: steady[g % steady.length] as string, categoryId: 'random', lang: 'en' });
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
      label: `family of ${FAMILY_GAMES_REMEMBERED} games, one category`,
      latency: time((i) => start(steadyProfile(i), categoryIds[i % categoryIds.length] as number)),
    },
    {
      label: `family of ${FAMILY_GAMES_REMEMBERED} games, random`,
      latency: time((i) => start(steadyProfile(i), 'random')),
    },
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
      // A virtual table (a JSON list of ids, the search index by rowid) is scanned as it is meant to be.
      const suspicious = plan.some(
        (step) => /^SCAN (?!CONSTANT|\w+ VIRTUAL TABLE)/.test(step) || /TEMP B-TREE/.test(step),
      );
      return { sql, plan, suspicious };
    });
}

import type { Statement } from 'better-sqlite3';
import { AGE_CATEGORIES, type AgeCategory } from '#shared/age.ts';
import { type Difficulty, isDifficulty } from '#shared/game-status.ts';
import { ladderDifficulty, QUESTIONS_PER_GAME } from '#shared/ladder.ts';
import { randomPermutation } from '#shared/shuffle.ts';
import { type Db, inTransaction } from '../db/database';
import { preparedQueries } from '../db/prepared';
import { FAMILY_RECENT_GAMES, type Heard } from './family-games';

export type PickRequest = {
  /** null: any category (a random game). */
  categoryId: number | null;
  /** Age categories in order of preference; 'any' draws each question from a random one. */
  ages: readonly AgeCategory[] | 'any';
  /** What the player's family has heard lately (family-games.ts); empty for none. */
  heard: ReadonlyMap<number, Heard>;
  count?: number;
  /** The player's age: the youngest children's ladder leans on easy questions (shared/ladder.ts). */
  age?: number;
};

/** The wanted difficulty first, then the nearer ones. */
function difficultiesNear(target: Difficulty): Difficulty[] {
  if (target === 1) return [1, 2, 3];
  if (target === 2) return [2, 1, 3];
  return [3, 2, 1];
}

type Bucket = { categoryId: number | null; age: AgeCategory; difficulty: Difficulty };
type Seek = Statement<[number], number>;

/**
 * The SQL that walks one bucket's slice of a selection index from a random key: forwards from
 * it (`>=`), or from the bucket's start up to it (`<`). The bucket is written into the SQL, not
 * bound: with the bucket bound, SQLite re-planned this statement on every run, at several times
 * the cost of the seek (bench/README.md). The values are checked before they are inlined: an integer id, a member of
 * AGE_CATEGORIES and a difficulty of 1 to 3.
 */
export function seekSql(bucket: Bucket, op: '>=' | '<'): string {
  if (
    !Number.isInteger(bucket.categoryId ?? 0) ||
    !AGE_CATEGORIES.includes(bucket.age) ||
    !isDifficulty(bucket.difficulty)
  ) {
    throw new Error(`Not a selection bucket: ${JSON.stringify(bucket)}`);
  }
  const category = bucket.categoryId === null ? '' : `category_id = ${bucket.categoryId} AND `;
  return (
    `SELECT id FROM questions WHERE ${category}age_category = '${bucket.age}' AND difficulty = ${bucket.difficulty} ` +
    `AND random_key ${op} ? ORDER BY random_key`
  );
}

/**
 * Each bucket's two seeks, prepared on first use and kept: at most two per (category or any)
 * x age category x difficulty.
 */
const seeksFor = preparedQueries((db) => {
  const seeks = new Map<string, [Seek, Seek]>();
  return (bucket: Bucket): [Seek, Seek] => {
    const key = `${bucket.categoryId}/${bucket.age}/${bucket.difficulty}`;
    let pair = seeks.get(key);
    if (!pair) {
      const prepare = (op: '>=' | '<') => db.$client.prepare<[number], number>(seekSql(bucket, op)).pluck();
      pair = [prepare('>='), prepare('<')];
      seeks.set(key, pair);
    }
    return pair;
  };
});

/** The SQL of the seeks of one category's bucket and of one any-category bucket, for EXPLAIN QUERY PLAN checks. */
export function sampleSelectionQueries(categoryId: number): string[] {
  const buckets: Bucket[] = [
    { categoryId, age: 'Kids', difficulty: 1 },
    { categoryId: null, age: 'Adults', difficulty: 3 },
  ];
  return buckets.flatMap((bucket) => [seekSql(bucket, '>='), seekSql(bucket, '<')]);
}

/**
 * One random question of a bucket that is not excluded, or null when the bucket has none left:
 * selection seeks the (category, age, difficulty, random_key) index from a random key to the end
 * of the bucket, then from its start round to that key, never scanning the table (ORDER BY
 * random() reads every row). The first row from the key is nearly always taken: one `get` for
 * it, an iterator only when it is excluded. Leaving a loop resets the statement, so
 * only the rows looked at are read.
 */
function seekOne(seeks: [Seek, Seek], isExcluded: (id: number) => boolean): number | null {
  const start = Math.random();
  const first = seeks[0].get(start);
  if (first !== undefined && !isExcluded(first)) return first;
  for (const statement of seeks) {
    for (const id of statement.iterate(start)) {
      if (!isExcluded(id)) return id;
    }
  }
  return null;
}

/** Heard by nobody in the family, as far back as it remembers. */
const isUnheard = (heard: Heard | undefined) => heard === undefined;
/** Heard in the family's last games, by anyone. */
const isRecent = (heard: Heard | undefined) => heard !== undefined && heard.gamesAgo < FAMILY_RECENT_GAMES;
/** New to this player, and not heard by the family lately. */
const isFresh = (heard: Heard | undefined) => heard === undefined || (!heard.byPlayer && !isRecent(heard));

/**
 * One step of the selection: where it looks, which questions it takes there, and in what order:
 * at random, or the one the family heard longest ago first.
 */
type Pass = { ages: 'own' | 'others' | 'all'; takes: (heard: Heard | undefined) => boolean; oldestFirst: boolean };

const everything = () => true;

/**
 * The order in which a game gives way when its player's pool runs short ("as far as the pool
 * allows"): first what nobody in the family has heard, so that a family remembering three weeks of
 * games hears nothing twice in them (issue 29); then what this player never heard and nobody heard
 * lately (a brother's or sister's older questions); then this player's older questions; then the
 * same in the other age groups; and when the family has heard everything lately, the questions heard
 * longest ago come back first.
 */
const PASSES: readonly Pass[] = [
  { ages: 'own', takes: isUnheard, oldestFirst: false },
  { ages: 'own', takes: isFresh, oldestFirst: false },
  { ages: 'own', takes: (heard) => !isRecent(heard), oldestFirst: true },
  { ages: 'others', takes: isUnheard, oldestFirst: false },
  { ages: 'others', takes: isFresh, oldestFirst: false },
  { ages: 'others', takes: (heard) => !isRecent(heard), oldestFirst: true },
  { ages: 'all', takes: everything, oldestFirst: true },
];
/** Without a family (an API caller), anything of any age, at random. */
const ANY: readonly Pass[] = [{ ages: 'all', takes: everything, oldestFirst: false }];

/**
 * Up to `count` distinct question ids for a game, easy to hard, for a player whose family heard
 * `request.heard` lately: each position takes its difficulty (or the nearest other) from the first
 * pass of PASSES that has a question left for it.
 */
export function pickQuestionIds(db: Db, request: PickRequest): number[] {
  // One read transaction for every seek (or the caller's): each statement outside one takes
  // and drops the database's read lock, which costs more than the seek.
  return inTransaction(db, () => pick(seeksFor(db), request));
}

function agesFor(request: PickRequest, pass: Pass['ages']): readonly AgeCategory[] {
  if (request.ages === 'any') {
    return randomPermutation(AGE_CATEGORIES.length).map((i) => AGE_CATEGORIES[i] as AgeCategory);
  }
  if (pass === 'own') return request.ages.slice(0, 1);
  if (pass === 'others') return request.ages.slice(1);
  return request.ages;
}

function pick(seeksOf: ReturnType<typeof seeksFor>, request: PickRequest): number[] {
  const count = request.count ?? QUESTIONS_PER_GAME;
  const picked: { id: number; difficulty: number; order: number }[] = [];
  const pickedIds = new Set<number>();

  for (const pass of request.ages === 'any' ? ANY : PASSES) {
    const isExcluded = (id: number) => pickedIds.has(id) || !pass.takes(request.heard.get(id));
    const find = (bucket: Bucket) =>
      pass.oldestFirst
        ? leastRecentlyHeard(seeksOf(bucket), isExcluded, request.heard)
        : seekOne(seeksOf(bucket), isExcluded);
    while (picked.length < count) {
      const found = firstInBuckets(
        request,
        agesFor(request, pass.ages),
        ladderDifficulty(picked.length, count, request.age),
        find,
      );
      if (!found) break;
      picked.push({ ...found, order: picked.length });
      pickedIds.add(found.id);
    }
  }
  return picked.sort((a, b) => a.difficulty - b.difficulty || a.order - b.order).map((p) => p.id);
}

/** The first question `find` finds in the ages' buckets, the wanted difficulty first, then the nearer ones. */
function firstInBuckets(
  request: PickRequest,
  ages: readonly AgeCategory[],
  target: Difficulty,
  find: (bucket: Bucket) => number | null,
): { id: number; difficulty: number } | null {
  for (const age of ages) {
    for (const difficulty of difficultiesNear(target)) {
      const id = find({ categoryId: request.categoryId, age, difficulty });
      if (id !== null) return { id, difficulty };
    }
  }
  return null;
}

/**
 * The bucket's question heard longest ago, among those not excluded. Used only once the family has
 * heard every question of the bucket that a random pass could take, so the bucket is no larger than
 * what a family remembers.
 */
function leastRecentlyHeard(
  seeks: [Seek, Seek],
  isExcluded: (id: number) => boolean,
  heard: ReadonlyMap<number, Heard>,
): number | null {
  let oldest: { id: number; gamesAgo: number } | null = null;
  for (const id of seeks[0].iterate(0)) {
    if (isExcluded(id)) continue;
    const gamesAgo = heard.get(id)?.gamesAgo ?? Number.POSITIVE_INFINITY;
    if (!oldest || gamesAgo > oldest.gamesAgo) oldest = { id, gamesAgo };
  }
  return oldest?.id ?? null;
}

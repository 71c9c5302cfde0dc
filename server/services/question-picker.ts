import { AGE_CATEGORIES, type AgeCategory } from '../../shared/age';
import { QUESTIONS_PER_GAME } from '../../shared/ladder';
import { randomPermutation } from '../../shared/shuffle';
import type { Db } from '../db/database';

export type PickRequest = {
  /** null: any category (a random game). */
  categoryId: number | null;
  /** Age categories in order of preference; 'any' draws each question from a random one. */
  ages: readonly AgeCategory[] | 'any';
  /** Question ids to avoid while others are left (recently served). */
  avoid: ReadonlySet<number>;
  count?: number;
};

/** The ladder climbs from easy to hard: a third of the questions at each difficulty. */
export function difficultyForPosition(position: number, count: number = QUESTIONS_PER_GAME): 1 | 2 | 3 {
  const third = position / count;
  return third < 1 / 3 ? 1 : third < 2 / 3 ? 2 : 3;
}

/** The wanted difficulty first, then the nearer ones. */
function difficultiesNear(target: 1 | 2 | 3): (1 | 2 | 3)[] {
  if (target === 1) return [1, 2, 3];
  if (target === 2) return [2, 1, 3];
  return [3, 2, 1];
}

type Statements = ReturnType<typeof prepareStatements>;
const statementCache = new WeakMap<Db, Statements>();

/**
 * Selection seeks the (category, age, difficulty, random_key) index from a random point: a
 * handful of index seeks per game, never a scan (ORDER BY random() reads every row: ~200 ms at a
 * million questions). Raw prepared statements, because this is the hottest path in the server.
 */
function prepareStatements(db: Db) {
  const sqlite = db.$client;
  const select = (where: string, op: '>=' | '<') =>
    sqlite
      .prepare<unknown[], { id: number }>(
        `SELECT id FROM questions WHERE ${where} AND random_key ${op} ? ORDER BY random_key LIMIT ?`,
      )
      .raw(false);
  const inCategory = 'category_id = ? AND age_category = ? AND difficulty = ?';
  const anyCategory = 'age_category = ? AND difficulty = ?';
  return {
    categoryFrom: select(inCategory, '>='),
    categoryBefore: select(inCategory, '<'),
    anyFrom: select(anyCategory, '>='),
    anyBefore: select(anyCategory, '<'),
  };
}

function statementsFor(db: Db): Statements {
  let statements = statementCache.get(db);
  if (!statements) {
    statements = prepareStatements(db);
    statementCache.set(db, statements);
  }
  return statements;
}

/** The SQL of the hot selection queries, for EXPLAIN QUERY PLAN checks. */
export function selectionQueriesFor(db: Db) {
  const s = statementsFor(db);
  return [s.categoryFrom, s.categoryBefore, s.anyFrom, s.anyBefore].map((statement) => statement.source);
}

/** One random question of a bucket that is not excluded, or null when the bucket has none left. */
function seekOne(
  statements: Statements,
  bucket: { categoryId: number | null; age: AgeCategory; difficulty: number },
  isExcluded: (id: number) => boolean,
  excludedCount: number,
): number | null {
  const start = Math.random();
  // A window one larger than everything excluded always holds a usable row if the bucket has one there.
  const window = excludedCount + 1;
  const keys =
    bucket.categoryId === null ? [bucket.age, bucket.difficulty] : [bucket.categoryId, bucket.age, bucket.difficulty];
  const [from, before] =
    bucket.categoryId === null
      ? [statements.anyFrom, statements.anyBefore]
      : [statements.categoryFrom, statements.categoryBefore];
  for (const statement of [from, before]) {
    for (const row of statement.all(...keys, start, window)) {
      if (!isExcluded(row.id)) return row.id;
    }
  }
  return null;
}

/**
 * Up to `count` distinct question ids for a game, easy to hard. Each position takes its
 * difficulty from the profile's own age category first, then the nearest others; questions in
 * `avoid` are used only when nothing else is left.
 */
export function pickQuestionIds(db: Db, request: PickRequest): number[] {
  const statements = statementsFor(db);
  const count = request.count ?? QUESTIONS_PER_GAME;
  const picked: { id: number; difficulty: number; order: number }[] = [];
  const pickedIds = new Set<number>();

  for (const avoidRecent of [true, false]) {
    const isExcluded = (id: number) => pickedIds.has(id) || (avoidRecent && request.avoid.has(id));
    while (picked.length < count) {
      const position = picked.length;
      const target = difficultyForPosition(position, count);
      const ages =
        request.ages === 'any'
          ? randomPermutation(AGE_CATEGORIES.length).map((i) => AGE_CATEGORIES[i] as AgeCategory)
          : request.ages;
      const excludedCount = pickedIds.size + (avoidRecent ? request.avoid.size : 0);
      let found: { id: number; difficulty: number } | null = null;
      search: for (const age of ages) {
        for (const difficulty of difficultiesNear(target)) {
          const id = seekOne(
            statements,
            { categoryId: request.categoryId, age, difficulty },
            isExcluded,
            excludedCount,
          );
          if (id !== null) {
            found = { id, difficulty };
            break search;
          }
        }
      }
      if (!found) break;
      picked.push({ ...found, order: position });
      pickedIds.add(found.id);
    }
  }
  return picked.sort((a, b) => a.difficulty - b.difficulty || a.order - b.order).map((p) => p.id);
}

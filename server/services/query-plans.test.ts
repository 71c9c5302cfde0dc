import { describe, expect, it } from 'vitest';
import { everyPreparedSql } from '../db/prepared';
import { createTestDb } from '../test/db';
import { sampleSelectionQueries, seekSql } from './question-picker';
// The modules whose prepared queries are checked: importing them defines their query sets.
import '../auth/session';
import './game';
import './profiles';

const db = createTestDb();

function planOf(sql: string): string {
  const params = (sql.match(/\?/g) ?? []).map(() => 1);
  return db.$client
    .prepare(`EXPLAIN QUERY PLAN ${sql}`)
    .all(...params)
    .map((row) => (row as { detail: string }).detail)
    .join('\n');
}

const hotQueries = everyPreparedSql(db);

describe('hot queries never scan a table', () => {
  it.each(sampleSelectionQueries(1))('selection: %s', (sql) => {
    const plan = planOf(sql);
    expect(plan).toMatch(/SEARCH questions USING (COVERING )?INDEX questions_pick_/);
    expect(plan).not.toMatch(/SCAN questions|USE TEMP B-TREE/);
  });

  it('covers the session lookup, the game start and a pick', () => {
    const all = hotQueries.join('\n');
    for (const table of ['sessions', 'profiles', 'games', 'questions', 'categories']) {
      expect(all).toContain(`"${table}"`);
    }
    expect(hotQueries.length).toBeGreaterThanOrEqual(12);
  });

  it.each(hotQueries)('prepared: %s', (sql) => {
    const plan = planOf(sql);
    expect(plan).not.toMatch(/^SCAN (?!CONSTANT ROW)/m);
    expect(plan).not.toMatch(/USE TEMP B-TREE/);
  });

  it('ORDER BY random() would scan: the check can fail', () => {
    expect(planOf('SELECT id FROM questions WHERE category_id = ? ORDER BY random() LIMIT 15')).toMatch(
      /TEMP B-TREE|SCAN/,
    );
  });
});

describe('selection SQL', () => {
  it('inlines only a checked bucket', () => {
    expect(seekSql({ categoryId: 3, age: 'Teenagers', difficulty: 2 }, '>=')).toBe(
      "SELECT id FROM questions WHERE category_id = 3 AND age_category = 'Teenagers' AND difficulty = 2 AND random_key >= ? ORDER BY random_key",
    );
    const notBuckets = [
      { categoryId: 1.5, age: 'Kids', difficulty: 1 },
      { categoryId: 1, age: "Kids' OR '1'='1", difficulty: 1 },
      { categoryId: 1, age: 'Kids', difficulty: 4 },
    ];
    for (const bucket of notBuckets) {
      expect(() => seekSql(bucket as Parameters<typeof seekSql>[0], '<')).toThrow(/Not a selection bucket/);
    }
  });
});

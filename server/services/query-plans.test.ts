import { describe, expect, it } from 'vitest';
import { everyPreparedSql } from '../db/prepared';
import { createTestDb } from '../test/db';
import { countQuestions, listQuestions } from './admin-questions';
import { sampleSelectionQueries, seekSql } from './question-picker';
// The modules whose prepared queries are checked: importing them defines their query sets.
import '../auth/session';
import '../game/game';
import './profiles';
import '../show/store';
import './profile-history';
import './family-shows';

const db = createTestDb();

type PlanRow = { parent: number; detail: string };

function planRowsOf(sql: string): PlanRow[] {
  const params = (sql.match(/\?/g) ?? []).map(() => 1);
  return db.$client.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as PlanRow[];
}

function planOf(sql: string): string {
  return planRowsOf(sql)
    .map((row) => row.detail)
    .join('\n');
}

/** The tables a statement reads at its top level: more than one is a join (subqueries are not counted). */
const topLevelTables = (sql: string) =>
  planRowsOf(sql).filter((row) => row.parent === 0 && /^(SEARCH|SCAN) /.test(row.detail));

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
    // A list of ids given as a JSON array (json_each) is scanned: it is the list, not a table; the
    // search index is a virtual table, looked up by rowid (`INDEX 0:=`).
    expect(plan).not.toMatch(
      /^SCAN (?!CONSTANT ROW|json_each VIRTUAL TABLE|questions_(answers_)?search VIRTUAL TABLE INDEX \d+:=$)/m,
    );
    expect(plan).not.toMatch(/USE TEMP B-TREE/);
  });

  // SQLite plans a joined statement with parameters again on every run (see db/prepared.ts).
  it.each(hotQueries.filter((sql) => sql.includes('?')))('reads at most one table: %s', (sql) => {
    expect(topLevelTables(sql).length).toBeLessThanOrEqual(1);
  });

  it('a profile’s history (/pre-game, the family page) reads its games through its index, newest first unsorted', () => {
    const reads = hotQueries.filter((sql) =>
      /from "?games"? where \(*("games"\.)?"?profile_id"? = \? and \(*("games"\.)?"?status"? <>/i.test(sql),
    );
    expect(reads.length).toBeGreaterThanOrEqual(2);
    for (const sql of reads) expect(planOf(sql)).toMatch(/^SEARCH games USING INDEX games_profile_idx \(profile_id=\?/);
  });

  it('a profile’s family-show results (the family page) come through its index, newest first unsorted', () => {
    const [shows] = hotQueries.filter((sql) => /status = 'show'/.test(sql));
    expect(planOf(shows as string)).toBe('SEARCH games USING INDEX games_profile_idx (profile_id=?)');
  });

  it('a join would count as two tables: the check can fail', () => {
    const join = 'SELECT s.id FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.id = ?';
    expect(topLevelTables(join)).toHaveLength(2);
    const subquery = 'SELECT id FROM games WHERE id = ? AND profile_id IN (SELECT id FROM profiles WHERE user_id = ?)';
    expect(topLevelTables(subquery)).toHaveLength(1);
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

describe('Manage Questions: the search and the totals', () => {
  /** The SQL statements a call prepares (observed on the connection, not replaced). */
  function statementsOf(call: () => unknown): string[] {
    const client = db.$client;
    const prepare = client.prepare.bind(client);
    const seen: string[] = [];
    client.prepare = ((source: string) => {
      seen.push(source);
      return prepare(source);
    }) as typeof client.prepare;
    try {
      call();
    } finally {
      client.prepare = prepare;
    }
    return seen.filter((sql) => /^\s*select/i.test(sql));
  }

  /** The plan with each `?` bound to what the statement needs: an FTS5 query where it is matched. */
  function searchPlanOf(sql: string): string {
    const params = [...sql.matchAll(/(MATCH )?\?/g)].map((m) => (m[1] ? '"okapi"' : 1));
    return (db.$client.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as PlanRow[])
      .map((row) => row.detail)
      .join('\n');
  }

  const cursor = { key: 1, id: 10 };
  it.each([
    ['a search', { categoryId: null, search: 'okapi', view: 'byText' as const, cursor: null }],
    ['a search in a category, after a cursor', { categoryId: 1, search: 'okapi', view: 'byText' as const, cursor }],
  ])('%s walks the search index newest first, no sort', (_label, input) => {
    const statements = statementsOf(() => listQuestions(db, input));
    const search = statements.filter((sql) => sql.includes('questions_search'));
    expect(search.length).toBeGreaterThanOrEqual(1);
    for (const sql of search) {
      const plan = searchPlanOf(sql);
      // The match through the index (M), rowids below the cursor's, newest first (the index's order).
      expect(plan).toMatch(/SCAN questions_(answers_)?search VIRTUAL TABLE INDEX \d+:M/);
      expect(plan).toMatch(/SEARCH questions USING INTEGER PRIMARY KEY/);
      expect(plan).not.toMatch(/USE TEMP B-TREE/);
      // The answers' tier leaves out the text matches, read once into a list (not a subquery a row).
      if (sql.includes('NOT IN')) expect(plan).toMatch(/^LIST SUBQUERY \d+$/m);
      expect(plan).not.toMatch(/CORRELATED/);
    }
    expect(search.some((sql) => sql.includes('questions_answers_search'))).toBe(true);
  });

  it.each([
    ['everything', { categoryId: null, search: '', view: 'byText' as const }],
    ['a category', { categoryId: 1, search: '', view: 'byText' as const }],
    ['a search', { categoryId: null, search: 'okapi', view: 'byText' as const }],
    ['a search in a category', { categoryId: 1, search: 'okapi', view: 'byText' as const }],
  ])('the total of %s counts through an index or the search, never sorting', (_label, input) => {
    const [sql] = statementsOf(() => countQuestions(db, input));
    const plan = searchPlanOf(sql as string);
    if (input.search !== '') expect(plan).toMatch(/questions_search VIRTUAL TABLE/);
    else expect(plan).toMatch(/USING COVERING INDEX/);
    if (input.categoryId !== null) expect(plan).not.toMatch(/^SCAN questions(?!_search| USING COVERING INDEX)/m);
    expect(plan).not.toMatch(/USE TEMP B-TREE/);
  });
});

import { describe, expect, it } from 'vitest';
import { createTestDb } from '../test/db';
import { selectionQueriesFor } from './question-picker';

const db = createTestDb();

function planOf(sql: string): string {
  const params = (sql.match(/\?/g) ?? []).map(() => 1);
  return db.$client
    .prepare(`EXPLAIN QUERY PLAN ${sql}`)
    .all(...params)
    .map((row) => (row as { detail: string }).detail)
    .join('\n');
}

/** The queries a game start and a pick run, besides the selection seeks. */
const gameQueries = [
  // recently served: the profile's last games, then their questions
  `SELECT question_id FROM game_questions WHERE game_id IN (SELECT id FROM games WHERE profile_id = ? ORDER BY created_at DESC LIMIT 10)`,
  // loading the chosen questions
  `SELECT id, correct_answer_index, question_en, answers_en, question_vi, answers_vi FROM questions WHERE id IN (?, ?, ?)`,
  // a pick: the game with its owner, then the question at the position
  `SELECT games.id FROM games INNER JOIN profiles ON profiles.id = games.profile_id WHERE games.id = ? AND profiles.user_id = ?`,
  `SELECT answer_order, correct_answer_index FROM game_questions INNER JOIN questions ON questions.id = game_questions.question_id WHERE game_questions.game_id = ? AND game_questions.position = ?`,
  // the unfinished game of a profile
  `SELECT id FROM games WHERE profile_id = ? AND status = 'playing' ORDER BY created_at DESC LIMIT 1`,
];

describe('hot queries never scan a table', () => {
  it.each(selectionQueriesFor(db))('selection: %s', (sql) => {
    const plan = planOf(sql);
    expect(plan).toMatch(/SEARCH questions USING (COVERING )?INDEX questions_pick_/);
    expect(plan).not.toMatch(/SCAN questions|USE TEMP B-TREE/);
  });

  it.each(gameQueries)('game: %s', (sql) => {
    const plan = planOf(sql);
    expect(plan).not.toMatch(/SCAN (questions|games|game_questions|profiles)\b(?! USING)/);
    expect(plan).not.toMatch(/SCAN questions/);
  });

  it('ORDER BY random() would scan: the check can fail', () => {
    expect(planOf('SELECT id FROM questions WHERE category_id = ? ORDER BY random() LIMIT 15')).toMatch(
      /TEMP B-TREE|SCAN/,
    );
  });
});

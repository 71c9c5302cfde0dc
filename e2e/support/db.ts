import Database from 'better-sqlite3';
import type { Language } from '#shared/i18n.ts';

/**
 * Reads the running server's SQLite file. Each call opens and closes its own connection, so
 * nothing here holds the database when the server shuts down (a held connection would keep
 * the -wal file around).
 */
export function withDb<T>(dbPath: string, read: (db: Database.Database) => T, options: { write?: boolean } = {}): T {
  const db = new Database(dbPath, { readonly: !options.write, fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    return read(db);
  } finally {
    db.close();
  }
}

export type GameRow = {
  id: string;
  profile_id: string;
  category_id: number | null;
  lang: Language;
  status: 'playing' | 'won' | 'lost' | 'abandoned';
  question_count: number;
  current_position: number;
  correct_count: number;
  winnings: number;
};

export function gamesOf(dbPath: string, profileId: string): GameRow[] {
  return withDb(dbPath, (db) =>
    db
      .prepare<[string], GameRow>(
        `SELECT id, profile_id, category_id, lang, status, question_count, current_position, correct_count, winnings
         FROM games WHERE profile_id = ? ORDER BY created_at DESC, rowid DESC`,
      )
      .all(profileId),
  );
}

/** The profile's game in play: the newest row of games with status 'playing'. */
export function playingGame(dbPath: string, profileId: string): GameRow {
  const game = gamesOf(dbPath, profileId).find((row) => row.status === 'playing');
  if (!game) throw new Error(`profile ${profileId} has no game in play`);
  return game;
}

export type ServedQuestion = {
  gameId: string;
  position: number;
  questionId: number;
  /** Shown answer k is stored answer answerOrder[k]. */
  answerOrder: number[];
  correctAnswerIndex: number;
  /** Where the right answer is on screen: answerOrder.indexOf(correctAnswerIndex). */
  correctShownIndex: number;
  questionEn: string;
  questionVi: string | null;
  /** The answers in the order they are shown, per language. */
  shownEn: string[];
  shownVi: string[] | null;
};

/** The question served at `position` of the profile's game in play, from the database. */
export function servedQuestion(dbPath: string, profileId: string, position: number): ServedQuestion {
  const game = playingGame(dbPath, profileId);
  const row = withDb(dbPath, (db) =>
    db
      .prepare<
        [string, number],
        {
          question_id: number;
          answer_order: string;
          correct_answer_index: number;
          question_en: string;
          answers_en: string;
          question_vi: string | null;
          answers_vi: string | null;
        }
      >(
        // The game row keeps its questions as JSON, in ladder order.
        `SELECT served.value ->> '$.questionId' AS question_id, served.value ->> '$.answerOrder' AS answer_order,
                q.correct_answer_index, q.question_en, q.answers_en, q.question_vi, q.answers_vi
         FROM games g, json_each(g.questions) AS served JOIN questions q ON q.id = served.value ->> '$.questionId'
         WHERE g.id = ? AND served.key = ?`,
      )
      .get(game.id, position),
  );
  if (!row) throw new Error(`game ${game.id} has no question at position ${position}`);
  const answerOrder = JSON.parse(row.answer_order) as number[];
  const answersEn = JSON.parse(row.answers_en) as string[];
  const answersVi = row.answers_vi ? (JSON.parse(row.answers_vi) as string[]) : null;
  const correctShownIndex = answerOrder.indexOf(row.correct_answer_index);
  if (correctShownIndex < 0) throw new Error(`answer_order ${row.answer_order} lacks ${row.correct_answer_index}`);
  return {
    gameId: game.id,
    position,
    questionId: row.question_id,
    answerOrder,
    correctAnswerIndex: row.correct_answer_index,
    correctShownIndex,
    questionEn: row.question_en,
    questionVi: row.question_vi,
    shownEn: answerOrder.map((i) => answersEn[i] as string),
    shownVi: answersVi ? answerOrder.map((i) => answersVi[i] as string) : null,
  };
}

export type ProfileRow = {
  id: string;
  user_id: string;
  name: string;
  age: number;
  avatar: string;
  tts_enabled: number;
  total_games_played: number;
  total_money_earned: number;
  total_correct_answers: number;
};

export function profileRow(dbPath: string, profileId: string): ProfileRow | undefined {
  return withDb(dbPath, (db) => db.prepare<[string], ProfileRow>('SELECT * FROM profiles WHERE id = ?').get(profileId));
}

export function countRows(dbPath: string, table: 'questions' | 'categories' | 'profiles' | 'games' | 'users'): number {
  return withDb(dbPath, (db) => (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n);
}

/** The profiles of the account signed in with this email, oldest first. */
export function profilesOfEmail(dbPath: string, email: string): ProfileRow[] {
  return withDb(dbPath, (db) =>
    db
      .prepare<[string], ProfileRow>(
        `SELECT p.* FROM profiles p JOIN users u ON u.id = p.user_id WHERE u.email = ? ORDER BY p.created_at, p.id`,
      )
      .all(email.toLowerCase()),
  );
}

/** The active profile id of each session of the account signed in with this email. */
export function activeProfilesOfEmail(dbPath: string, email: string): (string | null)[] {
  return withDb(dbPath, (db) =>
    db
      .prepare<[string], { active_profile_id: string | null }>(
        `SELECT s.active_profile_id FROM sessions s JOIN users u ON u.id = s.user_id WHERE u.email = ?`,
      )
      .all(email.toLowerCase())
      .map((row) => row.active_profile_id),
  );
}

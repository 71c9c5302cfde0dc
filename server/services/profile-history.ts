import { and, desc, eq, ne, sql } from 'drizzle-orm';
import {
  type PlayedQuestion,
  type QuestionFacts,
  questionIdsOf,
  type Tally,
  tallyAnswers,
} from '#shared/family-stats.ts';
import type { FinishedGameStatus } from '#shared/game-status.ts';
import type { Language } from '#shared/i18n.ts';
import type { GameCursor } from '#shared/schemas/family.ts';
import type { Db } from '../db/database';
import { inTransaction } from '../db/database';
import { preparedQueries } from '../db/prepared';
import { games } from '../db/schema';
import { getOwnedProfile } from './profiles';

/** How many of a profile's last games /pre-game lists. */
export const RECENT_GAMES_SHOWN = 5;

export type CategoryName = { nameEn: string; nameVi: string };

/** A finished game as a parent sees it: when, in which language and category, how far, what was won. */
export type PastGame = {
  gameId: string;
  playedAt: Date;
  lang: Language;
  /** Null for a random-category game (or a category deleted since). */
  category: CategoryName | null;
  /** 'show': a family show's result (its winnings the rung its right answers reached). */
  status: FinishedGameStatus;
  correctCount: number;
  questionCount: number;
  winnings: number;
  /** A family show's place, among how many players; null for a game. */
  show: { place: number; players: number } | null;
};

/** Right answers given to the questions of one category, wherever they were asked (Random games too). */
export type CategoryTally = Tally & { category: CategoryName };

/** Before every game: the first page. */
const FIRST_PAGE: GameCursor = { playedAt: Number.MAX_SAFE_INTEGER, row: Number.MAX_SAFE_INTEGER };

const p = sql.placeholder;
/** A game's row, the tie-break between games started in the same millisecond. */
const gameRow = sql<number>`${games}.rowid`;
const finishedOf = (profileId: ReturnType<typeof p>) =>
  and(eq(games.profileId, profileId), ne(games.status, 'playing'));

/**
 * A profile's history, read through its index (games_profile_idx): a page of games newest first,
 * every finished game's record of questions, and the facts of the questions and categories they
 * name, each looked up by its key (query-plans.test.ts reads their plans).
 */
const historyQueries = preparedQueries((db) => ({
  gamesPage: db
    .select({
      gameId: games.id,
      playedAt: games.createdAt,
      lang: games.lang,
      categoryId: games.categoryId,
      status: games.status,
      correctCount: games.correctCount,
      questionCount: games.questionCount,
      winnings: games.winnings,
      showPlace: games.showPlace,
      showPlayers: games.showPlayers,
      row: gameRow,
    })
    .from(games)
    .where(and(finishedOf(p('profileId')), sql`(${games.createdAt}, ${gameRow}) < (${p('playedAt')}, ${p('row')})`))
    .orderBy(desc(games.createdAt), desc(gameRow))
    .limit(p('limit'))
    .prepare(),
  /** Each finished game's record of its questions, as its JSON text (what Drizzle would map row by row, slower). */
  playedQuestions: db.$client
    .prepare<[string], string>(`SELECT questions FROM games WHERE profile_id = ? AND status <> 'playing'`)
    .pluck(),
  questionFacts: db.$client.prepare<[string], QuestionFacts & { id: number }>(
    `SELECT id, category_id AS categoryId, difficulty, correct_answer_index AS correctAnswerIndex
     FROM questions WHERE id IN (SELECT value FROM json_each(?))`,
  ),
  categoryNames: db.$client.prepare<[string], CategoryName & { id: number }>(
    `SELECT id, name_en AS nameEn, name_vi AS nameVi FROM categories WHERE id IN (SELECT value FROM json_each(?))`,
  ),
}));

/** The names of these categories (the ones deleted since are missing). */
export function categoryNames(db: Db, ids: Iterable<number>): Map<number, CategoryName> {
  const rows = historyQueries(db).categoryNames.all(JSON.stringify([...new Set(ids)]));
  return new Map(rows.map(({ id, ...name }) => [id, name]));
}

/**
 * A page of a profile's finished games, newest first, older than `cursor`; and where the next page
 * starts, or null when there is none. The caller checks the profile is the account's.
 */
export function pastGames(db: Db, profileId: string, limit: number, cursor: GameCursor = FIRST_PAGE) {
  const rows = historyQueries(db).gamesPage.all({ profileId, ...cursor, limit: limit + 1 });
  const page = rows.slice(0, limit);
  const names = categoryNames(
    db,
    page.flatMap((game) => (game.categoryId === null ? [] : [game.categoryId])),
  );
  const last = page.at(-1);
  return {
    games: page.map(
      ({ categoryId, status, showPlace, showPlayers, row: _row, ...game }): PastGame => ({
        ...game,
        category: (categoryId !== null && names.get(categoryId)) || null,
        status: status as PastGame['status'],
        show: showPlace !== null && showPlayers !== null ? { place: showPlace, players: showPlayers } : null,
      }),
    ),
    nextCursor: rows.length > limit && last ? { playedAt: last.playedAt.getTime(), row: last.row } : null,
  };
}

/**
 * Every answer a profile gave in its finished games, by the category and the difficulty of each
 * question (shared/family-stats.ts): a Random game's questions count under their own categories.
 * Categories come most right answers first.
 */
export function answerTallies(db: Db, profileId: string) {
  const queries = historyQueries(db);
  const played = queries.playedQuestions.all(profileId).map((text) => JSON.parse(text) as PlayedQuestion[]);
  const facts = new Map(
    queries.questionFacts.all(JSON.stringify(questionIdsOf(played))).map(({ id, ...fact }) => [id, fact]),
  );
  const { byCategory, byDifficulty } = tallyAnswers(played, facts);
  const names = categoryNames(db, byCategory.keys());
  const categoryTallies = [...byCategory].flatMap(([id, tally]): (CategoryTally & { categoryId: number })[] => {
    const category = names.get(id);
    return category ? [{ categoryId: id, category, ...tally }] : [];
  });
  categoryTallies.sort((a, b) => b.right - a.right || a.category.nameEn.localeCompare(b.category.nameEn));
  return { byCategory: categoryTallies, byDifficulty, games: played.length };
}

/**
 * What /pre-game shows under a profile's lifetime totals (NOT_FOUND for another account's): its last
 * finished games and its right answers by the questions' own categories, most first.
 */
export function profileHistory(db: Db, userId: string, profileId: string) {
  return inTransaction(db, () => {
    getOwnedProfile(db, userId, profileId);
    const { byCategory } = answerTallies(db, profileId);
    return {
      recent: pastGames(db, profileId, RECENT_GAMES_SHOWN).games,
      byCategory: byCategory.map(({ category, answered, right }): CategoryTally => ({ category, answered, right })),
    };
  });
}

import { and, desc, eq } from 'drizzle-orm';
import { ageCategoriesByNearness, ageCategoryOf } from '#shared/age.ts';
import type { Language } from '#shared/i18n.ts';
import { winningsFor } from '#shared/ladder.ts';
import type { UsedLifelines } from '#shared/lifelines.ts';
import type { CategoryChoice } from '#shared/schemas/game.ts';
import { applyOrder, randomPermutation, shownIndexOf } from '#shared/shuffle.ts';
import { type Db, inTransaction } from '../db/database';
import { type GameStatus, games } from '../db/schema';
import { notFound } from '../errors';
import { heardByFamily } from '../services/family-games';
import { getOwnedProfile } from '../services/profiles';
import { loadQuestions, type QuestionRow, selectQuestions } from '../services/question-rows';
import { gameQueries, isPlaying } from './game-queries';

/*
 * A game as the player sees it, read only: resumed, looked up, its state after a lost reply, and
 * spec §7's questions for API clients. The writes that play it are game.ts's.
 */

export type LocalizedQuestion = { lang: Language; question: string; answers: string[]; imageUrl: string | null };

/** The question in the wanted language, in English where no complete translation exists. */
export function localize(row: QuestionRow, lang: Language): LocalizedQuestion {
  const useVi = lang === 'vi' && row.questionVi && row.answersVi?.length === 4;
  return {
    lang: useVi ? 'vi' : 'en',
    question: useVi ? (row.questionVi as string) : row.questionEn,
    answers: useVi ? (row.answersVi as string[]) : row.answersEn,
    imageUrl: row.imageUrl || null,
  };
}

/** NOT_FOUND for a category that is not there (random is always there). */
export function assertCategoryExists(db: Db, categoryId: CategoryChoice) {
  if (categoryId === 'random') return;
  if (!gameQueries(db).category.get({ categoryId })) throw notFound('errors:category.notFound');
}

export type GameView = {
  gameId: string;
  status: GameStatus;
  lang: Language;
  position: number;
  correctCount: number;
  winnings: number;
  questions: LocalizedQuestion[];
  lifelines: UsedLifelines;
};

export function shuffled(question: LocalizedQuestion, order: number[]): LocalizedQuestion {
  return { ...question, answers: applyOrder(question.answers, order) };
}

/** A game in progress one of whose questions (from the current one on) was deleted by an admin. */
export type InterruptedGame = { gameId: string; status: 'interrupted' };

/**
 * The profile's unfinished game, to resume after a reload; null when there is none. When a
 * question it has still to show was deleted since, it cannot go on: the caller ends it
 * (endInterruptedGame).
 */
export function currentGame(db: Db, userId: string, profileId: string): GameView | InterruptedGame | null {
  return inTransaction(db, () => currentGameOf(db, userId, profileId));
}

function currentGameOf(db: Db, userId: string, profileId: string): GameView | InterruptedGame | null {
  getOwnedProfile(db, userId, profileId);
  const game = db
    .select()
    .from(games)
    .where(and(eq(games.profileId, profileId), isPlaying))
    .orderBy(desc(games.createdAt))
    .get();
  return game ? viewOf(db, game) : null;
}

export type GameRow = typeof games.$inferSelect;

/**
 * The game as a player resumes it (in `lang`, by default the one it was started in: the answers
 * keep their order in either), or `interrupted` when a question it has still to show was deleted.
 */
export function viewOf(db: Db, game: GameRow, lang: Language = game.lang): GameView | InterruptedGame {
  const rows = loadQuestions(
    db,
    game.questions.map((served) => served.questionId),
    lang,
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  const ahead = game.status === 'playing' ? game.questions.slice(game.currentPosition) : [];
  if (ahead.some((served) => !byId.has(served.questionId))) return { gameId: game.id, status: 'interrupted' };
  return {
    gameId: game.id,
    status: game.status,
    lang,
    position: game.currentPosition,
    correctCount: game.correctCount,
    winnings: game.winnings,
    lifelines: game.lifelines,
    questions: game.questions.map((served) => {
      const row = byId.get(served.questionId);
      // Answered already and deleted since: nothing left to show of it, and nothing needs it.
      if (!row) return { lang, question: '', answers: ['', '', '', ''], imageUrl: null };
      return shuffled(localize(row, lang), served.answerOrder);
    }),
  };
}

/** One of the account's games as it was served, whatever its status (NOT_FOUND for another account's). */
export function gameById(db: Db, userId: string, gameId: string, lang?: Language): GameView | InterruptedGame {
  return inTransaction(db, () => {
    const owned = gameQueries(db).gameForPick.get({ gameId, userId });
    const game = owned && db.select().from(games).where(eq(games.id, owned.id)).get();
    if (!game) throw notFound('errors:game.notFound');
    return viewOf(db, game, lang);
  });
}

/** The last pick the server recorded in a game: what to show again when its answer was lost. */
export type RecordedPick = {
  position: number;
  pickedIndex: number;
  correctAnswerIndex: number | null;
  correct: boolean;
};

/**
 * Where one of the account's games stands, read-only (NOT_FOUND for another account's): its
 * status, position, totals and last recorded pick with the right answer revealed. A client that
 * lost an answer's reply, or was offline, or is a stale second tab asks this, and shows exactly
 * what the server holds.
 */
export function gameState(db: Db, userId: string, gameId: string) {
  return inTransaction(db, () => {
    const game = gameQueries(db).gameForPick.get({ gameId, userId });
    if (!game) throw notFound('errors:game.notFound');
    const picked = game.questions
      .map((served, position) => ({ served, position }))
      .filter((q) => q.served.pickedIndex !== null);
    const last = picked.at(-1);
    let lastPick: RecordedPick | null = null;
    if (last) {
      const question = gameQueries(db).correctAnswer.get({ questionId: last.served.questionId });
      const correctAnswerIndex = question ? shownIndexOf(last.served.answerOrder, question.correctAnswerIndex) : null;
      lastPick = {
        position: last.position,
        pickedIndex: last.served.pickedIndex as number,
        correctAnswerIndex,
        correct: correctAnswerIndex === last.served.pickedIndex,
      };
    }
    return {
      gameId: game.id,
      status: game.status,
      position: game.position,
      correctCount: game.correctCount,
      winnings: winningsFor(game.correctCount),
      lastPick,
    };
  });
}

export type ApiQuestion = { question: string; answers: string[]; correctAnswer: string; imageUrl: string | null };

/**
 * Spec §7 POST /api/start-game: questions with the right answer's text, for API clients. With a
 * profile of the caller's, its age category chooses; without one, every age is eligible.
 */
export function questionsForApi(
  db: Db,
  userId: string,
  input: { categoryId: CategoryChoice; lang: Language; profileId?: string | undefined },
): ApiQuestion[] {
  const rows = inTransaction(db, () => {
    const profile = input.profileId ? getOwnedProfile(db, userId, input.profileId) : null;
    assertCategoryExists(db, input.categoryId);
    const recentGames = profile ? (gameQueries(db).familyGames.get({ userId })?.recentGames ?? []) : [];
    return selectQuestions(
      db,
      {
        categoryId: input.categoryId === 'random' ? null : input.categoryId,
        ages: profile ? ageCategoriesByNearness(ageCategoryOf(profile.age)) : 'any',
        heard: profile ? heardByFamily(recentGames, profile.id) : new Map(),
      },
      input.lang,
    );
  });
  return rows.map((row) => {
    const order = randomPermutation(4);
    const localized = shuffled(localize(row, input.lang), order);
    const correctAnswer = localized.answers[shownIndexOf(order, row.correctAnswerIndex)] as string;
    return { question: localized.question, answers: localized.answers, correctAnswer, imageUrl: localized.imageUrl };
  });
}

import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { ageCategoriesByNearness, ageCategoryOf } from '../../shared/age';
import type { Language } from '../../shared/i18n';
import { type GameOutcome, outcomeAfterPick, winningsFor } from '../../shared/ladder';
import type { answerInput, CategoryChoice, startGameInput } from '../../shared/schemas/game';
import { applyOrder, randomPermutation, shownIndexOf } from '../../shared/shuffle';
import { type Db, inTransaction } from '../db/database';
import { preparedQueries } from '../db/prepared';
import { categories, type GameStatus, gameQuestions, games, profiles, questions } from '../db/schema';
import { conflict, notFound } from '../errors';
import { getOwnedProfile } from './profiles';
import { type PickRequest, pickQuestionIds } from './question-picker';

/** Questions served in a profile's last games are avoided while others are left. */
export const RECENT_GAMES_TO_AVOID = 10;

type QuestionRow = {
  id: number;
  correctAnswerIndex: number;
  imageUrl: string | null;
  questionEn: string;
  answersEn: string[];
  questionVi: string | null;
  answersVi: string[] | null;
};

const questionColumns = {
  id: questions.id,
  correctAnswerIndex: questions.correctAnswerIndex,
  imageUrl: questions.imageUrl,
  questionEn: questions.questionEn,
  answersEn: questions.answersEn,
  questionVi: questions.questionVi,
  answersVi: questions.answersVi,
};

/** The queries of a game start and a pick, built and prepared once (see preparedQueries). */
const gameQueries = preparedQueries((db) => {
  const p = sql.placeholder;
  /** A placeholder in an UPDATE's SET, where Drizzle takes SQL but does not encode: dates go in as epoch ms. */
  const set = (name: string) => sql`${p(name)}`;
  const recentGames = db
    .select({ id: games.id })
    .from(games)
    .where(eq(games.profileId, p('profileId')))
    .orderBy(desc(games.createdAt))
    .limit(RECENT_GAMES_TO_AVOID);
  const atPosition = and(eq(gameQuestions.gameId, p('gameId')), eq(gameQuestions.position, p('position')));
  return {
    category: db
      .select({ id: categories.id })
      .from(categories)
      .where(eq(categories.id, p('categoryId')))
      .prepare(),
    recentlyServed: db
      .select({ questionId: gameQuestions.questionId })
      .from(gameQuestions)
      .where(inArray(gameQuestions.gameId, recentGames))
      .prepare(),
    question: db
      .select(questionColumns)
      .from(questions)
      .where(eq(questions.id, p('id')))
      .prepare(),
    unfinishedGames: db
      .select({ id: games.id, profileId: games.profileId, correctCount: games.correctCount })
      .from(games)
      .where(and(eq(games.profileId, p('profileId')), eq(games.status, 'playing')))
      .prepare(),
    insertGame: db
      .insert(games)
      .values({
        id: p('id'),
        profileId: p('profileId'),
        categoryId: p('categoryId'),
        lang: p('lang'),
        questionCount: p('questionCount'),
        createdAt: p('createdAt'),
      })
      .prepare(),
    insertGameQuestion: db
      .insert(gameQuestions)
      .values({
        gameId: p('gameId'),
        position: p('position'),
        questionId: p('questionId'),
        answerOrder: p('answerOrder'),
      })
      .prepare(),
    gameForPick: db
      .select({
        id: games.id,
        profileId: games.profileId,
        status: games.status,
        position: games.currentPosition,
        questionCount: games.questionCount,
        correctCount: games.correctCount,
      })
      .from(games)
      .innerJoin(profiles, eq(profiles.id, games.profileId))
      .where(and(eq(games.id, p('gameId')), eq(profiles.userId, p('userId'))))
      .prepare(),
    servedAt: db
      .select({ order: gameQuestions.answerOrder, correctAnswerIndex: questions.correctAnswerIndex })
      .from(gameQuestions)
      .innerJoin(questions, eq(questions.id, gameQuestions.questionId))
      .where(atPosition)
      .prepare(),
    recordPick: db
      .update(gameQuestions)
      .set({ pickedIndex: set('pickedIndex') })
      .where(atPosition)
      .prepare(),
    advanceGame: db
      .update(games)
      .set({ currentPosition: set('position'), correctCount: set('correctCount'), winnings: set('winnings') })
      .where(eq(games.id, p('gameId')))
      .prepare(),
    endGame: db
      .update(games)
      .set({
        status: set('status'),
        correctCount: set('correctCount'),
        winnings: set('winnings'),
        endedAt: set('endedAt'),
      })
      .where(and(eq(games.id, p('gameId')), eq(games.status, 'playing')))
      .prepare(),
    addToTotals: db
      .update(profiles)
      .set({
        totalGamesPlayed: sql`${profiles.totalGamesPlayed} + 1`,
        totalMoneyEarned: sql`${profiles.totalMoneyEarned} + ${p('winnings')}`,
        totalCorrectAnswers: sql`${profiles.totalCorrectAnswers} + ${p('correctCount')}`,
      })
      .where(eq(profiles.id, p('profileId')))
      .prepare(),
  };
});

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

function loadQuestions(db: Db, ids: number[]): QuestionRow[] {
  const { question } = gameQueries(db);
  return ids.flatMap((id) => question.get({ id }) ?? []);
}

function recentlyServed(db: Db, profileId: string): Set<number> {
  const rows = gameQueries(db).recentlyServed.all({ profileId });
  return new Set(rows.map((row) => row.questionId));
}

function assertCategoryExists(db: Db, categoryId: CategoryChoice) {
  if (categoryId === 'random') return;
  if (!gameQueries(db).category.get({ categoryId })) throw notFound('errors:category.notFound');
}

/** The selection shared by the game procedure and the REST shim. */
export function selectQuestions(db: Db, request: PickRequest): QuestionRow[] {
  return loadQuestions(db, pickQuestionIds(db, request));
}

export type GameView = {
  gameId: string;
  status: GameStatus;
  lang: Language;
  position: number;
  correctCount: number;
  winnings: number;
  questions: LocalizedQuestion[];
};

/**
 * Ends a game and moves its profile's totals, once: the status guard makes a second end a
 * no-op, and the totals move by atomic increments, never read-then-write (spec §4).
 * Must run inside an immediate transaction.
 */
function finishGame(
  db: Db,
  game: { id: string; profileId: string },
  status: Exclude<GameStatus, 'playing'>,
  correctCount: number,
) {
  const queries = gameQueries(db);
  const winnings = winningsFor(correctCount);
  const { changes } = queries.endGame.run({ gameId: game.id, status, correctCount, winnings, endedAt: Date.now() });
  if (changes === 0) return false;
  queries.addToTotals.run({ profileId: game.profileId, winnings, correctCount });
  return true;
}

/**
 * Starts a game for one of the account's profiles, in one immediate transaction: what was
 * served recently, the pick and the new game's rows agree. Other games the profile left
 * unfinished end as abandoned, keeping what they had won (a walk-away). Returns null when no
 * question matches.
 */
export function startGame(db: Db, userId: string, input: z.output<typeof startGameInput>): GameView | null {
  return db.transaction(() => startGameInTransaction(db, userId, input), { behavior: 'immediate' });
}

function startGameInTransaction(db: Db, userId: string, input: z.output<typeof startGameInput>): GameView | null {
  const queries = gameQueries(db);
  const profile = getOwnedProfile(db, userId, input.profileId);
  assertCategoryExists(db, input.categoryId);
  const categoryId = input.categoryId === 'random' ? null : input.categoryId;
  const rows = selectQuestions(db, {
    categoryId,
    ages: ageCategoriesByNearness(ageCategoryOf(profile.age)),
    avoid: recentlyServed(db, profile.id),
  });
  if (rows.length === 0) return null;

  for (const game of queries.unfinishedGames.all({ profileId: profile.id })) {
    finishGame(db, game, 'abandoned', game.correctCount);
  }
  const gameId = randomUUID();
  queries.insertGame.run({
    id: gameId,
    profileId: profile.id,
    categoryId,
    lang: input.lang,
    questionCount: rows.length,
    createdAt: new Date(),
  });
  const orders = rows.map(() => randomPermutation(4));
  rows.forEach((row, position) => {
    queries.insertGameQuestion.run({ gameId, position, questionId: row.id, answerOrder: orders[position] });
  });
  return {
    gameId,
    status: 'playing',
    lang: input.lang,
    position: 0,
    correctCount: 0,
    winnings: 0,
    questions: rows.map((row, i) => shuffled(localize(row, input.lang), orders[i] as number[])),
  };
}

function shuffled(question: LocalizedQuestion, order: number[]): LocalizedQuestion {
  return { ...question, answers: applyOrder(question.answers, order) };
}

/** The profile's unfinished game, to resume after a reload; null when there is none. */
export function currentGame(db: Db, userId: string, profileId: string): GameView | null {
  return inTransaction(db, () => currentGameOf(db, userId, profileId));
}

function currentGameOf(db: Db, userId: string, profileId: string): GameView | null {
  getOwnedProfile(db, userId, profileId);
  const game = db
    .select()
    .from(games)
    .where(and(eq(games.profileId, profileId), eq(games.status, 'playing')))
    .orderBy(desc(games.createdAt))
    .get();
  if (!game) return null;
  const served = db
    .select({ position: gameQuestions.position, order: gameQuestions.answerOrder, ...questionColumns })
    .from(gameQuestions)
    .innerJoin(questions, eq(questions.id, gameQuestions.questionId))
    .where(eq(gameQuestions.gameId, game.id))
    .orderBy(gameQuestions.position)
    .all();
  return {
    gameId: game.id,
    status: game.status,
    lang: game.lang,
    position: game.currentPosition,
    correctCount: game.correctCount,
    winnings: game.winnings,
    questions: served.map((row) => shuffled(localize(row, game.lang), row.order)),
  };
}

export type PickResult = {
  correct: boolean;
  /** The shown index of the right answer, to reveal it. */
  correctAnswerIndex: number;
  status: GameOutcome;
  correctCount: number;
  winnings: number;
};

/**
 * Judges the pick for the current question (spec §4). Only the question awaiting a pick can be
 * answered, once: a repeated or stale pick, or a pick in a finished game, changes nothing.
 */
export function answerQuestion(db: Db, userId: string, input: z.output<typeof answerInput>): PickResult {
  const queries = gameQueries(db);
  return db.transaction(
    () => {
      const game = queries.gameForPick.get({ gameId: input.gameId, userId });
      if (!game) throw notFound('errors:game.notFound');
      if (game.status !== 'playing') throw conflict('errors:game.finished');
      if (input.position !== game.position) throw conflict('errors:game.alreadyAnswered');

      const at = { gameId: game.id, position: game.position };
      const served = queries.servedAt.get(at);
      if (!served) throw notFound('errors:game.notFound');

      const correctShown = shownIndexOf(served.order, served.correctAnswerIndex);
      const correct = input.answerIndex === correctShown;
      const correctCount = game.correctCount + (correct ? 1 : 0);
      const winnings = winningsFor(correctCount);
      const status = outcomeAfterPick(game.position, game.questionCount, correct);

      queries.recordPick.run({ ...at, pickedIndex: input.answerIndex });
      if (status === 'playing') {
        queries.advanceGame.run({ gameId: game.id, position: game.position + 1, correctCount, winnings });
      } else {
        finishGame(db, game, status, correctCount);
      }
      return { correct, correctAnswerIndex: correctShown, status, correctCount, winnings };
    },
    { behavior: 'immediate' },
  );
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
    return selectQuestions(db, {
      categoryId: input.categoryId === 'random' ? null : input.categoryId,
      ages: profile ? ageCategoriesByNearness(ageCategoryOf(profile.age)) : 'any',
      avoid: new Set(),
    });
  });
  return rows.map((row) => {
    const order = randomPermutation(4);
    const localized = shuffled(localize(row, input.lang), order);
    const correctAnswer = localized.answers[shownIndexOf(order, row.correctAnswerIndex)] as string;
    return { question: localized.question, answers: localized.answers, correctAnswer, imageUrl: localized.imageUrl };
  });
}

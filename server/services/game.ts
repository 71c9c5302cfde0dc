import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { ageCategoriesByNearness, ageCategoryOf } from '../../shared/age';
import type { Language } from '../../shared/i18n';
import { type GameOutcome, outcomeAfterPick, winningsFor } from '../../shared/ladder';
import type { answerInput, CategoryChoice, startGameInput } from '../../shared/schemas/game';
import { applyOrder, randomPermutation, shownIndexOf } from '../../shared/shuffle';
import type { Db, DbOrTx } from '../db/database';
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
  if (ids.length === 0) return [];
  const rows = db.select(questionColumns).from(questions).where(inArray(questions.id, ids)).all();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

function recentlyServed(db: Db, profileId: string): Set<number> {
  const recentGames = db
    .select({ id: games.id })
    .from(games)
    .where(eq(games.profileId, profileId))
    .orderBy(desc(games.createdAt))
    .limit(RECENT_GAMES_TO_AVOID);
  const rows = db
    .select({ questionId: gameQuestions.questionId })
    .from(gameQuestions)
    .where(inArray(gameQuestions.gameId, recentGames))
    .all();
  return new Set(rows.map((row) => row.questionId));
}

function assertCategoryExists(db: Db, categoryId: CategoryChoice) {
  if (categoryId === 'random') return;
  const found = db.select({ id: categories.id }).from(categories).where(eq(categories.id, categoryId)).get();
  if (!found) throw notFound('errors:category.notFound');
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
  tx: DbOrTx,
  game: { id: string; profileId: string },
  status: Exclude<GameStatus, 'playing'>,
  correctCount: number,
) {
  const winnings = winningsFor(correctCount);
  const { changes } = tx
    .update(games)
    .set({ status, correctCount, winnings, endedAt: new Date() })
    .where(and(eq(games.id, game.id), eq(games.status, 'playing')))
    .run();
  if (changes === 0) return false;
  tx.update(profiles)
    .set({
      totalGamesPlayed: sql`${profiles.totalGamesPlayed} + 1`,
      totalMoneyEarned: sql`${profiles.totalMoneyEarned} + ${winnings}`,
      totalCorrectAnswers: sql`${profiles.totalCorrectAnswers} + ${correctCount}`,
    })
    .where(eq(profiles.id, game.profileId))
    .run();
  return true;
}

/**
 * Starts a game for one of the account's profiles. Other games the profile left unfinished end
 * as abandoned, keeping what they had won (a walk-away). Returns null when no question matches.
 */
export function startGame(db: Db, userId: string, input: z.output<typeof startGameInput>): GameView | null {
  const profile = getOwnedProfile(db, userId, input.profileId);
  assertCategoryExists(db, input.categoryId);
  const rows = selectQuestions(db, {
    categoryId: input.categoryId === 'random' ? null : input.categoryId,
    ages: ageCategoriesByNearness(ageCategoryOf(profile.age)),
    avoid: recentlyServed(db, profile.id),
  });
  if (rows.length === 0) return null;

  const gameId = randomUUID();
  const orders = rows.map(() => randomPermutation(4));
  db.transaction(
    (tx) => {
      const unfinished = tx
        .select({ id: games.id, profileId: games.profileId, correctCount: games.correctCount })
        .from(games)
        .where(and(eq(games.profileId, profile.id), eq(games.status, 'playing')))
        .all();
      for (const game of unfinished) finishGame(tx, game, 'abandoned', game.correctCount);
      tx.insert(games)
        .values({
          id: gameId,
          profileId: profile.id,
          categoryId: input.categoryId === 'random' ? null : input.categoryId,
          lang: input.lang,
          questionCount: rows.length,
        })
        .run();
      tx.insert(gameQuestions)
        .values(
          rows.map((row, position) => ({
            gameId,
            position,
            questionId: row.id,
            answerOrder: orders[position] as number[],
          })),
        )
        .run();
    },
    { behavior: 'immediate' },
  );
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
  return db.transaction(
    (tx) => {
      const game = tx
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
        .where(and(eq(games.id, input.gameId), eq(profiles.userId, userId)))
        .get();
      if (!game) throw notFound('errors:game.notFound');
      if (game.status !== 'playing') throw conflict('errors:game.finished');
      if (input.position !== game.position) throw conflict('errors:game.alreadyAnswered');

      const served = tx
        .select({ order: gameQuestions.answerOrder, correctAnswerIndex: questions.correctAnswerIndex })
        .from(gameQuestions)
        .innerJoin(questions, eq(questions.id, gameQuestions.questionId))
        .where(and(eq(gameQuestions.gameId, game.id), eq(gameQuestions.position, game.position)))
        .get();
      if (!served) throw notFound('errors:game.notFound');

      const correctShown = shownIndexOf(served.order, served.correctAnswerIndex);
      const correct = input.answerIndex === correctShown;
      const correctCount = game.correctCount + (correct ? 1 : 0);
      const status = outcomeAfterPick(game.position, game.questionCount, correct);

      tx.update(gameQuestions)
        .set({ pickedIndex: input.answerIndex })
        .where(and(eq(gameQuestions.gameId, game.id), eq(gameQuestions.position, game.position)))
        .run();
      if (status === 'playing') {
        tx.update(games)
          .set({ currentPosition: game.position + 1, correctCount, winnings: winningsFor(correctCount) })
          .where(eq(games.id, game.id))
          .run();
      } else {
        finishGame(tx, game, status, correctCount);
      }
      return { correct, correctAnswerIndex: correctShown, status, correctCount, winnings: winningsFor(correctCount) };
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
  const profile = input.profileId ? getOwnedProfile(db, userId, input.profileId) : null;
  assertCategoryExists(db, input.categoryId);
  const rows = selectQuestions(db, {
    categoryId: input.categoryId === 'random' ? null : input.categoryId,
    ages: profile ? ageCategoriesByNearness(ageCategoryOf(profile.age)) : 'any',
    avoid: new Set(),
  });
  return rows.map((row) => {
    const order = randomPermutation(4);
    const localized = shuffled(localize(row, input.lang), order);
    const correctAnswer = localized.answers[shownIndexOf(order, row.correctAnswerIndex)] as string;
    return { question: localized.question, answers: localized.answers, correctAnswer, imageUrl: localized.imageUrl };
  });
}

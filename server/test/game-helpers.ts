import { and, eq } from 'drizzle-orm';
import { shownIndexOf } from '../../shared/shuffle';
import type { Db } from '../db/database';
import { gameQuestions, questions } from '../db/schema';

/** The shown index of the right answer at a position: what a player who knows the answer picks. */
export function rightAnswerAt(db: Db, gameId: string, position: number): number {
  const row = db
    .select({ order: gameQuestions.answerOrder, correct: questions.correctAnswerIndex })
    .from(gameQuestions)
    .innerJoin(questions, eq(questions.id, gameQuestions.questionId))
    .where(and(eq(gameQuestions.gameId, gameId), eq(gameQuestions.position, position)))
    .get();
  if (!row) throw new Error(`no question at ${gameId}#${position}`);
  return shownIndexOf(row.order, row.correct);
}

export const wrongAnswerAt = (db: Db, gameId: string, position: number) =>
  (rightAnswerAt(db, gameId, position) + 1) % 4;

import { eq } from 'drizzle-orm';
import { shownIndexOf } from '../../shared/shuffle';
import type { Db } from '../db/database';
import { games, questions } from '../db/schema';

/** The shown index of the right answer at a position: what a player who knows the answer picks. */
export function rightAnswerAt(db: Db, gameId: string, position: number): number {
  const game = db.select({ questions: games.questions }).from(games).where(eq(games.id, gameId)).get();
  const served = game?.questions[position];
  if (!served) throw new Error(`no question at ${gameId}#${position}`);
  const question = db
    .select({ correct: questions.correctAnswerIndex })
    .from(questions)
    .where(eq(questions.id, served.questionId))
    .get();
  if (!question) throw new Error(`question ${served.questionId} is gone`);
  return shownIndexOf(served.answerOrder, question.correct);
}

export const wrongAnswerAt = (db: Db, gameId: string, position: number) =>
  (rightAnswerAt(db, gameId, position) + 1) % 4;

import { eq } from 'drizzle-orm';
import { shownIndexOf } from '#shared/shuffle.ts';
import type { Db } from '../db/database';
import { games, questions } from '../db/schema';
import type { createCaller } from '../trpc/router';

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

type Caller = ReturnType<typeof createCaller>;

/** Plays a game of the profile's to its end: `right` right answers, then a wrong one. Its id. */
export async function playToLoss(
  db: Db,
  api: Caller,
  game: { profileId: string; categoryId: number | 'random'; lang?: 'en' | 'vi' },
  right: number,
): Promise<string> {
  const started = await api.game.start({ lang: 'en', ...game });
  if (!started) throw new Error('no questions to play');
  for (let position = 0; position < right; position++) {
    const answerIndex = rightAnswerAt(db, started.gameId, position);
    await api.game.answer({ gameId: started.gameId, position, answerIndex });
  }
  await api.game.answer({
    gameId: started.gameId,
    position: right,
    answerIndex: wrongAnswerAt(db, started.gameId, right),
  });
  return started.gameId;
}

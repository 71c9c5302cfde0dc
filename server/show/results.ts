import { asc, eq, sql } from 'drizzle-orm';
import { newGameId } from '#shared/game-id.ts';
import { rankPlayers, scoreOf } from '#shared/show.ts';
import type { Db } from '../db/database';
import { games, profiles, type ServedQuestion, showAnswers, showQuestions } from '../db/schema';
import { type ShowRow, showStore } from './store';

/**
 * A show's result in each profile player's history (docs/decisions/family-show.md): a `games`
 * row of status 'show' (the questions it was in, with its picks, its right answers, the score,
 * its place among how many) and the profile's totals moved by it, as a game's end moves them.
 * Guests keep nothing. Called once, by the show's move to its podium, inside that transaction.
 */
export function recordShowResults(db: Db, show: ShowRow, now: number): void {
  const players = showStore(db).players.all({ showId: show.id });
  const places = new Map(
    rankPlayers(players.map(({ id, ...player }) => ({ playerId: id, ...player }))).map((s) => [s.playerId, s.place]),
  );
  // The questions revealed: one on screen when the show ended was never scored.
  const lastScored = show.status === 'reveal' ? show.position : show.position - 1;
  const questions = db
    .select({
      position: showQuestions.position,
      questionId: showQuestions.questionId,
      answerOrder: showQuestions.answerOrder,
    })
    .from(showQuestions)
    .where(eq(showQuestions.showId, show.id))
    .orderBy(asc(showQuestions.position))
    .all()
    .filter((question) => question.position <= lastScored);
  const picks = new Map(
    db
      .select({ playerId: showAnswers.playerId, position: showAnswers.position, answerIndex: showAnswers.answerIndex })
      .from(showAnswers)
      .where(eq(showAnswers.showId, show.id))
      .all()
      .map((answer) => [`${answer.playerId}/${answer.position}`, answer.answerIndex]),
  );
  for (const player of players) {
    if (!player.profileId) continue;
    const served: ServedQuestion[] = questions
      .filter((question) => question.position >= player.firstPosition)
      .map((question) => ({
        questionId: question.questionId,
        answerOrder: question.answerOrder,
        pickedIndex: picks.get(`${player.id}/${question.position}`) ?? null,
      }));
    // In no question (joined as the last one was on screen): nothing played, nothing to record.
    if (served.length === 0) continue;
    const winnings = scoreOf(show.questionCount, player.correctCount);
    db.insert(games)
      .values({
        id: newGameId(now),
        profileId: player.profileId,
        categoryId: show.categoryId,
        lang: show.lang,
        ageCategory: player.ageGroup,
        status: 'show',
        questionCount: served.length,
        questions: served,
        currentPosition: served.length,
        correctCount: player.correctCount,
        winnings,
        createdAt: new Date(now),
        endedAt: new Date(now),
        showPlace: places.get(player.id) ?? null,
        showPlayers: players.length,
      })
      .run();
    db.update(profiles)
      .set({
        totalGamesPlayed: sql`${profiles.totalGamesPlayed} + 1`,
        totalMoneyEarned: sql`${profiles.totalMoneyEarned} + ${winnings}`,
        totalCorrectAnswers: sql`${profiles.totalCorrectAnswers} + ${player.correctCount}`,
      })
      .where(eq(profiles.id, player.profileId))
      .run();
  }
}

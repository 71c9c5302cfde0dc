import { eq } from 'drizzle-orm';
import { ageCategoriesByNearness } from '#shared/age.ts';
import { countdownMs, showAgeGroup } from '#shared/show.ts';
import { applyOrder, randomPermutation, shownIndexOf } from '#shared/shuffle.ts';
import type { Db } from '../db/database';
import { showQuestions, shows, users } from '../db/schema';
import { conflict } from '../errors';
import { localize } from '../game/game-views';
import { heardByFamily, withGame } from '../services/family-games';
import { selectQuestions } from '../services/question-rows';
import { type PlayerRow, type ShowRow, showStore } from './store';

/**
 * How a show appears among the family's games (family-games.ts): not a profile of theirs, so
 * none of them counts as having heard its questions "by this player", but the whole family has.
 */
export const SHOW_FAMILY_KEY = 'show';

/**
 * The show's questions, picked as a game's are (question-picker.ts: easy to hard, the family's
 * recent questions avoided) for its age group, and written down in its language with their
 * answers shuffled; the family's recent games then hold them. Sets the show's age group and its
 * question count (fewer than asked when the category has fewer). CONFLICT errors:show.noQuestions
 * for none. Inside the start's transaction.
 */
export function pickShowQuestions(db: Db, show: ShowRow, players: PlayerRow[]): void {
  const ageGroup = showAgeGroup(
    show.ageChoice,
    players.map((player) => player.ageGroup),
  ) as NonNullable<ReturnType<typeof showAgeGroup>>;
  const family = db.select({ recentGames: users.recentGames }).from(users).where(eq(users.id, show.hostUserId)).get();
  const recentGames = family?.recentGames ?? [];
  const rows = selectQuestions(
    db,
    {
      categoryId: show.categoryId,
      ages: ageCategoriesByNearness(ageGroup),
      heard: heardByFamily(recentGames, SHOW_FAMILY_KEY),
      count: show.questionCount,
    },
    show.lang,
  );
  if (rows.length === 0) throw conflict('errors:show.noQuestions');
  db.update(users)
    .set({
      recentGames: withGame(
        recentGames,
        SHOW_FAMILY_KEY,
        rows.map((row) => row.id),
      ),
    })
    .where(eq(users.id, show.hostUserId))
    .run();
  db.insert(showQuestions)
    .values(
      rows.map((row, position) => {
        const order = randomPermutation(4);
        const localized = localize(row, show.lang);
        return {
          showId: show.id,
          position,
          questionId: row.id,
          lang: localized.lang,
          question: localized.question,
          answers: applyOrder(localized.answers, order),
          answerOrder: order,
          imageUrl: localized.imageUrl,
          correctIndex: shownIndexOf(order, row.correctAnswerIndex),
        };
      }),
    )
    .run();
  db.update(shows).set({ ageGroup, questionCount: rows.length }).where(eq(shows.id, show.id)).run();
}

/**
 * Question `position` on screen, answers open until its deadline: 20 s, or 30 s when a child
 * plays it (shared/show.ts). Inside the operation's transaction; the caller bumps the version.
 */
export function beginQuestion(db: Db, showId: string, position: number, now: number): void {
  const playing = showStore(db)
    .players.all({ showId })
    .filter((player) => player.firstPosition <= position);
  db.update(shows)
    .set({
      status: 'question',
      position,
      questionStartedAt: now,
      deadline: now + countdownMs(playing.map((player) => player.ageGroup)),
    })
    .where(eq(shows.id, showId))
    .run();
}

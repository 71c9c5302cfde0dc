import { and, eq, inArray, sql } from 'drizzle-orm';
import { preparedQueries } from '../db/prepared';
import { categories, games, profiles, questionStats, questions, users } from '../db/schema';

/** Written as a literal, not bound: so SQLite can use the partial index of games being played (db/schema/games.ts). */
export const isPlaying = sql`${games.status} = 'playing'`;

/** The queries of a game start and a pick, built and prepared once (see preparedQueries). */
export const gameQueries = preparedQueries((db) => {
  const p = sql.placeholder;
  /** A placeholder in an UPDATE's SET, where Drizzle takes SQL but does not encode: dates go in as epoch ms, JSON as text. */
  const set = (name: string) => sql`${p(name)}`;
  return {
    category: db
      .select({ id: categories.id })
      .from(categories)
      .where(eq(categories.id, p('categoryId')))
      .prepare(),
    familyGames: db
      .select({ recentGames: users.recentGames })
      .from(users)
      .where(eq(users.id, p('userId')))
      .prepare(),
    setFamilyGames: db
      .update(users)
      .set({ recentGames: set('recentGames') })
      .where(eq(users.id, p('userId')))
      .prepare(),
    unfinishedGames: db
      .select({ id: games.id, profileId: games.profileId, correctCount: games.correctCount })
      .from(games)
      .where(and(eq(games.profileId, p('profileId')), isPlaying))
      .prepare(),
    insertGame: db
      .insert(games)
      .values({
        id: p('id'),
        profileId: p('profileId'),
        categoryId: p('categoryId'),
        lang: p('lang'),
        ageCategory: p('ageCategory'),
        questionCount: p('questionCount'),
        questions: p('questions'),
        createdAt: p('createdAt'),
      })
      .prepare(),
    gameForPick: db
      .select({
        id: games.id,
        profileId: games.profileId,
        ageCategory: games.ageCategory,
        status: games.status,
        position: games.currentPosition,
        questionCount: games.questionCount,
        correctCount: games.correctCount,
        questions: games.questions,
        lifelines: games.lifelines,
      })
      .from(games)
      .where(
        and(
          eq(games.id, p('gameId')),
          // The account's own games only; a subquery, not a join (see the note on joins in db/prepared.ts).
          inArray(
            games.profileId,
            db
              .select({ id: profiles.id })
              .from(profiles)
              .where(eq(profiles.userId, p('userId'))),
          ),
        ),
      )
      .prepare(),
    correctAnswer: db
      .select({ correctAnswerIndex: questions.correctAnswerIndex })
      .from(questions)
      .where(eq(questions.id, p('questionId')))
      .prepare(),
    countAnswer: db
      .insert(questionStats)
      .values({ questionId: p('questionId'), ageCategory: p('ageCategory'), answered: 1, answeredRight: p('right') })
      .onConflictDoUpdate({
        target: [questionStats.questionId, questionStats.ageCategory],
        set: {
          answered: sql`${questionStats.answered} + 1`,
          answeredRight: sql`${questionStats.answeredRight} + excluded.answered_right`,
        },
      })
      .prepare(),
    advanceGame: db
      .update(games)
      .set({
        currentPosition: set('position'),
        correctCount: set('correctCount'),
        winnings: set('winnings'),
        questions: set('questions'),
      })
      .where(eq(games.id, p('gameId')))
      .prepare(),
    setLifelines: db
      .update(games)
      .set({ lifelines: set('lifelines') })
      .where(eq(games.id, p('gameId')))
      .prepare(),
    /** A game's last pick, on the game that ends with it (the rest of the end is endGame's). */
    recordPicks: db
      .update(games)
      .set({ questions: set('questions') })
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

import { and, count, desc, eq, ne, sql } from 'drizzle-orm';
import type { FinishedGameStatus } from '../../shared/game-status';
import type { Db } from '../db/database';
import { inTransaction } from '../db/database';
import { categories, games } from '../db/schema';
import { getOwnedProfile } from './profiles';

/** How many of a profile's last games /pre-game lists. */
export const RECENT_GAMES_SHOWN = 5;

/** A finished game as a parent sees it: when, which category, how far, what was won. */
export type PastGame = {
  gameId: string;
  playedAt: Date;
  /** Null for a random-category game (or a category deleted since). */
  category: { nameEn: string; nameVi: string } | null;
  /** 'show': a family show's result (its winnings the rung its right answers reached). */
  status: FinishedGameStatus;
  correctCount: number;
  questionCount: number;
  winnings: number;
  /** A family show's place, among how many players; null for a game. */
  show: { place: number; players: number } | null;
};

/** Right answers given in games of one category (null: Random, or a category deleted since). */
export type CategoryTally = {
  category: { nameEn: string; nameVi: string } | null;
  games: number;
  correctAnswers: number;
};

/**
 * What a parent wants to see under a profile's lifetime totals (NOT_FOUND for another
 * account's): its last finished games and its right answers by the category chosen, most first.
 */
export function profileHistory(db: Db, userId: string, profileId: string) {
  return inTransaction(db, () => {
    getOwnedProfile(db, userId, profileId);
    const finished = and(eq(games.profileId, profileId), ne(games.status, 'playing'));
    const recent = db
      .select({
        gameId: games.id,
        playedAt: games.createdAt,
        nameEn: categories.nameEn,
        nameVi: categories.nameVi,
        status: games.status,
        correctCount: games.correctCount,
        questionCount: games.questionCount,
        winnings: games.winnings,
        showPlace: games.showPlace,
        showPlayers: games.showPlayers,
      })
      .from(games)
      .leftJoin(categories, eq(categories.id, games.categoryId))
      .where(finished)
      // rowid: games started in the same millisecond keep their order.
      .orderBy(desc(games.createdAt), desc(sql`${games}.rowid`))
      .limit(RECENT_GAMES_SHOWN)
      .all();
    const tallies = db
      .select({
        nameEn: categories.nameEn,
        nameVi: categories.nameVi,
        games: count(),
        correctAnswers: sql<number>`coalesce(sum(${games.correctCount}), 0)`,
      })
      .from(games)
      .leftJoin(categories, eq(categories.id, games.categoryId))
      .where(finished)
      .groupBy(categories.id)
      .orderBy(desc(sql`sum(${games.correctCount})`), categories.nameEn)
      .all();
    const categoryOf = (row: { nameEn: string | null; nameVi: string | null }) =>
      row.nameEn !== null && row.nameVi !== null ? { nameEn: row.nameEn, nameVi: row.nameVi } : null;
    return {
      recent: recent.map(
        ({ nameEn, nameVi, status, showPlace, showPlayers, ...game }): PastGame => ({
          ...game,
          category: categoryOf({ nameEn, nameVi }),
          status: status as PastGame['status'],
          show: showPlace !== null && showPlayers !== null ? { place: showPlace, players: showPlayers } : null,
        }),
      ),
      byCategory: tallies.map(
        ({ nameEn, nameVi, ...tally }): CategoryTally => ({ ...tally, category: categoryOf({ nameEn, nameVi }) }),
      ),
    };
  });
}

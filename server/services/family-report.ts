import type { z } from 'zod';
import { HARDEST_SHOWN, rightLeastOften, type Tally } from '#shared/family-stats.ts';
import type { Difficulty } from '#shared/game-status.ts';
import type { familyGamesInput } from '#shared/schemas/family.ts';
import { type Db, inTransaction } from '../db/database';
import { familyShows } from './family-shows';
import { answerTallies, type CategoryTally, pastGames } from './profile-history';
import { getOwnedProfile, listProfiles } from './profiles';

/** Games the family page lists at first, and at each "Show more". */
export const FAMILY_GAMES_PAGE = 10;

const DIFFICULTIES: readonly Difficulty[] = [1, 2, 3];

export type DifficultyTally = Tally & { difficulty: Difficulty };

/**
 * How one of the account's profiles is doing, for a parent: its totals, its last games, its right
 * answers by the questions' own categories and difficulties, and where it is right least often
 * (among those with enough answers to judge: shared/family-stats.ts).
 */
function childReport(db: Db, profile: ReturnType<typeof listProfiles>[number]) {
  const tallies = answerTallies(db, profile.id);
  const byCategory = tallies.byCategory.map(
    ({ category, answered, right }): CategoryTally => ({
      category,
      answered,
      right,
    }),
  );
  const byDifficulty = DIFFICULTIES.map(
    (difficulty): DifficultyTally => ({
      difficulty,
      ...(tallies.byDifficulty.get(difficulty) ?? { answered: 0, right: 0 }),
    }),
  );
  const judgedCategories = rightLeastOften(new Map(byCategory.map((tally) => [tally.category, tally])));
  const judgedDifficulties = rightLeastOften(new Map(byDifficulty.map((tally) => [tally.difficulty, tally])));
  return {
    profile: {
      id: profile.id,
      name: profile.name,
      age: profile.age,
      avatar: profile.avatar,
      totalGamesPlayed: profile.totalGamesPlayed,
      totalMoneyEarned: profile.totalMoneyEarned,
      totalCorrectAnswers: profile.totalCorrectAnswers,
    },
    ...pastGames(db, profile.id, FAMILY_GAMES_PAGE),
    byCategory,
    byDifficulty,
    rightLeastOften: {
      categories: judgedCategories
        .slice(0, HARDEST_SHOWN)
        .map(({ key, answered, right }): CategoryTally => ({ category: key, answered, right })),
      difficulties: judgedDifficulties.map(
        ({ key, answered, right }): DifficultyTally => ({ difficulty: key, answered, right }),
      ),
    },
  };
}

/**
 * The family page: how each of the account's profiles is doing, in the picker's order, and the
 * family shows they played together.
 */
export function familyReport(db: Db, userId: string) {
  return inTransaction(db, () => {
    const profiles = listProfiles(db, userId);
    return {
      children: profiles.map((profile) => childReport(db, profile)),
      playedTogether: familyShows(
        db,
        profiles.map((profile) => profile.id),
      ),
    };
  });
}

/** The family page's "Show more": a page of one of the account's profiles' games (NOT_FOUND for another's). */
export function familyGames(db: Db, userId: string, input: z.output<typeof familyGamesInput>) {
  return inTransaction(db, () => {
    getOwnedProfile(db, userId, input.profileId);
    return pastGames(db, input.profileId, FAMILY_GAMES_PAGE, input.cursor);
  });
}

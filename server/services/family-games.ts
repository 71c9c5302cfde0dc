/**
 * What a family has heard: the questions of the account's last games, whoever played them. Brothers
 * and sisters play on the same tablet and hear each other's games, so a game avoids what any of them
 * heard lately, not only its own player (question-picker.ts says in which order it gives way).
 */

/** One game of the family's: which profile played it and its question ids. */
export type FamilyGame = { p: string; q: number[] };

/** Games kept on the account (a full category's pool of every age, and more). */
export const FAMILY_GAMES_REMEMBERED = 40;
/** A question heard in the family's last games is "recent": the last thing a new game repeats. */
export const FAMILY_RECENT_GAMES = 10;

/** How a question was heard: how many of the family's games ago (0 the last one), and whether by this player. */
export type Heard = { gamesAgo: number; byPlayer: boolean };

/** The family's games as the picker reads them, for the profile about to play: question id → how it was heard. */
export function heardByFamily(recentGames: readonly FamilyGame[], profileId: string): Map<number, Heard> {
  const heard = new Map<number, Heard>();
  recentGames.forEach((game, gamesAgo) => {
    const byPlayer = game.p === profileId;
    for (const id of game.q) {
      const known = heard.get(id);
      if (!known) heard.set(id, { gamesAgo, byPlayer });
      else if (byPlayer) known.byPlayer = true;
    }
  });
  return heard;
}

/** The family's games once this one is added, newest first, the oldest forgotten. */
export function withGame(recentGames: readonly FamilyGame[], game: FamilyGame): FamilyGame[] {
  return [game, ...recentGames].slice(0, FAMILY_GAMES_REMEMBERED);
}

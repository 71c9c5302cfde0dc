/**
 * What a family has heard: the questions of the account's last games, whoever played them. Brothers
 * and sisters play on the same tablet and hear each other's games, so a game avoids what any of them
 * heard lately, not only its own player (question-picker.ts says in which order it gives way).
 */

/**
 * One game of the family's: which profile played it (the start of its id, enough to tell a
 * family's profiles apart) and its question ids. Short, so that a family's games fit in its
 * account's row without spilling to another page: a start writes one page less (bench/README.md).
 */
export type FamilyGame = { p: string; q: number[] };

/**
 * Games kept on the account: three weeks of two children playing twice a day each (84 games), with a
 * few to spare, so that none of them hears a question twice in that time while the bank holds enough
 * (issue 29; the picker takes what nobody in the family heard first).
 */
export const FAMILY_GAMES_REMEMBERED = 90;

/** How a profile is named in FamilyGame.p. */
export const familyKeyOf = (profileId: string) => profileId.slice(0, 8);
/** A question heard in the family's last games is "recent": the last thing a new game repeats. */
export const FAMILY_RECENT_GAMES = 10;

/** How a question was heard: how many of the family's games ago (0 the last one), and whether by this player. */
export type Heard = { gamesAgo: number; byPlayer: boolean };

/** The family's games as the picker reads them, for the profile about to play: question id → how it was heard. */
export function heardByFamily(recentGames: readonly FamilyGame[], profileId: string): Map<number, Heard> {
  const heard = new Map<number, Heard>();
  const player = familyKeyOf(profileId);
  recentGames.forEach((game, gamesAgo) => {
    const byPlayer = game.p === player;
    for (const id of game.q) {
      const known = heard.get(id);
      if (!known) heard.set(id, { gamesAgo, byPlayer });
      else if (byPlayer) known.byPlayer = true;
    }
  });
  return heard;
}

/** The family's games once `profileId` has played `questionIds`, newest first, the oldest forgotten. */
export function withGame(recentGames: readonly FamilyGame[], profileId: string, questionIds: number[]): FamilyGame[] {
  return [{ p: familyKeyOf(profileId), q: questionIds }, ...recentGames].slice(0, FAMILY_GAMES_REMEMBERED);
}

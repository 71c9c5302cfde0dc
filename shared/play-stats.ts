import type { Difficulty } from './game-status';

/**
 * What play says of a question's difficulty (bank/README.md's table, as observed): the share of
 * players of its age group who answered it right, once enough of them have.
 */

/** Fewer answers than this say nothing yet. */
export const MIN_ANSWERS_TO_JUDGE = 30;

/** Answered right by at least this share: plays as easy; at least MEDIUM_FROM: medium; less: hard. */
export const EASY_FROM = 0.8;
export const MEDIUM_FROM = 0.5;

/** The difficulty a question plays at, or null while too few have answered it. */
export function playedDifficulty(answered: number, answeredRight: number): Difficulty | null {
  if (answered < MIN_ANSWERS_TO_JUDGE) return null;
  const rate = answeredRight / answered;
  return rate >= EASY_FROM ? 1 : rate >= MEDIUM_FROM ? 2 : 3;
}

/** The difficulty play suggests instead of the tag, or null when play agrees (or cannot tell yet). */
export function suggestedDifficulty(tagged: number, answered: number, answeredRight: number): Difficulty | null {
  const played = playedDifficulty(answered, answeredRight);
  return played !== null && played !== tagged ? played : null;
}

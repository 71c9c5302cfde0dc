import type { Difficulty, GameStatus } from './game-status';

/** Spec §9: one prize level per question, 15 levels. */
export const PRIZE_LADDER = [
  100, 200, 300, 500, 1000, 2000, 4000, 8000, 16000, 32000, 64000, 125000, 250000, 500000, 1000000,
] as const;

export const TOP_PRIZE = PRIZE_LADDER[PRIZE_LADDER.length - 1] as number;
export const QUESTIONS_PER_GAME = PRIZE_LADDER.length;
/** Spec §9: how long a pick is shown before the game moves on. */
export const ANSWER_FEEDBACK_MS = 2000;

/** Prize for the question at a 0-based ladder position. */
export function prizeAt(position: number): number {
  const prize = PRIZE_LADDER[position];
  if (prize === undefined) throw new RangeError(`No prize level at position ${position}`);
  return prize;
}

/** Spec §4: the winnings are the amount of the last correct answer, not the maximum reached. */
export function winningsFor(correctCount: number): number {
  return correctCount === 0 ? 0 : prizeAt(correctCount - 1);
}

/** What a pick leaves a game at. */
export type GameOutcome = Extract<GameStatus, 'playing' | 'won' | 'lost'>;

/**
 * What a pick does to a game of `questionCount` questions (spec §4): a wrong pick ends it,
 * a right pick on the last question wins it, anything else moves on.
 */
export function outcomeAfterPick(position: number, questionCount: number, correct: boolean): GameOutcome {
  if (!correct) return 'lost';
  return position + 1 >= questionCount ? 'won' : 'playing';
}

/** Congratulations is for the top amount only (spec §4); a short game won is a walk-away. */
export function isMillionaire(winnings: number): boolean {
  return winnings === TOP_PRIZE;
}

/** The youngest Kids (6 to 8): their ladder leans on easy questions, the hard ones only at the top. */
export const YOUNGEST_KIDS_MAX_AGE = 8;
/** Their share of easy and of hard questions (the rest medium): 6, 6 and 3 of 15. */
const YOUNGEST_SHARES = { easy: 0.4, hard: 0.2 };

/**
 * The difficulty of the question at `position` of a `count`-question ladder for a player of `age`
 * (unknown: an API caller): easy, then medium, then hard, a third of each; for a child of 8 or
 * younger, 40 % easy, 40 % medium, 20 % hard (a 7-year-old is not a 12-year-old).
 */
export function ladderDifficulty(position: number, count: number = QUESTIONS_PER_GAME, age?: number): Difficulty {
  if (age !== undefined && age <= YOUNGEST_KIDS_MAX_AGE) {
    const easy = Math.round(count * YOUNGEST_SHARES.easy);
    const hard = Math.round(count * YOUNGEST_SHARES.hard);
    return position < easy ? 1 : position < count - hard ? 2 : 3;
  }
  const third = position / count;
  return third < 1 / 3 ? 1 : third < 2 / 3 ? 2 : 3;
}

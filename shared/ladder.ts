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

export type GameOutcome = 'playing' | 'won' | 'lost';

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

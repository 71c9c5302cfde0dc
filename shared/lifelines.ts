import { QUESTIONS_PER_GAME } from './ladder';

/** The show's lifelines, each usable once a game: 50:50, Ask the audience, and Ask the family (phone-a-friend at home). */
export const LIFELINES = ['fiftyFifty', 'audience', 'family'] as const;
export type Lifeline = (typeof LIFELINES)[number];

/** How long the player has to ask someone in the room. */
export const ASK_THE_FAMILY_SECONDS = 30;

/**
 * The lifelines a game has used, each with the question (0-based position) it was used on and
 * what it showed, in the answers' shown order. Stored with the game: a reload shows them again.
 */
export type UsedLifelines = {
  fiftyFifty?: { position: number; removed: [number, number] };
  audience?: { position: number; poll: number[] };
  family?: { position: number };
};

/** Each lifeline once a game (as on the show): whether this one is still there to take. */
export function isLifelineLeft(used: UsedLifelines, lifeline: Lifeline): boolean {
  return used[lifeline] === undefined;
}

type Random = () => number;

/** 50:50: two of the three wrong answers, chosen at random, to take away. */
export function fiftyFiftyRemoval(correctIndex: number, random: Random = Math.random): [number, number] {
  const wrong = [0, 1, 2, 3].filter((index) => index !== correctIndex);
  const kept = wrong[Math.floor(random() * wrong.length)];
  const removed = wrong.filter((index) => index !== kept);
  return [removed[0] as number, removed[1] as number];
}

/** The audience's share for the right answer, on average: well informed on easy questions, unsure on hard ones. */
export function audienceConfidence(position: number): number {
  const climb = Math.min(1, Math.max(0, position / (QUESTIONS_PER_GAME - 1)));
  return 0.7 - 0.4 * climb;
}

/** Never a certainty: the right answer's share stays at or below this (in %). */
export const AUDIENCE_MAX_SHARE = 85;

/**
 * Ask the audience: a made-up poll over the four answers, in whole percents adding up to 100.
 * It leans to the right answer (more on easier questions), is never a certainty, and gives
 * answers taken away by 50:50 nothing.
 */
export function audiencePoll(
  correctIndex: number,
  position: number,
  removed: readonly number[] = [],
  random: Random = Math.random,
): number[] {
  const open = [0, 1, 2, 3].filter((index) => !removed.includes(index));
  const others = open.filter((index) => index !== correctIndex);
  // The right answer's share: the level's confidence, give or take 15 points.
  const share = Math.min(
    AUDIENCE_MAX_SHARE / 100,
    Math.max(0.15, audienceConfidence(position) + (random() - 0.5) * 0.3),
  );
  const weights = [0, 0, 0, 0];
  weights[correctIndex] = share;
  const spread = others.map(() => 0.2 + random());
  const spreadTotal = spread.reduce((sum, weight) => sum + weight, 0);
  others.forEach((index, i) => {
    weights[index] = ((1 - share) * (spread[i] as number)) / spreadTotal;
  });
  return wholePercents(weights);
}

/** Fractions adding up to 1 as whole percents adding up to 100 (largest remainders get the rounding). */
export function wholePercents(fractions: readonly number[]): number[] {
  const exact = fractions.map((fraction) => fraction * 100);
  const floors = exact.map(Math.floor);
  let left = 100 - floors.reduce((sum, value) => sum + value, 0);
  const byRemainder = exact.map((value, index) => ({ index, remainder: value - Math.floor(value) }));
  byRemainder.sort((a, b) => b.remainder - a.remainder);
  for (const { index } of byRemainder) {
    if (left <= 0) break;
    floors[index] = (floors[index] as number) + 1;
    left -= 1;
  }
  return floors;
}

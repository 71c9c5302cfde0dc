/**
 * A game's status as stored: in play, won, lost, walked away from (or given up), or 'show', a
 * family show's result for one of its profile players (server/show/results.ts).
 */
export const GAME_STATUSES = ['playing', 'won', 'lost', 'abandoned', 'show'] as const;
export type GameStatus = (typeof GAME_STATUSES)[number];

/** A game over: every status but 'playing'. */
export type FinishedGameStatus = Exclude<GameStatus, 'playing'>;

/** Spec §4, a question's difficulty: easy, medium or hard. */
export const DIFFICULTIES = [1, 2, 3] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];

export const isDifficulty = (value: unknown): value is Difficulty => DIFFICULTIES.includes(value as Difficulty);

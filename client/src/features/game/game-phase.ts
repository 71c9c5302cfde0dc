import type { RouterOutputs } from '../../lib/trpc';

export type Game = NonNullable<RouterOutputs['game']['start']>;

/** Where the game screen is: what it shows, and what a pick or a reload does next. */
export type Phase =
  | { kind: 'loading' }
  | { kind: 'error'; messageKey: string }
  | { kind: 'offline' }
  | { kind: 'empty' }
  | { kind: 'question' }
  | { kind: 'checking'; picked: number }
  | { kind: 'feedback'; picked: number; correctIndex: number; correct: boolean }
  | { kind: 'ended'; winnings: number; correctCount: number; questionRemoved?: boolean; missed?: MissedPick };

/** The pick that ended a game, for Game Over's review. */
export type MissedPick = { position: number; picked: number; correctIndex: number };

import type { GameStatus } from '#shared/game-status.ts';
import { ANSWER_FEEDBACK_MS } from '#shared/ladder.ts';

/** A pick's result as the screen shows it for spec §4's 2 seconds. */
export type PickFeedback = {
  gameId: string;
  position: number;
  picked: number;
  correctIndex: number;
  correct: boolean;
  /** After the pick: 'playing' goes on to the next question; anything else ends the game. */
  status: GameStatus;
  correctCount: number;
  winnings: number;
  /** When the feedback ends (epoch ms). */
  until: number;
};

const KEY = 'ql_pick_feedback';

/**
 * The feedback on screen, kept for this tab (sessionStorage): a reload during the 2 s shows the
 * same feedback for what is left of them, not the next question.
 */
export function rememberFeedback(
  feedback: Omit<PickFeedback, 'until'>,
  remainingMs = ANSWER_FEEDBACK_MS,
): PickFeedback {
  const kept = { ...feedback, until: Date.now() + remainingMs };
  try {
    sessionStorage.setItem(KEY, JSON.stringify(kept));
  } catch {
    // Private browsing without storage: only a reload loses the feedback's end.
  }
  return kept;
}

export function pendingFeedback(gameId: string): PickFeedback | null {
  try {
    const kept = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as PickFeedback | null;
    return kept && kept.gameId === gameId && kept.until > Date.now() ? kept : null;
  } catch {
    return null;
  }
}

/** The last feedback kept in this tab, whatever its game (a reload after the game ended). */
export function lastFeedback(): PickFeedback | null {
  try {
    const kept = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as PickFeedback | null;
    return kept && kept.until > Date.now() ? kept : null;
  } catch {
    return null;
  }
}

export function forgetFeedback() {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // nothing kept
  }
}

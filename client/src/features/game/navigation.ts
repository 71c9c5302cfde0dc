export const RANDOM_CATEGORY = 'random';

/**
 * Spec §2: /game receives the category through navigation state. `started` is set once the
 * game exists, so a reload (which keeps history state) resumes it instead of starting another.
 */
export type GameNavigationState = {
  categoryId: number | typeof RANDOM_CATEGORY;
  /** The id the game is to have: a start sent again (a lost reply, offline) finds the same game. */
  gameId?: string;
  started?: boolean;
};

export function readGameNavigationState(): GameNavigationState | null {
  const state = window.history.state as Partial<GameNavigationState> | null;
  if (!state || (state.categoryId !== RANDOM_CATEGORY && typeof state.categoryId !== 'number')) return null;
  return state as GameNavigationState;
}

export function markGameStarted(state: GameNavigationState): void {
  window.history.replaceState({ ...window.history.state, ...state, started: true }, '');
}

import type { UsedLifelines } from '#shared/lifelines.ts';
import type { RouterOutputs } from '../../lib/trpc';
import type { PickFeedback } from './pending-feedback';

export type Game = NonNullable<RouterOutputs['game']['start']>;

/** The pick that ended a game, for Game Over's review. */
export type MissedPick = { position: number; picked: number; correctIndex: number };

/** How a game ended, as the end screen shows it. */
export type GameEnd = { winnings: number; correctCount: number; questionRemoved?: boolean; missed?: MissedPick };

/** Where the game screen is: what it shows, and what a pick or a reload does next. */
export type Phase =
  | { kind: 'loading' }
  | { kind: 'error'; messageKey: string }
  | { kind: 'offline' }
  | { kind: 'empty' }
  | { kind: 'question' }
  | { kind: 'checking'; picked: number }
  | { kind: 'feedback'; picked: number; correctIndex: number; correct: boolean }
  | ({ kind: 'ended' } & GameEnd);

export type GameState = {
  phase: Phase;
  game: Game | null;
  /** The question on screen. */
  position: number;
  /** Right answers so far, as the ladder shows them (it moves when a feedback ends). */
  correctCount: number;
  /** Why the last pick was not taken (an i18n key), until the next one. */
  answerError: string | null;
};

export const initialGameState: GameState = {
  phase: { kind: 'loading' },
  game: null,
  position: 0,
  correctCount: 0,
  answerError: null,
};

export type GameAction =
  | { type: 'load' }
  /** The game as the server holds it, and the feedback this tab was showing when it reloaded, if any. */
  | { type: 'loaded'; game: Game; pending: PickFeedback | null }
  | { type: 'empty' }
  | { type: 'failed'; messageKey: string }
  | { type: 'offline' }
  | { type: 'pick'; index: number }
  /** A pick lost with the network, sent again once it is back (the server never had it). */
  | { type: 'resend'; index: number }
  | { type: 'feedback'; feedback: PickFeedback }
  | { type: 'feedbackOver'; feedback: PickFeedback }
  /** The pick was not taken (too fast, or the server still waits on the same question). */
  | { type: 'pickRefused'; messageKey: string }
  | { type: 'ended'; end: GameEnd }
  | { type: 'lifelinesUsed'; lifelines: UsedLifelines }
  /** The same game in the other language (EN/VI switched mid-game). */
  | { type: 'translated'; view: Pick<Game, 'gameId' | 'lang' | 'questions'> };

/** The answers 50:50 took away on the question on screen. */
export function removedAnswers(state: GameState): readonly number[] {
  const fiftyFifty = state.game?.lifelines.fiftyFifty;
  return fiftyFifty?.position === state.position ? fiftyFifty.removed : [];
}

function feedbackPhase(feedback: PickFeedback): Phase {
  return { kind: 'feedback', picked: feedback.picked, correctIndex: feedback.correctIndex, correct: feedback.correct };
}

/**
 * The game screen's phases as a pure function (spec §4): loading → question → checking (the
 * answers lock) → feedback (2 s) → the next question or the end; the detours of a failed load, an
 * empty category, the network gone, a pick refused. Effects (calls, timers, speech) are
 * use-game-flow.ts's: they dispatch what happened, this says what the screen is now.
 */
export function gameReducer(state: GameState, action: GameAction): GameState {
  switch (action.type) {
    case 'load':
      return { ...state, phase: { kind: 'loading' }, answerError: null };
    case 'loaded': {
      const { game, pending } = action;
      const base = { ...state, game, correctCount: game.correctCount, answerError: null };
      // Reloaded during a pick's feedback: that feedback first, then the question the server is at.
      if (pending && pending.gameId === game.gameId && pending.position === game.position - 1) {
        return { ...base, position: pending.position, phase: feedbackPhase(pending) };
      }
      return { ...base, position: game.position, phase: { kind: 'question' } };
    }
    case 'empty':
      return { ...state, phase: { kind: 'empty' } };
    case 'failed':
      return { ...state, phase: { kind: 'error', messageKey: action.messageKey } };
    case 'offline':
      return { ...state, phase: { kind: 'offline' } };
    case 'pick':
      // Only the question on screen takes a pick, once, and not an answer 50:50 took away.
      if (state.phase.kind !== 'question' || !state.game || removedAnswers(state).includes(action.index)) return state;
      return { ...state, phase: { kind: 'checking', picked: action.index }, answerError: null };
    case 'resend':
      // Only while waiting for the network, for the question on screen.
      if (state.phase.kind !== 'offline' || !state.game) return state;
      return { ...state, phase: { kind: 'checking', picked: action.index }, answerError: null };
    case 'feedback':
      return { ...state, position: action.feedback.position, phase: feedbackPhase(action.feedback) };
    case 'feedbackOver': {
      const { feedback } = action;
      if (state.phase.kind !== 'feedback' || state.position !== feedback.position) return state;
      const correctCount = feedback.correctCount;
      if (feedback.status === 'playing') {
        return { ...state, correctCount, position: feedback.position + 1, phase: { kind: 'question' } };
      }
      const missed = feedback.correct
        ? undefined
        : { position: feedback.position, picked: feedback.picked, correctIndex: feedback.correctIndex };
      return {
        ...state,
        correctCount,
        phase: { kind: 'ended', winnings: feedback.winnings, correctCount, ...(missed ? { missed } : {}) },
      };
    }
    case 'pickRefused':
      return { ...state, phase: { kind: 'question' }, answerError: action.messageKey };
    case 'ended':
      return { ...state, phase: { kind: 'ended', ...action.end } };
    case 'lifelinesUsed':
      return state.game ? { ...state, game: { ...state.game, lifelines: action.lifelines } } : state;
    case 'translated':
      if (!state.game || state.game.gameId !== action.view.gameId) return state;
      return { ...state, game: { ...state.game, lang: action.view.lang, questions: action.view.questions } };
  }
}

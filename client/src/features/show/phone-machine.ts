import type { PlayerGone, PlayerView, ShowLookup } from '#shared/show-views.ts';

/** Where a phone is: what it shows. Once in a show, its snapshot says what the show is at. */
export type PhonePhase =
  | { kind: 'loading' }
  /** Not in a show: the room code. */
  | { kind: 'code' }
  /** A room found: who joins, one of the family's profiles or a guest. */
  | { kind: 'choose'; code: string; lookup: ShowLookup }
  /** In a show: its stream's snapshots say what is on screen. */
  | { kind: 'joined' }
  /** Out of it: removed by the host, the show closed, or left. */
  | { kind: 'gone'; reason: GoneReason };

export type GoneReason = PlayerGone['reason'] | 'left';

/** This phone's answer to a question: shown locked from the tap, recorded once the server says so. */
export type MyAnswer = { position: number; answerIndex: number; recorded: boolean };

export type PhoneState = {
  phase: PhonePhase;
  view: PlayerView | null;
  /** When the view arrived, by this device's clock (the countdown: show-clock.ts). */
  receivedAt: number;
  mine: MyAnswer | null;
  /** A lookup, a join or a leave on its way. */
  busy: boolean;
  /** Why the last step was refused (an i18n key), until the next one. */
  error: string | null;
};

export const initialPhoneState: PhoneState = {
  phase: { kind: 'loading' },
  view: null,
  receivedAt: 0,
  mine: null,
  busy: false,
  error: null,
};

export type PhoneAction =
  /** show.me answered: whether this phone is a player of a show still on. */
  | { type: 'me'; joined: boolean }
  | { type: 'busy' }
  | { type: 'refused'; messageKey: string }
  | { type: 'found'; code: string; lookup: ShowLookup }
  | { type: 'joined' }
  | { type: 'view'; view: PlayerView; receivedAt: number }
  | { type: 'gone'; reason: GoneReason }
  | { type: 'pick'; position: number; answerIndex: number }
  /** The answer the server holds for the question (the first tap's, whatever was sent again). */
  | { type: 'recorded'; position: number; answerIndex: number }
  | { type: 'answerRefused'; position: number; messageKey: string }
  /** Back to the room code (another code, another show). */
  | { type: 'enterCode' };

/** What the phone shows: a component each (join.page.tsx). */
export type PhoneScreen =
  | Exclude<PhonePhase['kind'], 'joined'>
  | 'connecting'
  | 'lobby'
  | 'waitNext'
  | 'question'
  | 'reveal'
  | 'podium';

export function phoneScreen(state: PhoneState): PhoneScreen {
  const { phase, view } = state;
  if (phase.kind !== 'joined') return phase.kind;
  if (!view) return 'connecting';
  // A late joiner follows along, in from the next question.
  if ((view.status === 'question' || view.status === 'reveal') && !view.playing) return 'waitNext';
  return view.status;
}

/** The answer shown locked on the question on screen: the server's, else the tap on its way. */
export function lockedAnswer(state: PhoneState): number | null {
  const { view, mine } = state;
  if (!view?.question) return null;
  if (view.myAnswer !== null) return view.myAnswer;
  return mine?.position === view.question.position ? mine.answerIndex : null;
}

/** Whether a tap answers now: the question open, this player in it, no answer of theirs yet. */
export function canAnswer(state: PhoneState, position: number): boolean {
  const { view } = state;
  return (
    state.phase.kind === 'joined' &&
    view?.status === 'question' &&
    view.playing &&
    view.question?.position === position &&
    lockedAnswer(state) === null
  );
}

/**
 * A family show's phone as a pure function (issue 26): loading (is this phone in a show?) → the
 * room code → who joins → in the show, where each snapshot says what is on screen (lobby, the
 * question, its reveal, the podium) → gone. One tap answers and locks at once: a second tap, the
 * same answer sent again or a reconnecting stream never unlocks or changes it.
 */
export function phoneReducer(state: PhoneState, action: PhoneAction): PhoneState {
  switch (action.type) {
    case 'me':
      if (state.phase.kind !== 'loading') return state;
      return { ...state, phase: action.joined ? { kind: 'joined' } : { kind: 'code' } };
    case 'busy':
      return { ...state, busy: true, error: null };
    case 'refused':
      return { ...state, busy: false, error: action.messageKey };
    case 'found':
      return {
        ...state,
        busy: false,
        error: null,
        phase: { kind: 'choose', code: action.code, lookup: action.lookup },
      };
    case 'joined':
      return { ...initialPhoneState, phase: { kind: 'joined' } };
    case 'view': {
      if (state.phase.kind !== 'joined') return state;
      const { view } = action;
      // The tap on its way is dropped once the server shows an answer, or the question has gone.
      const mine =
        state.mine && view.status === 'question' && view.question?.position === state.mine.position
          ? view.myAnswer === null
            ? state.mine
            : { position: state.mine.position, answerIndex: view.myAnswer, recorded: true }
          : null;
      return { ...state, view, receivedAt: action.receivedAt, mine };
    }
    case 'gone':
      // The last snapshot stays: a podium's place is still worth showing once the show has closed.
      return { ...initialPhoneState, phase: { kind: 'gone', reason: action.reason }, view: state.view };
    case 'pick':
      if (!canAnswer(state, action.position)) return state;
      return {
        ...state,
        mine: { position: action.position, answerIndex: action.answerIndex, recorded: false },
        error: null,
      };
    case 'recorded':
      if (state.view?.question?.position !== action.position) return state;
      return { ...state, mine: { position: action.position, answerIndex: action.answerIndex, recorded: true } };
    case 'answerRefused':
      if (state.mine?.position !== action.position || state.mine.recorded) return state;
      return { ...state, mine: null, error: action.messageKey };
    case 'enterCode':
      return { ...initialPhoneState, phase: { kind: 'code' } };
  }
}

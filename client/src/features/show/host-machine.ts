import type { HostView } from '#shared/show-views.ts';

/** The host's calls: each waits on its button while it is on its way. */
export type HostCall = 'create' | 'configure' | 'start' | 'next' | 'end' | 'close' | 'remove';

/** Where the TV is: what it shows. A live show's own status (lobby … podium) is its view's. */
export type HostPhase =
  | { kind: 'loading' }
  | { kind: 'error'; messageKey: string }
  /** No show open: the settings, then Open the room. */
  | { kind: 'setup' }
  /** A show open on this account: its stream's snapshots say what it is at. */
  | { kind: 'live' };

export type HostState = {
  phase: HostPhase;
  /** The show streamed; null once it is closed (its podium may stay on screen). */
  showId: string | null;
  view: HostView | null;
  /** When the view arrived, by this device's clock (the countdown: show-clock.ts). */
  receivedAt: number;
  /** In the lobby: the settings form is open to change them. */
  editing: boolean;
  busy: HostCall | null;
  /** Why the last call was refused (an i18n key), until the next one. */
  callError: string | null;
};

export const initialHostState: HostState = {
  phase: { kind: 'loading' },
  showId: null,
  view: null,
  receivedAt: 0,
  editing: false,
  busy: null,
  callError: null,
};

export type HostAction =
  /** show.current answered: the account's open show (a TV reloaded), or none. */
  | { type: 'resumed'; showId: string | null }
  | { type: 'failed'; messageKey: string }
  | { type: 'call'; call: HostCall }
  | { type: 'callDone' }
  | { type: 'callFailed'; messageKey: string }
  | { type: 'created'; showId: string }
  | { type: 'view'; view: HostView; receivedAt: number }
  /** The stream's last event (the show was closed), or the show is gone (NOT_FOUND). */
  | { type: 'closed' }
  | { type: 'edit' }
  | { type: 'editDone' }
  /** New show, from the podium: back to the settings. */
  | { type: 'newShow' };

/** What the TV shows: a component each (host.page.tsx). */
export type HostScreen = 'loading' | 'error' | 'setup' | 'connecting' | 'settings' | HostView['status'];

export function hostScreen(state: HostState): HostScreen {
  const { phase, view } = state;
  if (phase.kind !== 'live') return phase.kind;
  if (!view) return 'connecting';
  if (view.status === 'lobby' && state.editing) return 'settings';
  return view.status;
}

const idle = { busy: null, callError: null } as const;

/**
 * The family show's TV as a pure function (issue 26): loading (is a show open?) → setup → live,
 * where each snapshot of the show's stream says what is on screen (lobby, question, reveal,
 * podium), and back to setup when the show is closed. Effects (calls, the stream, speech) are
 * use-host-show.ts's: they dispatch what happened, this says what the screen is now.
 */
export function hostReducer(state: HostState, action: HostAction): HostState {
  switch (action.type) {
    case 'resumed':
      if (state.phase.kind !== 'loading') return state;
      return action.showId
        ? { ...state, phase: { kind: 'live' }, showId: action.showId }
        : { ...state, phase: { kind: 'setup' } };
    case 'failed':
      return { ...state, phase: { kind: 'error', messageKey: action.messageKey } };
    case 'call':
      // One call at a time: a second press while one is on its way does nothing.
      if (state.busy) return state;
      return { ...state, busy: action.call, callError: null };
    case 'callDone':
      return { ...state, ...idle };
    case 'callFailed':
      return { ...state, busy: null, callError: action.messageKey };
    case 'created':
      return { ...initialHostState, phase: { kind: 'live' }, showId: action.showId };
    case 'view': {
      const { view } = action;
      if (view.showId !== state.showId) return state;
      return {
        ...state,
        view,
        receivedAt: action.receivedAt,
        // The settings are the lobby's only: once the show starts, the form goes.
        editing: state.editing && view.status === 'lobby',
      };
    }
    case 'closed':
      if (state.phase.kind !== 'live') return state;
      // Its podium stays until the host asks for a new show; anything else goes back to the settings.
      if (state.view?.status === 'podium') return { ...state, showId: null, busy: null };
      return { ...initialHostState, phase: { kind: 'setup' } };
    case 'edit':
      return state.view?.status === 'lobby' ? { ...state, editing: true, callError: null } : state;
    case 'editDone':
      return { ...state, editing: false, callError: null };
    case 'newShow':
      return { ...initialHostState, phase: { kind: 'setup' } };
  }
}

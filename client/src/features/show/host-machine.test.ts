import { describe, expect, it } from 'vitest';
import { hostPlayer, hostView, SHOW_ID, showQuestion } from '../../testing/show-views';
import { type HostAction, type HostState, hostReducer, hostScreen, initialHostState } from './host-machine';

const run = (actions: HostAction[], from: HostState = initialHostState) => actions.reduce(hostReducer, from);
const live = run([{ type: 'resumed', showId: SHOW_ID }]);
const lobby = run([{ type: 'view', view: hostView(), receivedAt: 5 }], live);
const asking = hostView({ status: 'question', position: 0, question: showQuestion(), players: [hostPlayer()] });

describe('the TV of a family show', () => {
  it('loads, then shows the settings when the account has no show open', () => {
    expect(hostScreen(initialHostState)).toBe('loading');
    expect(hostScreen(run([{ type: 'resumed', showId: null }]))).toBe('setup');
  });

  it('resumes the open show after a reload: connecting, then what its stream says', () => {
    expect(live.showId).toBe(SHOW_ID);
    expect(hostScreen(live)).toBe('connecting');
    expect(hostScreen(lobby)).toBe('lobby');
    expect(lobby.receivedAt).toBe(5);
  });

  it('takes a late show.current answer for nothing once it is set up', () => {
    const setup = run([{ type: 'resumed', showId: null }]);
    expect(hostReducer(setup, { type: 'resumed', showId: SHOW_ID })).toBe(setup);
  });

  it('says why it could not load', () => {
    const failed = run([{ type: 'failed', messageKey: 'errors:network' }]);
    expect(failed.phase).toEqual({ kind: 'error', messageKey: 'errors:network' });
    expect(hostScreen(failed)).toBe('error');
  });

  it('opens a room: the create call waits, then the show is live', () => {
    const setup = run([{ type: 'resumed', showId: null }]);
    const creating = hostReducer(setup, { type: 'call', call: 'create' });
    expect(creating.busy).toBe('create');
    const created = hostReducer(creating, { type: 'created', showId: SHOW_ID });
    expect(created).toMatchObject({ phase: { kind: 'live' }, showId: SHOW_ID, busy: null, view: null });
  });

  it('runs one call at a time: a second press while one is on its way does nothing', () => {
    const starting = hostReducer(lobby, { type: 'call', call: 'start' });
    expect(hostReducer(starting, { type: 'call', call: 'start' })).toBe(starting);
    expect(hostReducer(starting, { type: 'callDone' }).busy).toBeNull();
  });

  it("shows a refused call's reason until the next call", () => {
    const refused = run(
      [
        { type: 'call', call: 'start' },
        { type: 'callFailed', messageKey: 'errors:show.noPlayers' },
      ],
      lobby,
    );
    expect(refused).toMatchObject({ busy: null, callError: 'errors:show.noPlayers' });
    expect(hostReducer(refused, { type: 'call', call: 'start' }).callError).toBeNull();
  });

  it('follows each snapshot: question, reveal, podium', () => {
    const question = hostReducer(lobby, { type: 'view', view: asking, receivedAt: 9 });
    expect(hostScreen(question)).toBe('question');
    const revealed = hostReducer(question, {
      type: 'view',
      view: { ...asking, status: 'reveal', reveal: { correctIndex: 1, counts: [0, 1, 0, 0] } },
      receivedAt: 10,
    });
    expect(hostScreen(revealed)).toBe('reveal');
    expect(
      hostScreen(hostReducer(revealed, { type: 'view', view: hostView({ status: 'podium' }), receivedAt: 11 })),
    ).toBe('podium');
  });

  it("ignores another show's snapshot (a stream of the show before)", () => {
    expect(hostReducer(lobby, { type: 'view', view: hostView({ showId: 'other' }), receivedAt: 1 })).toBe(lobby);
  });

  it('opens the settings in the lobby only, and closes them once the show starts', () => {
    const editing = hostReducer(lobby, { type: 'edit' });
    expect(hostScreen(editing)).toBe('settings');
    expect(hostScreen(hostReducer(editing, { type: 'editDone' }))).toBe('lobby');
    const started = hostReducer(editing, { type: 'view', view: asking, receivedAt: 2 });
    expect(started.editing).toBe(false);
    expect(hostScreen(started)).toBe('question');
    const question = hostReducer(lobby, { type: 'view', view: asking, receivedAt: 2 });
    expect(hostReducer(question, { type: 'edit' })).toBe(question);
  });

  it('goes back to the settings when its show is closed or gone', () => {
    const closed = hostReducer(lobby, { type: 'closed' });
    expect(hostScreen(closed)).toBe('setup');
    expect(closed.showId).toBeNull();
  });

  it('keeps the podium on screen when the show closes after it, until a new show', () => {
    const podium = hostReducer(lobby, { type: 'view', view: hostView({ status: 'podium' }), receivedAt: 3 });
    const closed = hostReducer(podium, { type: 'closed' });
    expect(hostScreen(closed)).toBe('podium');
    expect(closed.showId).toBeNull();
    expect(hostScreen(hostReducer(closed, { type: 'newShow' }))).toBe('setup');
  });
});

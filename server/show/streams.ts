import { type TrackedEnvelope, tracked } from '@trpc/server';
import type { HostEvent, PlayerEvent } from '#shared/show-views.ts';
import { HOST, type ShowHub } from './hub';
import type { ShowStates } from './state';
import { hostView, playerView } from './views';

/**
 * The TV's and the phones' event streams (tRPC subscriptions over SSE). Each event is the
 * viewer's whole snapshot, tracked by an id that moves on with the show (its version; the TV's
 * also with the players' presence): a stream opened again with the last id it saw sends nothing
 * until the next change, any other id gets the snapshot at once. Between changes a stream
 * sleeps: no polling. A stream only reads and listens; its opening and closing are presence.
 */
type Streams = { hub: ShowHub; states: ShowStates; onPresence: (showId: string) => void };

/**
 * A snapshot made with serverNow 0, as text: the same as the last sent (other players' answers,
 * say) is not sent again. The event carries the clock.
 */
const unclocked = (view: object) => JSON.stringify(view);

export async function* hostStream(
  { hub, states, onPresence }: Streams,
  showId: string,
  lastEventId: string | null,
  request: AbortSignal | undefined,
): AsyncGenerator<TrackedEnvelope<HostEvent>> {
  const stream = hub.open(showId, HOST, request);
  onPresence(showId);
  try {
    let sentId = lastEventId;
    let sent: string | null = null;
    while (!stream.signal.aborted) {
      // Listening before reading: a change made while this reads wakes it again.
      const next = hub.nextChange(showId, HOST, stream.signal);
      const state = states.load(showId);
      if (!state) {
        yield tracked('closed', { kind: 'closed' });
        return;
      }
      const id = `${state.show.version}.${hub.presence(showId)}`;
      if (id !== sentId) {
        const view = hostView(state, (playerId) => hub.connected(showId, playerId), 0);
        const text = unclocked(view);
        if (text !== sent) {
          sent = text;
          yield tracked(id, { ...view, serverNow: Date.now() });
        }
        sentId = id;
      }
      await next;
    }
  } finally {
    stream.close();
    onPresence(showId);
  }
}

export async function* playerStream(
  { hub, states }: Streams,
  showId: string,
  playerId: string,
  lastEventId: string | null,
  request: AbortSignal | undefined,
): AsyncGenerator<TrackedEnvelope<PlayerEvent>> {
  const stream = hub.open(showId, playerId, request);
  try {
    let sentId = lastEventId;
    let sent: string | null = null;
    while (!stream.signal.aborted) {
      const next = hub.nextChange(showId, playerId, stream.signal);
      const state = states.load(showId);
      const view = state && playerView(state, playerId, 0);
      if (!view) {
        yield tracked('gone', { kind: 'gone', reason: state ? 'removed' : 'closed' });
        return;
      }
      const id = String(state.show.version);
      if (id !== sentId) {
        const text = unclocked(view);
        if (text !== sent) {
          sent = text;
          yield tracked(id, { ...view, serverNow: Date.now() });
        }
        sentId = id;
      }
      await next;
    }
  } finally {
    stream.close();
  }
}

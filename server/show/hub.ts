import { PLAYER_AWAY_MS } from '#shared/show.ts';

/** The TV's key among a show's viewers (the phones' are their player ids). */
export const HOST = 'host';

/**
 * The family show's live part on the main thread, in memory: who is watching which show (a
 * viewer is connected while a stream of its is open: presence is never written down), and the
 * streams waiting for a show's next change. A change (a write, a presence change) wakes them
 * all; each takes the show's state (state.ts) and sends its viewer's snapshot if it differs.
 */
export function createShowHub(now: () => number = Date.now) {
  /** showId → viewer → its stream's wake-up (one stream a viewer; a set while an old one winds down). */
  const waiting = new Map<string, Map<string, Set<() => void>>>();
  /** showId → viewer → its newest stream's controller. */
  const streams = new Map<string, Map<string, AbortController>>();
  /** showId → viewer → when its last stream closed. */
  const leftAt = new Map<string, Map<string, number>>();
  const presence = new Map<string, number>();
  /** Viewers not seen since the server started count as away from then (a restart loses presence). */
  const startedAt = now();

  /** Wakes the show's streams: all of them, or only those of `viewers` (a change no one else sees). */
  function changed(showId: string, viewers?: readonly string[]) {
    const byViewer = waiting.get(showId);
    if (!byViewer) return;
    for (const viewer of viewers ?? [...byViewer.keys()]) {
      const wakers = byViewer.get(viewer);
      if (!wakers) continue;
      byViewer.delete(viewer);
      for (const wake of [...wakers]) wake();
    }
    if (byViewer.size === 0) waiting.delete(showId);
  }

  /** Only the TV shows who is connected. */
  function presenceChanged(showId: string) {
    presence.set(showId, (presence.get(showId) ?? 0) + 1);
    changed(showId, [HOST]);
  }

  function awaySince(showId: string, viewer: string): number | null {
    if (streams.get(showId)?.has(viewer)) return null;
    return leftAt.get(showId)?.get(viewer) ?? startedAt;
  }

  return {
    changed,
    /** Resolves at the next change `viewer` of the show sees, or as soon as `signal` aborts. */
    nextChange(showId: string, viewer: string, signal: AbortSignal): Promise<void> {
      return new Promise((resolve) => {
        if (signal.aborted) return resolve();
        let byViewer = waiting.get(showId);
        if (!byViewer) {
          byViewer = new Map();
          waiting.set(showId, byViewer);
        }
        let wakers = byViewer.get(viewer);
        if (!wakers) {
          wakers = new Set();
          byViewer.set(viewer, wakers);
        }
        const set = wakers;
        const map = byViewer;
        const wake = () => {
          set.delete(wake);
          signal.removeEventListener('abort', wake);
          // A stream that ended without a change leaves nothing behind.
          if (set.size === 0 && map.get(viewer) === set) map.delete(viewer);
          if (map.size === 0 && waiting.get(showId) === map) waiting.delete(showId);
          resolve();
        };
        set.add(wake);
        signal.addEventListener('abort', wake, { once: true });
      });
    },
    /**
     * A viewer's stream opens. The newest stream of a viewer wins: an older one (another tab, or a
     * connection the phone dropped without closing) is ended. Its signal aborts when the request's
     * does, when a newer stream replaces it, or when the hub closes; `close` when it ends.
     */
    open(showId: string, viewer: string, request: AbortSignal | undefined) {
      const controller = new AbortController();
      const abort = () => controller.abort();
      if (request?.aborted) abort();
      request?.addEventListener('abort', abort, { once: true });
      let viewers = streams.get(showId);
      if (!viewers) {
        viewers = new Map();
        streams.set(showId, viewers);
      }
      const previous = viewers.get(viewer);
      viewers.set(viewer, controller);
      if (previous) previous.abort();
      else presenceChanged(showId);
      const open = viewers;
      return {
        signal: controller.signal,
        close() {
          request?.removeEventListener('abort', abort);
          controller.abort();
          if (open.get(viewer) !== controller) return;
          open.delete(viewer);
          if (open.size === 0 && streams.get(showId) === open) streams.delete(showId);
          let left = leftAt.get(showId);
          if (!left) {
            left = new Map();
            leftAt.set(showId, left);
          }
          left.set(viewer, now());
          presenceChanged(showId);
        },
      };
    },
    connected: (showId: string, viewer: string) => streams.get(showId)?.has(viewer) ?? false,
    /** When the viewer's last stream closed; null while one is open. */
    awaySince,
    /** Connected, or gone less than PLAYER_AWAY_MS ago: a question waits for its answer. */
    isAround(showId: string, viewer: string): boolean {
      const away = awaySince(showId, viewer);
      return away === null || now() - away < PLAYER_AWAY_MS;
    },
    /** Moves on whenever someone connects or goes: part of the TV's event ids. */
    presence: (showId: string) => presence.get(showId) ?? 0,
    /** A deleted show's traces. */
    forget(showId: string) {
      leftAt.delete(showId);
      presence.delete(showId);
    },
    /** Ends every stream (the server is closing). */
    closeAll() {
      for (const viewers of streams.values()) for (const controller of viewers.values()) controller.abort();
    },
  };
}
export type ShowHub = ReturnType<typeof createShowHub>;

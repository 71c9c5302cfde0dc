/** setTimeout's longest delay; a later due time is looked at again then. */
const LONGEST_DELAY_MS = 2 ** 31 - 1;

/**
 * One timer a show, for what it must do next on its own (shared/show.ts, dueAction): reveal a
 * question at its deadline, end a show its host left, close a podium. Set again after every
 * change; `check` decides what is due when it fires.
 */
export function createShowTimers(check: (showId: string) => void) {
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  const clear = (showId: string) => {
    clearTimeout(timers.get(showId));
    timers.delete(showId);
  };
  return {
    /** Checks the show at `at` (epoch ms); null: nothing to do on its own. */
    schedule(showId: string, at: number | null) {
      clear(showId);
      if (at === null) return;
      const timer = setTimeout(
        () => {
          timers.delete(showId);
          check(showId);
        },
        Math.min(LONGEST_DELAY_MS, Math.max(0, at - Date.now())),
      );
      // A timer never keeps a closing process alive: a restart sets it again from the database.
      timer.unref();
      timers.set(showId, timer);
    },
    clear,
    clearAll() {
      for (const showId of [...timers.keys()]) clear(showId);
    },
    size: () => timers.size,
  };
}

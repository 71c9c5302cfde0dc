import { useEffect } from 'react';

/**
 * Keeps the screen awake while `active` (a game on screen): a child thinking over a question must
 * not find the tablet asleep. Released on leaving the game; the browser releases it when the tab is
 * hidden, so it is asked for again when the tab is shown. Where there is no Wake Lock, nothing.
 */
export function useWakeLock(active: boolean) {
  useEffect(() => {
    if (!active || !('wakeLock' in navigator)) return;
    let lock: WakeLockSentinel | null = null;
    let released = false;
    const request = () => {
      if (document.visibilityState !== 'visible') return;
      navigator.wakeLock.request('screen').then(
        (sentinel) => {
          if (released) void sentinel.release();
          else lock = sentinel;
        },
        () => undefined, // refused (battery saver, no permission): the game goes on
      );
    };
    request();
    document.addEventListener('visibilitychange', request);
    return () => {
      released = true;
      document.removeEventListener('visibilitychange', request);
      void lock?.release();
    };
  }, [active]);
}

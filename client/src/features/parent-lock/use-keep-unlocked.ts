import { useEffect } from 'react';
import { trpc } from '../../lib/trpc';

/** How often, at most, a parent at work tells the server so: well inside the unlock's 5 minutes. */
const KEEP_OPEN_EVERY_MS = 60_000;
const ACTIVITY = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;

/**
 * While `open`, the parent's activity here (a tap, a key, a scroll) keeps the lock open on the
 * server: once a minute at most, and only after something was done in that minute, so a tablet
 * left on an admin page still locks itself 5 minutes after the last touch.
 */
export function useKeepUnlocked(open: boolean) {
  const keepOpen = trpc.parentLock.keepOpen.useMutation();
  const { mutate } = keepOpen;
  useEffect(() => {
    if (!open) return;
    let active = false;
    const noted = () => {
      active = true;
    };
    for (const type of ACTIVITY) window.addEventListener(type, noted, { passive: true, capture: true });
    const timer = setInterval(() => {
      if (!active) return;
      active = false;
      mutate();
    }, KEEP_OPEN_EVERY_MS);
    return () => {
      clearInterval(timer);
      for (const type of ACTIVITY) window.removeEventListener(type, noted, { capture: true });
    };
  }, [open, mutate]);
}

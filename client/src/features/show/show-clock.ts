import { useEffect, useState } from 'react';

/**
 * What is left of a question's countdown, by this device's clock: its deadline is the server's
 * (`serverNow` when the snapshot was sent), so only the time since the snapshot arrived is
 * counted here, whatever this device's clock says the time is.
 */
export function remainingMs(deadline: number, serverNow: number, receivedAt: number, now: number): number {
  return Math.max(0, deadline - serverNow - Math.max(0, now - receivedAt));
}

const TICK_MS = 250;

/** The whole seconds left, ticking down on screen until 0 (null without a question). */
export function useSecondsLeft(
  question: { deadline: number } | null,
  serverNow: number,
  receivedAt: number,
): number | null {
  const [now, setNow] = useState(() => Date.now());
  const deadline = question?.deadline ?? null;
  useEffect(() => {
    if (deadline === null) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, [deadline]);
  if (deadline === null) return null;
  return Math.ceil(remainingMs(deadline, serverNow, receivedAt, Math.max(now, receivedAt)) / 1000);
}

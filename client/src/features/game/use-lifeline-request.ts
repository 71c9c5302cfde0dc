import { useCallback, useEffect, useRef, useState } from 'react';
import type { Lifeline, UsedLifelines } from '#shared/lifelines.ts';
import { errorKeyOf, isNetworkFailure } from '../../lib/errors';
import { trpc, withTimeout } from '../../lib/trpc';

const ALREADY_USED = 'errors:game.lifelineUsed';

type Options = {
  gameId: string;
  position: number;
  /** The lifeline was taken: what the game's lifelines are now. */
  onTaken: (lifeline: Lifeline, used: UsedLifelines) => void;
};

/**
 * Asks the server for a lifeline. One lost with the network waits for it and is asked again by
 * itself once it is back (as a lost pick is, use-game-flow.ts), the question staying on screen
 * for the family to read; one the server took but whose reply was lost is read back from the
 * game, not refused as used. Other refusals are the lifeline's error.
 */
export function useLifelineRequest({ gameId, position, onTaken }: Options) {
  const utils = trpc.useUtils();
  const [busy, setBusy] = useState<Lifeline | null>(null);
  /** Lost with the network: asked again once it is back. */
  const [waiting, setWaiting] = useState<Lifeline | null>(null);
  const [error, setError] = useState<string | null>(null);
  const taken = useRef(onTaken);
  taken.current = onTaken;

  /** What the server holds, when it says the lifeline is used: taken here, by the request whose reply was lost. */
  const takenMeanwhile = useCallback(
    async (lifeline: Lifeline) => {
      const game = await utils.client.game.byId.query({ gameId }, withTimeout()).catch(() => null);
      const used = game && game.status !== 'interrupted' ? game.lifelines : undefined;
      return used?.[lifeline]?.position === position ? used : null;
    },
    [utils, gameId, position],
  );

  const take = useCallback(
    async (lifeline: Lifeline, resent = false) => {
      setBusy(lifeline);
      setError(null);
      try {
        const used = await utils.client.game.lifeline.mutate({ gameId, position, lifeline }, withTimeout());
        setWaiting(null);
        taken.current(lifeline, used);
      } catch (failure) {
        if (isNetworkFailure(failure)) return setWaiting(lifeline);
        setWaiting(null);
        const used = resent && errorKeyOf(failure) === ALREADY_USED ? await takenMeanwhile(lifeline) : null;
        if (used) taken.current(lifeline, used);
        else setError(errorKeyOf(failure, 'errors:game.lifelineFailed'));
      } finally {
        setBusy(null);
      }
    },
    [utils, gameId, position, takenMeanwhile],
  );

  // A lifeline is asked for the question on screen: one waiting is dropped when the game moves on.
  // biome-ignore lint/correctness/useExhaustiveDependencies: position is what clears it.
  useEffect(() => setWaiting(null), [position]);

  useEffect(() => {
    if (!waiting) return;
    const resend = () => void take(waiting, true);
    window.addEventListener('online', resend);
    return () => window.removeEventListener('online', resend);
  }, [waiting, take]);

  return {
    /** The lifeline being asked for, or waiting for the network. */
    pending: busy ?? waiting,
    waiting,
    error,
    take: (lifeline: Lifeline) => {
      if (!busy && !waiting) void take(lifeline);
    },
    /** The waiting note's Try again: now, not at the next 'online'. */
    retry: () => {
      if (waiting && !busy) void take(waiting, true);
    },
  };
}

import { skipToken } from '@tanstack/react-query';
import { useCallback, useEffect, useReducer, useRef } from 'react';
import type { JoinShowInput } from '#shared/schemas/show.ts';
import { errorCodeOf, errorKeyOf, isNetworkFailure } from '../../lib/errors';
import { trpc, withTimeout } from '../../lib/trpc';
import { initialPhoneState, phoneReducer } from './phone-machine';

/** A tap lost on the way is sent again (the server counts it once) this often, while its question is open. */
const ANSWER_RETRY_MS = 1500;

/**
 * A phone's effects around its state machine (phone-machine.ts): whether it is in a show already
 * (its httpOnly join cookie: a reload, a locked screen, a new Wi-Fi), the room code's lookup, the
 * join, its stream (tRPC's SSE subscription, resumed by tRPC from the last event id), an answer
 * sent until the server holds it, leaving.
 */
export function usePhoneShow() {
  const [state, dispatch] = useReducer(phoneReducer, initialPhoneState);
  const utils = trpc.useUtils();
  const me = trpc.show.me.useQuery(undefined, { staleTime: 0, gcTime: 0, retry: 3 });

  useEffect(() => {
    if (me.isSuccess) dispatch({ type: 'me', joined: me.data !== null });
    // No answer at all: the code is asked for; a stale cookie finds its show again at the next join.
    else if (me.isError) dispatch({ type: 'me', joined: false });
  }, [me.isSuccess, me.isError, me.data]);

  const joined = state.phase.kind === 'joined';
  const stream = trpc.show.play.useSubscription(joined ? {} : skipToken, {
    onData: ({ data }) => {
      if (data.kind === 'gone') dispatch({ type: 'gone', reason: data.reason });
      else dispatch({ type: 'view', view: data, receivedAt: Date.now() });
    },
    // This phone's player is gone (removed while the phone was away, or the show is over).
    onError: () => dispatch({ type: 'gone', reason: 'closed' }),
  });

  // The latest state for the answer's retries, which outlive the render that started them.
  const stateRef = useRef(state);
  stateRef.current = state;

  const answer = useCallback(
    async (position: number, answerIndex: number) => {
      dispatch({ type: 'pick', position, answerIndex });
      for (;;) {
        try {
          const recorded = await utils.client.show.answer.mutate({ position, answerIndex }, withTimeout());
          return dispatch({ type: 'recorded', ...recorded });
        } catch (error) {
          if (!isNetworkFailure(error)) {
            const key = errorCodeOf(error) === 'TOO_MANY_REQUESTS' ? 'errors:rateLimited' : errorKeyOf(error);
            return dispatch({ type: 'answerRefused', position, messageKey: key });
          }
        }
        await new Promise((resume) => setTimeout(resume, ANSWER_RETRY_MS));
        // Still on this question, still not shown as recorded: send it again.
        const now = stateRef.current;
        if (now.view?.status !== 'question' || now.view.question?.position !== position) return;
        if (now.view.myAnswer !== null || now.mine?.recorded) return;
      }
    },
    [utils],
  );

  /** Looks the code up (how many are in, whether this phone may join as a profile). */
  const lookup = useCallback(
    async (code: string) => {
      dispatch({ type: 'busy' });
      try {
        const found = await utils.client.show.lookup.query({ code }, withTimeout());
        dispatch({ type: 'found', code, lookup: found });
      } catch (error) {
        dispatch({ type: 'refused', messageKey: errorKeyOf(error) });
      }
    },
    [utils],
  );

  const join = useCallback(
    async (input: JoinShowInput) => {
      dispatch({ type: 'busy' });
      try {
        await utils.client.show.join.mutate(input, withTimeout());
        dispatch({ type: 'joined' });
      } catch (error) {
        dispatch({ type: 'refused', messageKey: errorKeyOf(error) });
      }
    },
    [utils],
  );

  const leave = useCallback(async () => {
    dispatch({ type: 'busy' });
    try {
      await utils.client.show.leave.mutate(undefined, withTimeout());
      dispatch({ type: 'gone', reason: 'left' });
    } catch (error) {
      dispatch({ type: 'refused', messageKey: errorKeyOf(error) });
    }
  }, [utils]);

  return {
    state,
    /** The stream dropped and tRPC is reconnecting it (after it had delivered). */
    reconnecting: stream.status === 'connecting' && state.view !== null,
    answer,
    lookup,
    join,
    leave,
    enterCode: () => dispatch({ type: 'enterCode' }),
  };
}

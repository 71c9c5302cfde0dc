import { skipToken } from '@tanstack/react-query';
import { useCallback, useEffect, useReducer } from 'react';
import type { CreateShowInput } from '#shared/schemas/show.ts';
import { errorCodeOf, errorKeyOf } from '../../lib/errors';
import { trpc, withTimeout } from '../../lib/trpc';
import { type HostCall, hostReducer, initialHostState } from './host-machine';

export type ShowSettingsInput = Omit<CreateShowInput, 'ageGroup'> & { ageGroup: CreateShowInput['ageGroup'] };

/**
 * The TV's effects around its state machine (host-machine.ts): the account's open show (a reload
 * resumes it), its stream (tRPC's SSE subscription, resumed by tRPC from the last event id), and
 * the host's calls. Each tells the machine what happened.
 */
export function useHostShow() {
  const [state, dispatch] = useReducer(hostReducer, initialHostState);
  const utils = trpc.useUtils();
  const current = trpc.show.current.useQuery(undefined, { staleTime: 0, gcTime: 0, retry: 2 });

  useEffect(() => {
    if (current.isSuccess) dispatch({ type: 'resumed', showId: current.data?.showId ?? null });
    else if (current.isError) dispatch({ type: 'failed', messageKey: errorKeyOf(current.error) });
  }, [current.isSuccess, current.isError, current.data, current.error]);

  const { showId } = state;
  const stream = trpc.show.watch.useSubscription(showId ? { showId } : skipToken, {
    onData: ({ data }) => {
      if (data.kind === 'closed') dispatch({ type: 'closed' });
      else dispatch({ type: 'view', view: data, receivedAt: Date.now() });
    },
    onError: (error) => {
      // The show is gone (closed while this TV was away): a new one can be set up.
      if (errorCodeOf(error) === 'NOT_FOUND') dispatch({ type: 'closed' });
      else dispatch({ type: 'failed', messageKey: errorKeyOf(error) });
    },
  });

  /** Runs one host call (its button waits), telling the machine how it went. */
  const run = useCallback(async (call: HostCall, send: () => Promise<unknown>) => {
    dispatch({ type: 'call', call });
    try {
      await send();
      dispatch({ type: 'callDone' });
      return true;
    } catch (error) {
      dispatch({ type: 'callFailed', messageKey: errorKeyOf(error) });
      return false;
    }
  }, []);

  const client = utils.client.show;
  const id = showId ?? '';
  return {
    state,
    dispatch,
    /** The stream dropped and tRPC is reconnecting it (after it had delivered). */
    reconnecting: stream.status === 'connecting' && state.view !== null,
    create: (settings: ShowSettingsInput) =>
      run('create', async () => {
        const created = await client.create.mutate(settings, withTimeout());
        dispatch({ type: 'created', showId: created.showId });
      }),
    configure: (settings: Partial<ShowSettingsInput>) =>
      run('configure', async () => {
        await client.configure.mutate({ showId: id, ...settings }, withTimeout());
        dispatch({ type: 'editDone' });
      }),
    start: () => run('start', () => client.start.mutate({ showId: id }, withTimeout())),
    next: (position: number) => run('next', () => client.next.mutate({ showId: id, position }, withTimeout())),
    end: () => run('end', () => client.end.mutate({ showId: id }, withTimeout())),
    remove: (playerId: string) =>
      run('remove', () => client.removePlayer.mutate({ showId: id, playerId }, withTimeout())),
    /** A new show, from the podium: the one shown is closed now (its guests deleted), not in 5 minutes. */
    newShow: () => {
      if (showId) void client.close.mutate({ showId }).catch(() => undefined);
      dispatch({ type: 'newShow' });
      void utils.show.current.invalidate();
    },
  };
}

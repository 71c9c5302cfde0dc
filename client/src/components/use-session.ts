import { takeInitialSession } from '../lib/initial-state';
import { trpc } from '../lib/trpc';

/** Who is signed in and the session's active profile (the server remembers it across reloads). */
export function useSession() {
  const query = trpc.session.me.useQuery(undefined, { staleTime: 60_000, initialData: takeInitialSession });
  return {
    isLoading: query.isLoading,
    isError: query.isError,
    user: query.data?.user ?? null,
    activeProfile: query.data?.activeProfile ?? null,
    refetch: query.refetch,
  };
}

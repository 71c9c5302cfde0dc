import type { QueryClient } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import type { PageState } from '../../../server/http/page-state';
import { type RouterOutputs, trpc } from './trpc';

type SessionMe = RouterOutputs['session']['me'];
type InitialQuery = PageState['queries'][number];

/** Matches INITIAL_STATE_ID in server/http/static-files.ts; its shape is server/http/page-state.ts's PageState. */
const ELEMENT_ID = 'initial-state';

/** The procedures whose answers a page can be served with (see server/http/page-state.ts). */
const procedures = {
  'categories.list': trpc.categories.list,
  'categories.short': trpc.categories.short,
  'profiles.list': trpc.profiles.list,
  'game.current': trpc.game.current,
  'profiles.history': trpc.profiles.history,
};

/** What the server wrote into the page, read once, when the app starts. */
function readInitialState(): { session?: SessionMe; queries?: InitialQuery[] } {
  if (typeof document === 'undefined') return {};
  const element = document.getElementById(ELEMENT_ID);
  if (!element) return {};
  element.remove();
  try {
    return JSON.parse(element.textContent ?? '');
  } catch {
    return {};
  }
}

let initial = readInitialState();

/**
 * The session the server wrote into the page (what session.me would answer), taken once: the first
 * screen needs no round trip to know who is signed in. Later reads (after a sign-out, say) find
 * nothing and ask the server.
 */
export function takeInitialSession(): SessionMe | undefined {
  const { session } = initial;
  initial = { ...initial, session: undefined };
  return session;
}

/**
 * Puts the opened page's first answers, written into the page by the server, in the query cache:
 * the page shows them at once (and asks again in the background when its queries want fresh data).
 */
export function seedInitialQueries(queryClient: QueryClient): void {
  for (const query of initial.queries ?? []) {
    const procedure = procedures[query.path];
    if (!procedure) continue;
    queryClient.setQueryData(getQueryKey(procedure, query.input, 'query'), query.data);
  }
  initial = { ...initial, queries: [] };
}

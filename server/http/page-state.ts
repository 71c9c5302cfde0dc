import { paths } from '#shared/routes.ts';
import type { appRouter } from '../trpc/router';

type Caller = ReturnType<typeof appRouter.createCaller>;

/** One query's answer, as the client's cache keys it: the procedure's path and its input. */
export type InitialQuery = {
  path: 'categories.list' | 'categories.short' | 'profiles.list' | 'game.current' | 'profiles.history';
  input?: { profileId: string };
  data: unknown;
};

/** What a page is served with: who is signed in, and the opened page's first queries. */
export type PageState = { session: Awaited<ReturnType<Caller['session']['me']>>; queries: InitialQuery[] };

/**
 * The answers the opened page asks for first, worked out while its HTML is served (the same
 * procedures, as the visitor): the page shows them without a round trip after its code has run.
 * Only for the player screens whose first paint waits on them; the client asks again when stale.
 */
export async function pageState(caller: Caller, pathname: string): Promise<PageState> {
  const session = await caller.session.me();
  const queries: InitialQuery[] = [];
  const profileId = session.activeProfile?.id;
  if (pathname === paths.profiles && session.user) {
    queries.push({ path: 'profiles.list', data: await caller.profiles.list() });
  }
  if (pathname === paths.preGame && profileId) {
    const input = { profileId };
    const [categories, short, current, history] = await Promise.all([
      caller.categories.list(),
      caller.categories.short(),
      caller.game.current(input),
      caller.profiles.history(input),
    ]);
    queries.push(
      { path: 'categories.list', data: categories },
      { path: 'categories.short', data: short },
      { path: 'game.current', input, data: current },
      { path: 'profiles.history', input, data: history },
    );
  }
  if (pathname === paths.game && profileId) {
    // A reload or a link straight to the game: its question shows without a round trip.
    const input = { profileId };
    queries.push({ path: 'game.current', input, data: await caller.game.current(input) });
  }
  return { session, queries };
}

/**
 * The picture of the question a page opens on (/game, with a picture question in play): preloaded
 * from the HTML, it is on its way while the code loads instead of after it has run. On a phone it
 * is the page's largest paint (Lighthouse's LCP element).
 */
export function pictureToPreload(state: PageState, pathname: string): string | null {
  if (pathname !== paths.game) return null;
  const current = state.queries.find((query) => query.path === 'game.current')?.data as
    | { status?: string; position?: number; questions?: { imageUrl: string | null }[] }
    | null
    | undefined;
  if (current?.status !== 'playing' || current.position === undefined) return null;
  return current.questions?.[current.position]?.imageUrl ?? null;
}

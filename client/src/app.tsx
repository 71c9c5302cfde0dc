import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { httpBatchLink, httpSubscriptionLink, retryLink, splitLink } from '@trpc/client';
import { Suspense, useState } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { ROUTES, type RouteName } from '#shared/routes.ts';
import { RouteGuard } from './components/guards';
import { Loading } from './components/loading';
import { NotFoundPage } from './components/not-found-page';
import { paths } from './config/paths';
import { SignInPage } from './features/auth/sign-in-page';
import { ParentLockProvider } from './features/parent-lock/use-parent-lock';
import { seedInitialQueries } from './lib/initial-state';
import { useRouteFocus } from './lib/route-focus';
import { useArrowNavigation } from './lib/spatial-navigation';
import { retriesStream, streamRetryDelayMs } from './lib/stream-retry';
import { trpc } from './lib/trpc';
import { pages } from './pages';

export function App() {
  const [queryClient] = useState(() => {
    const client = new QueryClient({
      defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false } },
    });
    seedInitialQueries(client);
    return client;
  });
  // Subscriptions (the family show's event streams) over Server-Sent Events; tRPC itself resumes a
  // dropped stream from the last event id it saw, and one whose reopening failed is opened again
  // (lib/stream-retry.ts). Everything else in batches, as ever.
  const [trpcClient] = useState(() =>
    trpc.createClient({
      links: [
        retryLink({ retry: retriesStream, retryDelayMs: streamRetryDelayMs }),
        splitLink({
          condition: (op) => op.type === 'subscription',
          true: httpSubscriptionLink({ url: '/trpc' }),
          false: httpBatchLink({ url: '/trpc' }),
        }),
      ],
    }),
  );
  useRouteFocus();
  // A TV remote's arrows reach every control of the family's pages; the admin pages (a desk's)
  // keep the keyboard's own arrows (a list's Up and Down change its choice).
  const [location] = useLocation();
  useArrowNavigation(location !== paths.admin && !location.startsWith(`${paths.admin}/`));

  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <ParentLockProvider>
          <Suspense fallback={<Loading />}>
            <Switch>
              {(Object.keys(ROUTES) as RouteName[]).map((name) => {
                const route: (typeof ROUTES)[RouteName] = ROUTES[name];
                const Page = name === 'home' ? SignInPage : pages[name as keyof typeof pages];
                return (
                  <Route key={name} path={route.path} nest={'nested' in route}>
                    <RouteGuard access={route.access}>
                      <Page />
                    </RouteGuard>
                  </Route>
                );
              })}
              <Route>
                <NotFoundPage />
              </Route>
            </Switch>
          </Suspense>
        </ParentLockProvider>
      </QueryClientProvider>
    </trpc.Provider>
  );
}

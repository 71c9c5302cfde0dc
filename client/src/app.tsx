import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { httpBatchLink, httpSubscriptionLink, splitLink } from '@trpc/client';
import { Suspense, useState } from 'react';
import { Route, Switch, useLocation, useSearch } from 'wouter';
import { FORGOT_PIN_PARAM } from '../../shared/parent-lock';
import { RedirectWhenSignedIn, RequireActiveProfile, RequireSignedIn } from './components/guards';
import { Loading } from './components/loading';
import { NotFoundPage } from './components/not-found-page';
import { RequireAdmin } from './components/require-admin';
import { paths } from './config/paths';
import { SignInPage } from './features/auth/sign-in-page';
import { ParentLockProvider } from './features/parent-lock/use-parent-lock';
import { seedInitialQueries } from './lib/initial-state';
import { useRouteFocus } from './lib/route-focus';
import { useArrowNavigation } from './lib/spatial-navigation';
import { trpc } from './lib/trpc';
import {
  AdminPage,
  CreateProfilePage,
  FamilyPage,
  GamePage,
  JoinShowPage,
  LocalSignInPage,
  PreGamePage,
  ProfilesPage,
  ShowHostPage,
} from './pages';

export function App() {
  const [queryClient] = useState(() => {
    const client = new QueryClient({
      defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false } },
    });
    seedInitialQueries(client);
    return client;
  });
  // Subscriptions (the family show's event streams) over Server-Sent Events; tRPC itself resumes a
  // dropped stream from the last event id it saw. Everything else in batches, as ever.
  const [trpcClient] = useState(() =>
    trpc.createClient({
      links: [
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
              <Route path={paths.home}>
                <RedirectWhenSignedIn>
                  <SignInPage />
                </RedirectWhenSignedIn>
              </Route>
              <Route path={paths.localSignIn}>
                <LocalSignInRoute />
              </Route>
              <Route path={paths.profiles}>
                <RequireSignedIn>
                  <ProfilesPage />
                </RequireSignedIn>
              </Route>
              <Route path={paths.createProfile}>
                <RequireSignedIn>
                  <CreateProfilePage />
                </RequireSignedIn>
              </Route>
              <Route path={paths.preGame}>
                <RequireActiveProfile>
                  <PreGamePage />
                </RequireActiveProfile>
              </Route>
              <Route path={paths.game}>
                <RequireActiveProfile>
                  <GamePage />
                </RequireActiveProfile>
              </Route>
              <Route path={paths.family}>
                <RequireSignedIn>
                  <FamilyPage />
                </RequireSignedIn>
              </Route>
              {/* Hosting a family show is play: a sign-in, no parent PIN. */}
              <Route path={paths.show}>
                <RequireSignedIn>
                  <ShowHostPage />
                </RequireSignedIn>
              </Route>
              {/* A phone joins without an account (a guest) or as one of the family's profiles. */}
              <Route path={paths.join}>
                <JoinShowPage />
              </Route>
              <Route path={paths.admin} nest>
                <RequireAdmin>
                  <AdminPage />
                </RequireAdmin>
              </Route>
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

/** Forgot PIN signs in again from a browser already signed in: then the page stays. */
function LocalSignInRoute() {
  const forgotPin = new URLSearchParams(useSearch()).has(FORGOT_PIN_PARAM);
  if (forgotPin) return <LocalSignInPage />;
  return (
    <RedirectWhenSignedIn>
      <LocalSignInPage />
    </RedirectWhenSignedIn>
  );
}

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { httpBatchLink } from '@trpc/client';
import { lazy, Suspense, useState } from 'react';
import { Route, Switch } from 'wouter';
import { RedirectWhenSignedIn, RequireActiveProfile, RequireSignedIn } from './components/guards';
import { Loading } from './components/loading';
import { NotFoundPage } from './components/not-found-page';
import { RequireAdmin } from './components/require-admin';
import { paths } from './config/paths';
import { SignInPage } from './features/auth/sign-in-page';
import { trpc } from './lib/trpc';

// Only the sign-in screen is in the first load; the rest arrives when it is needed.
const LocalSignInPage = lazy(() => import('./features/auth/local-sign-in-page'));
const ProfilesPage = lazy(() => import('./features/profiles/profiles-page'));
const CreateProfilePage = lazy(() => import('./features/profiles/create-profile-page'));
const PreGamePage = lazy(() => import('./features/game/pre-game-page'));
const GamePage = lazy(() => import('./features/game/game-page'));
const AdminPage = lazy(() => import('./features/admin/admin-page'));

export function App() {
  const [queryClient] = useState(
    () =>
      new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false } } }),
  );
  const [trpcClient] = useState(() => trpc.createClient({ links: [httpBatchLink({ url: '/trpc' })] }));

  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <Suspense fallback={<Loading />}>
          <Switch>
            <Route path={paths.home}>
              <RedirectWhenSignedIn>
                <SignInPage />
              </RedirectWhenSignedIn>
            </Route>
            <Route path={paths.localSignIn}>
              <RedirectWhenSignedIn>
                <LocalSignInPage />
              </RedirectWhenSignedIn>
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
      </QueryClientProvider>
    </trpc.Provider>
  );
}

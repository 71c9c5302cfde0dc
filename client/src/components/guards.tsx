import type { ReactNode } from 'react';
import { Redirect, useSearch } from 'wouter';
import { FORGOT_PIN_PARAM } from '#shared/parent-lock.ts';
import type { RouteAccess } from '#shared/routes.ts';
import { paths } from '../config/paths';
import { Loading } from './loading';
import { RequireAdmin } from './require-admin';
import { useSession } from './use-session';

/** Spec §2: signed-in routes send visitors to the sign-in screen. */
export function RequireSignedIn({ children }: { children: ReactNode }) {
  const { isLoading, user } = useSession();
  if (isLoading) return <Loading />;
  if (!user) return <Redirect to={paths.home} replace />;
  return <>{children}</>;
}

/** Spec §2: /pre-game and /game need an active profile, else the profile picker. */
export function RequireActiveProfile({ children }: { children: ReactNode }) {
  const { isLoading, user, activeProfile } = useSession();
  if (isLoading) return <Loading />;
  if (!user) return <Redirect to={paths.home} replace />;
  if (!activeProfile) return <Redirect to={paths.profiles} replace />;
  return <>{children}</>;
}

/** Spec §2: the sign-in screen redirects to /profiles when signed in. */
export function RedirectWhenSignedIn({ children }: { children: ReactNode }) {
  const { isLoading, user } = useSession();
  if (isLoading) return <Loading />;
  if (user) return <Redirect to={paths.profiles} replace />;
  return <>{children}</>;
}

/** Forgot PIN signs in again from a browser already signed in: then the page stays. */
function SigningIn({ children }: { children: ReactNode }) {
  const forgotPin = new URLSearchParams(useSearch()).has(FORGOT_PIN_PARAM);
  if (forgotPin) return <>{children}</>;
  return <RedirectWhenSignedIn>{children}</RedirectWhenSignedIn>;
}

/** The guard a route's access names (shared/routes.ts). */
export function RouteGuard({ access, children }: { access: RouteAccess; children: ReactNode }) {
  switch (access) {
    case 'signed-out':
      return <RedirectWhenSignedIn>{children}</RedirectWhenSignedIn>;
    case 'signing-in':
      return <SigningIn>{children}</SigningIn>;
    case 'anyone':
      return <>{children}</>;
    case 'signed-in':
      return <RequireSignedIn>{children}</RequireSignedIn>;
    case 'playing':
      return <RequireActiveProfile>{children}</RequireActiveProfile>;
    case 'admin':
      return <RequireAdmin>{children}</RequireAdmin>;
  }
}

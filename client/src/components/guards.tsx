import type { ReactNode } from 'react';
import { Redirect } from 'wouter';
import { paths } from '../config/paths';
import { Loading } from './loading';
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

import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Redirect } from 'wouter';
import { paths } from '../config/paths';
import { Loading } from './loading';
import { useSession } from './use-session';

/** Spec §2, §6: admin routes say 'Checking permissions...' while checking and send others to /. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { isLoading, user } = useSession();
  if (isLoading) return <Loading label={t('admin.checking')} />;
  // `~`: the absolute path, from inside the nested /admin routes.
  if (!user?.isAdmin) return <Redirect to={`~${paths.home}`} replace />;
  return <>{children}</>;
}

import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Redirect, useLocation } from 'wouter';
import { paths } from '../config/paths';
import { useParentLock } from '../features/parent-lock/use-parent-lock';
import { Loading } from './loading';
import { useSession } from './use-session';

/** Spec §2, §6: admin routes say 'Checking permissions...' while checking and send others to /. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { isLoading, user } = useSession();
  if (isLoading) return <Loading label={t('admin.checking')} />;
  // `~`: the absolute path, from inside the nested /admin routes.
  if (!user?.isAdmin) return <Redirect to={`~${paths.home}`} replace />;
  return <ParentUnlocked>{children}</ParentUnlocked>;
}

/** Behind the parent lock: with a PIN set and the lock closed, the PIN first (the server holds it too). */
function ParentUnlocked({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { hasPin, unlocked, requireUnlock } = useParentLock();
  const [, navigate] = useLocation();
  useEffect(() => {
    if (hasPin && !unlocked) requireUnlock(() => undefined);
  }, [hasPin, unlocked, requireUnlock]);
  if (!hasPin || unlocked) return <>{children}</>;
  return (
    <main className="page page-narrow" id="main">
      <div className="card">
        <h1>{t('parentLock.adminTitle')}</h1>
        <p>{t('parentLock.why')}</p>
        <div className="form-actions">
          <button type="button" className="button" onClick={() => navigate(`~${paths.profiles}`)}>
            {t('parentLock.back')}
          </button>
          <button type="button" className="button button-primary" onClick={() => requireUnlock(() => undefined)}>
            {t('parentLock.unlock')}
          </button>
        </div>
      </div>
    </main>
  );
}

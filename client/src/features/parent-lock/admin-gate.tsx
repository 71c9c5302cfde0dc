import './parent-lock-strings';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { Header } from '../../components/header';
import { paths } from '../../config/paths';
import { trpc } from '../../lib/trpc';
import { useKeepUnlocked } from './use-keep-unlocked';
import { useParentLock } from './use-parent-lock';

/**
 * Behind the parent lock: with a PIN set and the lock closed, the PIN first (the server holds it
 * too). While it is open, the parent's activity keeps it open. `area` says what is locked.
 */
export function ParentUnlocked({ children, area = 'admin' }: { children: ReactNode; area?: 'admin' | 'family' }) {
  const { t } = useTranslation('parentLock');
  const { requireUnlock } = useParentLock();
  const status = trpc.parentLock.status.useQuery(undefined, { staleTime: 0 });
  const hasPin = status.data?.hasPin ?? false;
  const unlocked = status.data?.unlocked ?? false;
  const [, navigate] = useLocation();
  useKeepUnlocked(hasPin && unlocked);
  useEffect(() => {
    if (hasPin && !unlocked) requireUnlock(() => undefined);
  }, [hasPin, unlocked, requireUnlock]);
  if (status.isPending) return null;
  if (!hasPin || unlocked) return <>{children}</>;
  return (
    <>
      {/* The way out (language, profiles, account) stays at hand while the PIN is asked. */}
      <Header />
      <main className="page page-narrow" id="main">
        <div className="card">
          <h1>{t(`${area}Title`)}</h1>
          <p>{t(`${area}Why`)}</p>
          <div className="form-actions">
            <button type="button" className="button" onClick={() => navigate(`~${paths.profiles}`)}>
              {t('back')}
            </button>
            <button type="button" className="button button-primary" onClick={() => requireUnlock(() => undefined)}>
              {t('unlock')}
            </button>
          </div>
        </div>
      </main>
    </>
  );
}

import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { paths } from '../config/paths';
import { useParentLock } from '../features/parent-lock/use-parent-lock';
import { prefersServerVoice, serverVoiceAvailable, setPrefersServerVoice } from '../lib/server-voice';
import { useSession } from './use-session';

type Step = 'closed' | 'open' | 'confirmEverywhere';

/**
 * The account's actions behind one button (a disclosure, not a single tap away from a game):
 * sign out here, or on every device after a confirmation (a parent's: behind the lock). Escape or a
 * click elsewhere closes it.
 */
export function AccountMenu() {
  const { t } = useTranslation();
  const { user } = useSession();
  const [step, setStep] = useState<Step>('closed');
  const [failed, setFailed] = useState(false);
  const { requireUnlock, openSettings } = useParentLock();
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const panelId = useId();
  const voiceHintId = useId();
  /** Offered once the server says it has a voice (asked when the menu first opens). */
  const [serverVoice, setServerVoice] = useState(false);
  const [chosenServerVoice, setChosenServerVoice] = useState(prefersServerVoice);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (step !== 'closed') void serverVoiceAvailable().then(setServerVoice);
  }, [step]);

  useEffect(() => {
    if (step === 'closed') return;
    const closeOnOutside = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setStep('closed');
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setStep('closed');
      buttonRef.current?.focus();
    };
    document.addEventListener('pointerdown', closeOnOutside);
    document.addEventListener('keydown', closeOnEscape);
    return () => {
      document.removeEventListener('pointerdown', closeOnOutside);
      document.removeEventListener('keydown', closeOnEscape);
    };
  }, [step]);

  async function signOut(everywhere: boolean) {
    window.speechSynthesis?.cancel();
    setFailed(false);
    const response = await fetch(everywhere ? '/auth/sign-out-everywhere' : '/auth/sign-out', {
      method: 'POST',
      credentials: 'same-origin',
    }).catch(() => null);
    // The lock closed meanwhile (its few minutes ran out): the PIN, then the same again.
    if (everywhere && response?.status === 403) return requireUnlock(() => void signOut(true));
    // Signing out here goes on whatever the server said; ending the other devices' sessions must have worked.
    if (everywhere && !response?.ok && response?.status !== 401) {
      setFailed(true);
      return;
    }
    queryClient.clear();
    // `~`: absolute, also from inside the nested /admin routes.
    navigate(`~${paths.home}`, { replace: true });
  }

  return (
    <div className="account-menu" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="button header-button"
        aria-expanded={step !== 'closed'}
        aria-controls={panelId}
        onClick={() => setStep(step === 'closed' ? 'open' : 'closed')}
      >
        {t('account.menu')} <span aria-hidden="true">▾</span>
      </button>
      <div id={panelId} className="account-panel card" hidden={step === 'closed'}>
        {user && (
          <p className="account-who">
            {t('account.signedInAs')} <strong>{user.email}</strong>
          </p>
        )}
        {user && step === 'open' && (
          // `~`: absolute, also from inside the nested /admin routes. The page asks for the PIN itself.
          <Link className="button account-page-link" href={`~${paths.family}`} onClick={() => setStep('closed')}>
            {t('account.family')}
          </Link>
        )}
        {user?.isAdmin && step === 'open' && (
          <a className="button account-page-link" href={paths.admin}>
            {t('account.admin')}
          </a>
        )}
        {step === 'confirmEverywhere' ? (
          <div>
            <p>{t('account.confirmEverywhere')}</p>
            {failed && (
              <p className="form-error" role="alert">
                {t('account.everywhereFailed')}
              </p>
            )}
            <div className="account-actions">
              <button type="button" className="button" onClick={() => setStep('open')}>
                {t('cancel')}
              </button>
              <button type="button" className="button button-danger" onClick={() => void signOut(true)}>
                {t('account.confirmEverywhereYes')}
              </button>
            </div>
          </div>
        ) : (
          <div className="account-actions">
            {serverVoice && (
              <label className="account-voice">
                <input
                  className="account-voice-box"
                  type="checkbox"
                  checked={chosenServerVoice}
                  aria-describedby={voiceHintId}
                  onChange={(event) => {
                    setPrefersServerVoice(event.target.checked);
                    setChosenServerVoice(event.target.checked);
                  }}
                />
                <span>
                  {t('account.serverVoice')}
                  <span id={voiceHintId} className="account-voice-hint">
                    {t('account.serverVoiceHint')}
                  </span>
                </span>
              </label>
            )}
            <button
              type="button"
              className="button"
              onClick={() => {
                setStep('closed');
                openSettings();
              }}
            >
              {t('parentLockMenu')}
            </button>
            <button type="button" className="button" onClick={() => void signOut(false)}>
              {t('header.signOut')}
            </button>
            <button type="button" className="button" onClick={() => requireUnlock(() => setStep('confirmEverywhere'))}>
              {t('account.signOutEverywhere')}
            </button>
          </div>
        )}
      </div>
    </div>
  );
}

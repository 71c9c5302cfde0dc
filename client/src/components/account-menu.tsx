import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { paths } from '../config/paths';
import { useParentLock } from '../features/parent-lock/use-parent-lock';
import { focusWhenReady } from '../lib/focus';
import { serverVoiceAvailable } from '../lib/server-voice';
import { ConfirmSignOutEverywhere, ServerVoiceChoice } from './account-menu-items';
import { useSession } from './use-session';

type Step = 'closed' | 'open' | 'confirmEverywhere';

/**
 * The account's actions behind one button (a disclosure, not a single tap away from a game):
 * sign out here, or on every device after a confirmation (a parent's: behind the lock). Escape, a
 * click elsewhere, the focus leaving it (Tab) or a letter typed for the page (an answer's key)
 * closes it.
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
  /** Offered once the server says it has a voice (asked when the menu first opens). */
  const [serverVoice, setServerVoice] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  // The confirmation replaces the item that asked for it, and the other way round: the focus follows.
  const everywhereRef = useRef<HTMLButtonElement>(null);
  const keepSignedInRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (step !== 'closed') void serverVoiceAvailable().then(setServerVoice);
  }, [step]);

  useEffect(() => {
    if (step === 'closed') return;
    // A click or the focus elsewhere (Tab past the last item) closes it.
    const closeOnOutside = (event: Event) => {
      if (!rootRef.current?.contains(event.target as Node)) setStep('closed');
    };
    const closeOnKey = (event: KeyboardEvent) => {
      const typed = event.key.length === 1 && event.key !== ' ' && !event.ctrlKey && !event.metaKey && !event.altKey;
      if (event.key !== 'Escape' && !typed) return;
      // Closed, and the key goes on to the page (A–D answer): the focus waits on the menu's button.
      setStep('closed');
      buttonRef.current?.focus();
    };
    document.addEventListener('pointerdown', closeOnOutside);
    document.addEventListener('focusin', closeOnOutside);
    document.addEventListener('keydown', closeOnKey);
    return () => {
      document.removeEventListener('pointerdown', closeOnOutside);
      document.removeEventListener('focusin', closeOnOutside);
      document.removeEventListener('keydown', closeOnKey);
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
          <ConfirmSignOutEverywhere
            failed={failed}
            cancelRef={keepSignedInRef}
            onCancel={() => {
              setStep('open');
              focusWhenReady(() => everywhereRef.current);
            }}
            onConfirm={() => void signOut(true)}
          />
        ) : (
          <div className="account-actions">
            {serverVoice && <ServerVoiceChoice />}
            <button
              type="button"
              className="button"
              onClick={() => {
                setStep('closed');
                // The item goes with the menu: the settings (and the PIN before them) hand the
                // focus back to the menu's button.
                buttonRef.current?.focus();
                openSettings();
              }}
            >
              {t('parentLockMenu')}
            </button>
            <button type="button" className="button" onClick={() => void signOut(false)}>
              {t('header.signOut')}
            </button>
            <button
              type="button"
              className="button"
              ref={everywhereRef}
              onClick={() =>
                requireUnlock(() => {
                  setStep('confirmEverywhere');
                  focusWhenReady(() => keepSignedInRef.current);
                })
              }
            >
              {t('account.signOutEverywhere')}
            </button>
          </div>
        )}
      </div>
    </div>
  );
}

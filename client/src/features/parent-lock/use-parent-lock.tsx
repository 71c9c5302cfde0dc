import { useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useRef,
  useState,
} from 'react';
import { useLocation, useSearch } from 'wouter';
import { FORGOT_PIN_PARAM, type ForgotPinOutcome } from '#shared/parent-lock.ts';
import { errorKeyOf } from '../../lib/errors';
import { returnFocusTo, scriptFocusable } from '../../lib/focus';
import { trpc } from '../../lib/trpc';

/** Loaded when a PIN is first asked for: most families never see it. */
const PinPrompt = lazy(() => import('./pin-prompt'));
const ParentLockSettings = lazy(() => import('./parent-lock-settings'));

type ParentLock = {
  /**
   * Runs `action` at once when nothing is locked, else after the PIN is entered (not if cancelled).
   * The lock's state is asked for then, not with every page: most families never set a PIN.
   */
  requireUnlock: (action: () => void) => void;
  /** Account → Parent PIN: set, change or remove it, the PIN asked first when there is one. */
  openSettings: () => void;
  /**
   * A call the server refused because the lock closed meanwhile (errors:pin.locked): the PIN is
   * asked where the parent is, and `retry` runs once it is right. The page keeps its state.
   */
  whenLocked: (retry: () => void) => void;
  /** Whether the lock is closed here now (a REST refusal's 403 may be it). */
  lockClosed: () => Promise<boolean>;
};

/** The server's refusal of what the lock guards, while it is closed. */
export const PIN_LOCKED = 'errors:pin.locked';

const ParentLockContext = createContext<ParentLock | null>(null);

/** How a Forgot PIN sign-in ended, said once by the page it landed on (server/auth/routes.ts). */
function useForgotPinOutcome(): ForgotPinOutcome | null {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const [outcome, setOutcome] = useState<ForgotPinOutcome | null>(null);
  const said = new URLSearchParams(search).get(FORGOT_PIN_PARAM);
  useEffect(() => {
    if (said !== 'confirmed' && said !== 'unconfirmed') return;
    setOutcome(said);
    // Said once: a reload or a shared link does not say it again.
    const rest = new URLSearchParams(search);
    rest.delete(FORGOT_PIN_PARAM);
    navigate(rest.size > 0 ? `${location}?${rest}` : location, { replace: true });
  }, [said, search, location, navigate]);
  return outcome;
}

/**
 * Any call the server refuses with errors:pin.locked (the unlock ran out while the parent was on an
 * admin page) asks for the PIN in place; once it is right, what failed is asked again.
 */
function useRefusalsAskForPin(whenLocked: (retry: () => void) => void) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const refetchFailed = () =>
      void queryClient.refetchQueries({ predicate: (query) => query.state.status === 'error' });
    const onRefusal = (error: unknown) => {
      if (errorKeyOf(error) === PIN_LOCKED) whenLocked(refetchFailed);
    };
    const stopQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') onRefusal(event.action.error);
    });
    const stopMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') onRefusal(event.action.error);
    });
    return () => {
      stopQueries();
      stopMutations();
    };
  }, [queryClient, whenLocked]);
}

/** The parent lock for the pages under it: the PIN prompt when something asks for it, and the PIN settings. */
export function ParentLockProvider({ children }: { children: ReactNode }) {
  const utils = trpc.useUtils();
  const [waiting, setWaiting] = useState<(() => void) | null>(null);
  const [settings, setSettings] = useState<'closed' | 'open' | 'afterForgotPin'>('closed');
  const [notice, setNotice] = useState<string | null>(null);
  const forgotPin = useForgotPinOutcome();
  /** What had the focus when the PIN, or the settings, were asked for: it has it back when they close. */
  const promptOpener = useRef<Element | null>(null);
  const settingsOpener = useRef<Element | null>(null);

  const requireUnlock = useCallback(
    (action: () => void) => {
      promptOpener.current = document.activeElement;
      utils.parentLock.status.fetch(undefined, { staleTime: 0 }).then(
        (status) => (!status.hasPin || status.unlocked ? action() : setWaiting(() => action)),
        // Not known (offline): go on; the server refuses what the lock guards anyway.
        () => action(),
      );
    },
    [utils],
  );
  const openSettings = useCallback(() => {
    settingsOpener.current = document.activeElement;
    requireUnlock(() => setSettings('open'));
  }, [requireUnlock]);
  // Once the dialog has gone, unless what came after placed the focus (the dialog or the step the
  // unlocked action opened): back to the opener, or, when what it opened has replaced it (the
  // admin pages), to the page's heading.
  const focusBack = (opener: Element | null) =>
    returnFocusTo(opener, () => scriptFocusable(document.querySelector('#main h1')), { whileLost: true });
  const whenLocked = useCallback((retry: () => void) => setWaiting((already) => already ?? retry), []);
  const lockClosed = useCallback(
    () =>
      utils.parentLock.status.fetch(undefined, { staleTime: 0 }).then(
        (status) => status.hasPin && !status.unlocked,
        () => false,
      ),
    [utils],
  );
  useRefusalsAskForPin(whenLocked);

  useEffect(() => {
    if (forgotPin === 'confirmed') setSettings('afterForgotPin');
    if (forgotPin === 'unconfirmed') {
      // The sign-in happened but proved nothing: the PIN is asked, with why Forgot PIN did not open it.
      setNotice('forgotUnconfirmed');
      requireUnlock(() => setSettings('open'));
    }
  }, [forgotPin, requireUnlock]);

  return (
    <ParentLockContext.Provider value={{ requireUnlock, openSettings, whenLocked, lockClosed }}>
      {children}
      {waiting && (
        <Suspense fallback={null}>
          <PinPrompt
            notice={notice}
            onUnlocked={() => {
              setWaiting(null);
              setNotice(null);
              waiting();
              focusBack(promptOpener.current);
            }}
            onCancel={() => {
              setWaiting(null);
              setNotice(null);
              focusBack(promptOpener.current);
            }}
          />
        </Suspense>
      )}
      {settings !== 'closed' && (
        <Suspense fallback={null}>
          <ParentLockSettings
            afterForgotPin={settings === 'afterForgotPin'}
            onClose={() => {
              setSettings('closed');
              focusBack(settingsOpener.current);
            }}
          />
        </Suspense>
      )}
    </ParentLockContext.Provider>
  );
}

export function useParentLock(): ParentLock {
  const lock = useContext(ParentLockContext);
  if (!lock) throw new Error('useParentLock outside ParentLockProvider');
  return lock;
}

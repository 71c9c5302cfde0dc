import { createContext, lazy, type ReactNode, Suspense, useCallback, useContext, useRef, useState } from 'react';
import { returnFocusTo, scriptFocusable } from '../../lib/focus';
import { trpc } from '../../lib/trpc';

/** Loaded when a PIN is first asked for: most families never see it. */
const PinPrompt = lazy(() => import('./pin-prompt'));

type ParentLock = {
  /**
   * Runs `action` at once when nothing is locked, else after the PIN is entered (not if cancelled).
   * The lock's state is asked for then, not with every page: most families never set a PIN.
   */
  requireUnlock: (action: () => void) => void;
};

const ParentLockContext = createContext<ParentLock | null>(null);

/** The parent lock for the pages under it: the PIN prompt when something asks for it. */
export function ParentLockProvider({ children }: { children: ReactNode }) {
  const utils = trpc.useUtils();
  const [waiting, setWaiting] = useState<(() => void) | null>(null);
  /** What had the focus when the PIN was asked for: it has it back when the prompt closes. */
  const opener = useRef<Element | null>(null);
  const requireUnlock = useCallback(
    (action: () => void) => {
      opener.current = document.activeElement;
      utils.parentLock.status.fetch(undefined, { staleTime: 0 }).then(
        (status) => (!status.hasPin || status.unlocked ? action() : setWaiting(() => action)),
        // Not known (offline): go on; the server refuses what the lock guards anyway.
        () => action(),
      );
    },
    [utils],
  );
  // Back to the opener, or, when what it opened has replaced it (the admin pages), to the page's
  // heading; a dialog the unlocked action opens takes the focus itself.
  const closed = () => returnFocusTo(opener.current, () => scriptFocusable(document.querySelector('#main h1')));
  return (
    <ParentLockContext.Provider value={{ requireUnlock }}>
      {children}
      {waiting && (
        <Suspense fallback={null}>
          <PinPrompt
            onUnlocked={() => {
              setWaiting(null);
              closed();
              waiting();
            }}
            onCancel={() => {
              setWaiting(null);
              closed();
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

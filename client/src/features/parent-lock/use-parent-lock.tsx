import { createContext, lazy, type ReactNode, Suspense, useCallback, useContext, useState } from 'react';
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
  const requireUnlock = useCallback(
    (action: () => void) => {
      utils.parentLock.status.fetch(undefined, { staleTime: 0 }).then(
        (status) => (!status.hasPin || status.unlocked ? action() : setWaiting(() => action)),
        // Not known (offline): go on; the server refuses what the lock guards anyway.
        () => action(),
      );
    },
    [utils],
  );
  return (
    <ParentLockContext.Provider value={{ requireUnlock }}>
      {children}
      {waiting && (
        <Suspense fallback={null}>
          <PinPrompt
            onUnlocked={() => {
              setWaiting(null);
              waiting();
            }}
            onCancel={() => setWaiting(null)}
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

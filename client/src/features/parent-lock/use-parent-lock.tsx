import { createContext, lazy, type ReactNode, Suspense, useCallback, useContext, useState } from 'react';
import { useSession } from '../../components/use-session';
import { trpc } from '../../lib/trpc';

/** Loaded when a PIN is first asked for: most families never see it. */
const PinPrompt = lazy(() => import('./pin-prompt'));

type ParentLock = {
  /** Whether the account has a PIN and whether it is open on this device now. */
  hasPin: boolean;
  unlocked: boolean;
  /** Runs `action` at once when nothing is locked, else after the PIN is entered (not if cancelled). */
  requireUnlock: (action: () => void) => void;
};

const ParentLockContext = createContext<ParentLock | null>(null);

/** The parent lock for the pages under it: its state, and the PIN prompt when something asks for it. */
export function ParentLockProvider({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const status = trpc.parentLock.status.useQuery(undefined, { staleTime: 0, enabled: Boolean(user) });
  const [waiting, setWaiting] = useState<(() => void) | null>(null);
  const hasPin = status.data?.hasPin ?? false;
  const unlocked = status.data?.unlocked ?? false;
  const requireUnlock = useCallback(
    (action: () => void) => {
      if (!hasPin || unlocked) action();
      else setWaiting(() => action);
    },
    [hasPin, unlocked],
  );
  return (
    <ParentLockContext.Provider value={{ hasPin, unlocked, requireUnlock }}>
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

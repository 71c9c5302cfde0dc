import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';

function subscribeOnline(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** Whether the device says it has a network (offline for sure when it says not). */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
}

/**
 * Whether this screen is still in the show, always in view: connected, or reconnecting (the
 * stream dropped: tRPC opens it again and the show resumes where it is), or no network at all.
 */
export function ConnectionStatus({ reconnecting }: { reconnecting: boolean }) {
  const { t } = useTranslation('show');
  const online = useOnline();
  const state = !online ? 'offline' : reconnecting ? 'reconnecting' : 'connected';
  const label = state === 'offline' ? t('connection.offline') : t(`connection.${state}`);
  return (
    <p className="connection-status" data-state={state} role="status">
      <span className="connection-dot" aria-hidden="true" />
      {label}
    </p>
  );
}

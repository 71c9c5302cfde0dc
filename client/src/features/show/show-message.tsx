import { useTranslation } from 'react-i18next';

/** A show screen with nothing else to show: why, and Try again. */
export function ShowMessage({ messageKey, onRetry }: { messageKey: string; onRetry: () => void }) {
  const { t } = useTranslation(['show', 'game', 'errors']);
  return (
    <div className="card message-card" role="alert">
      <p>{t(messageKey)}</p>
      <button type="button" className="button button-primary" onClick={onRetry}>
        {t('show:retry')}
      </button>
    </div>
  );
}

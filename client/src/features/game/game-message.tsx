import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { paths } from '../../config/paths';

type Props =
  | { kind: 'error'; messageKey: string; onRetry: () => void }
  | { kind: 'offline'; onRetry: () => void }
  | { kind: 'empty' };

/** The game screen when there is no question to show: a failed load, the network gone, an empty category. */
export function GameMessage(props: Props) {
  const { t } = useTranslation(['game', 'errors']);
  const [, navigate] = useLocation();
  const back = (
    <button
      type="button"
      className={`button${props.kind === 'empty' ? ' button-primary' : ''}`}
      onClick={() => navigate(paths.preGame)}
    >
      {t('play.backToPreGame')}
    </button>
  );
  if (props.kind === 'empty') {
    return (
      <div className="card message-card" role="status">
        <p>{t('play.noQuestions')}</p>
        {back}
      </div>
    );
  }
  return (
    <div className="card message-card" role="alert">
      <p>{props.kind === 'error' ? t(props.messageKey) : t('play.offline')}</p>
      <div className="form-actions">
        {props.kind === 'error' && back}
        <button type="button" className="button button-primary" onClick={props.onRetry}>
          {t('play.retry')}
        </button>
      </div>
    </div>
  );
}

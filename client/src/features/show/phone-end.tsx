import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlayerView } from '#shared/show-views.ts';
import { Avatar } from '../../components/avatar';
import { formatAmount } from '../../lib/format';
import { currentLanguage } from '../../lib/i18n';
import type { GoneReason } from './phone-machine';

type Props = {
  /** The podium's snapshot, if the phone saw it. */
  view: PlayerView | null;
  /** Out of the show, and why (none: at the podium, still in it). */
  gone: GoneReason | null;
  onAnother: () => void;
};

/** The end on a phone: its place at the podium, or why it is out of the show; another show. */
export function PhoneEnd({ view, gone, onAnother }: Props) {
  const { t } = useTranslation('show');
  const titleRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    titleRef.current?.focus();
  }, []);
  const podium = view?.status === 'podium' && gone !== 'removed' && gone !== 'left' ? view : null;
  return (
    <section className="card phone-card" aria-labelledby="phone-end-title">
      <h1 id="phone-end-title" tabIndex={-1} ref={titleRef}>
        {podium ? t('phone.finalTitle') : t(`phone.${gone ?? 'closed'}`)}
      </h1>
      {podium && (
        <div className="phone-score">
          <div className="phone-me">
            <Avatar avatar={podium.avatar} size={72} />
            <span className="player-name">{podium.name}</span>
          </div>
          {podium.place === 1 && <p className="phone-result">{t('phone.winner')}</p>}
          {podium.place !== null && <p>{t('phone.finalPlace', { place: podium.place, total: podium.players })}</p>}
          <p>{t('phone.score', { amount: formatAmount(podium.score.amount, currentLanguage()) })}</p>
          {gone === 'closed' && <p className="muted">{t('phone.closed')}</p>}
        </div>
      )}
      <button type="button" className="button button-primary" onClick={onAnother}>
        {t('phone.another')}
      </button>
    </section>
  );
}

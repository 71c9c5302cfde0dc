import { useTranslation } from 'react-i18next';
import type { PlayerView } from '#shared/show-views.ts';
import { Avatar } from '../../components/avatar';

/** In the show, waiting: for the host's Start, or (a late joiner) for the next question. */
export function PhoneLobby({ view }: { view: PlayerView }) {
  const { t } = useTranslation('show');
  const late = view.status !== 'lobby';
  return (
    <section className="card phone-card" aria-labelledby="phone-lobby-title">
      <div className="phone-me">
        <Avatar avatar={view.avatar} size={72} />
        <h1 id="phone-lobby-title">{t('phone.waiting', { name: view.name })}</h1>
      </div>
      <p role="status">{late ? t('phone.lateHint') : t('phone.waitingHint')}</p>
      <p className="muted">{t('join.inShow', { count: view.players })}</p>
    </section>
  );
}

import { lazy, type RefObject, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { HostPlayer, HostView } from '#shared/show-views.ts';
import { Avatar } from '../../components/avatar';
import { formatAmount } from '../../lib/format';
import { currentLanguage } from '../../lib/i18n';

/** The game's confetti (none under reduced motion), loaded when a podium is shown. */
const Confetti = lazy(() => import('../../components/confetti'));

type Props = {
  view: HostView;
  titleRef: RefObject<HTMLHeadingElement | null>;
  onNewShow: () => void;
};

/** The end on the TV: the podium (the top three, or fewer), then everyone in order, and confetti. */
export function HostPodium({ view, titleRef, onNewShow }: Props) {
  const { t } = useTranslation('show');
  const language = currentLanguage();
  const byId = new Map(view.players.map((player) => [player.playerId, player]));
  const ranked = view.standings.flatMap(({ playerId, place }) => {
    const player = byId.get(playerId);
    return player ? [{ player, place }] : [];
  });
  const top = ranked.slice(0, 3);
  // biome-ignore lint/correctness/useExhaustiveDependencies: focused once, when the podium appears.
  useEffect(() => {
    titleRef.current?.focus();
  }, []);

  return (
    <section className="show-podium" aria-labelledby="podium-title">
      <h1 id="podium-title" tabIndex={-1} ref={titleRef}>
        {t('podium.title')}
      </h1>
      {/* Second, first, third from left to right, as on a podium; in order for a screen reader. */}
      <ol className="podium">
        {top.map(({ player, place }, i) => (
          <li key={player.playerId} className="podium-step" data-rank={i + 1}>
            <Avatar avatar={player.avatar} size={128} />
            <span className="player-name">{player.name}</span>
            <span className="podium-amount">{formatAmount(player.score.amount, language)}</span>
            <span className="podium-block">{t('podium.place', { place })}</span>
          </li>
        ))}
      </ol>
      {ranked.length > 3 && (
        <section aria-labelledby="everyone-title">
          <h2 id="everyone-title">{t('podium.everyone')}</h2>
          <ol className="standings">
            {ranked.map(({ player, place }) => (
              <EveryoneRow key={player.playerId} player={player} place={place} language={language} />
            ))}
          </ol>
        </section>
      )}
      <button type="button" className="button button-primary button-large" onClick={onNewShow}>
        {t('podium.newShow')}
      </button>
      <Suspense fallback={null}>
        <Confetti />
      </Suspense>
    </section>
  );
}

function EveryoneRow({ player, place, language }: { player: HostPlayer; place: number; language: string }) {
  const { t } = useTranslation('show');
  return (
    <li className="standing">
      <span className="standing-place">{place}</span>
      <Avatar avatar={player.avatar} size={48} />
      <span className="player-name">{player.name}</span>
      <span className="standing-result">{t('podium.correct', { count: player.score.correctCount })}</span>
      <span className="standing-amount">{formatAmount(player.score.amount, language)}</span>
    </li>
  );
}

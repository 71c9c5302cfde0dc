import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { RouterOutputs } from '../../lib/trpc';
import { useFamilyFormat } from './use-family-format';

type Show = RouterOutputs['family']['report']['playedTogether'][number];

/** The id of the "Played together" section, for the page's "Go to" links. */
export const TOGETHER_ANCHOR = 'played-together';

/** The family shows the children were in: when, in which language and category, how each did. */
export function PlayedTogether({ shows, names }: { shows: Show[]; names: ReadonlyMap<string, string> }) {
  const { t } = useTranslation(['family', 'common']);
  const format = useFamilyFormat();
  const headingId = useId();
  return (
    <section className="card family-together" id={TOGETHER_ANCHOR} aria-labelledby={headingId}>
      <h2 id={headingId}>{t('together.title')}</h2>
      <p className="muted family-hint">{t('together.hint')}</p>
      <ol className="family-game-list">
        {shows.map((show) => (
          <li key={`${show.playedAt}`} className="family-show">
            <time className="family-game-when" dateTime={new Date(show.playedAt).toISOString()}>
              {format.dateTime(show.playedAt)}
            </time>
            <span className="family-game-what">
              {show.category ? format.nameOf(show.category) : t('games.random')}
              {' · '}
              <span lang={show.lang}>{t(`common:languages.${show.lang}`)}</span>
              {show.players !== null && ` · ${t('together.players', { count: show.players })}`}
            </span>
            <ul className="family-show-results">
              {show.results.map((result) => (
                <li key={result.profileId}>
                  <strong>{names.get(result.profileId)}</strong>{' '}
                  {result.standing
                    ? t('together.place', { place: result.standing.place, players: result.standing.players })
                    : ''}
                  {result.standing ? ' · ' : ''}
                  {t('games.reached', { count: result.correctCount, total: result.questionCount })}
                  {' · '}
                  {t('games.winnings', { amount: format.amount(result.winnings) })}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
    </section>
  );
}

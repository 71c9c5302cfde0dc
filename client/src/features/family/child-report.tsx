import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../components/avatar';
import { formatAmount } from '../../lib/format';
import { currentLanguage } from '../../lib/i18n';
import { AnswersByCategory, AnswersByDifficulty, WhatIsHard } from './answer-tallies';
import type { Child } from './child';
import { ChildGames } from './child-games';

/** The id of a child's section, for the page's "Go to a player" links. */
export const childAnchor = (profileId: string) => `child-${profileId}`;

/** One player's card: who, the lifetime totals, the games, the right answers, what is hard. */
export function ChildReport({ child }: { child: Child }) {
  const { t } = useTranslation('family');
  const language = currentLanguage();
  const headingId = useId();
  const { profile } = child;
  const stats = [
    { key: 'games', value: profile.totalGamesPlayed },
    { key: 'money', value: profile.totalMoneyEarned },
    { key: 'correct', value: profile.totalCorrectAnswers },
  ] as const;
  return (
    <section className="card family-child" id={childAnchor(profile.id)} aria-labelledby={headingId}>
      <div className="family-child-heading">
        <Avatar avatar={profile.avatar} size={64} />
        <h2 id={headingId}>
          {profile.name} <span className="family-child-age">{t('age', { count: profile.age })}</span>
        </h2>
      </div>
      <dl className="stats">
        {stats.map((stat) => (
          <div className="stat" key={stat.key} data-stat={stat.key}>
            <dt>{t(`stats.${stat.key}`)}</dt>
            <dd>{formatAmount(stat.value, language)}</dd>
          </div>
        ))}
      </dl>
      {child.games.length === 0 ? (
        <p className="muted">{t('noGames', { name: profile.name })}</p>
      ) : (
        <div className="family-child-body">
          <ChildGames profileId={profile.id} firstPage={child.games} nextCursor={child.nextCursor} />
          <div className="family-child-answers">
            <WhatIsHard name={profile.name} hard={child.rightLeastOften} />
            <AnswersByCategory tallies={child.byCategory} />
            <AnswersByDifficulty tallies={child.byDifficulty} />
          </div>
        </div>
      )}
    </section>
  );
}

import { useTranslation } from 'react-i18next';
import { CHILD_ANSWERS_TO_TELL } from '#shared/family-stats.ts';
import type { Child } from './child';
import { useFamilyFormat } from './use-family-format';

/** Right answers under each question's own category (a Random game's too), most first. */
export function AnswersByCategory({ tallies }: { tallies: Child['byCategory'] }) {
  const { t } = useTranslation('family');
  const format = useFamilyFormat();
  if (tallies.length === 0) return null;
  return (
    <section className="family-tallies">
      <h3 className="section-title">{t('byCategory.title')}</h3>
      <p className="muted family-hint">{t('byCategory.hint')}</p>
      <table className="family-table">
        <thead>
          <tr>
            <th scope="col">{t('byCategory.category')}</th>
            <th scope="col">{t('byCategory.right')}</th>
            <th scope="col">{t('byCategory.share')}</th>
          </tr>
        </thead>
        <tbody>
          {tallies.map((tally) => (
            <tr key={tally.category.nameEn}>
              <th scope="row">{format.nameOf(tally.category)}</th>
              <td>{t('byCategory.rightOf', { right: tally.right, answered: tally.answered })}</td>
              <td>{format.share(tally.right, tally.answered)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** Right answers at each difficulty the child met. */
export function AnswersByDifficulty({ tallies }: { tallies: Child['byDifficulty'] }) {
  const { t } = useTranslation('family');
  const format = useFamilyFormat();
  const met = tallies.filter((tally) => tally.answered > 0);
  if (met.length === 0) return null;
  return (
    <section className="family-tallies">
      <h3 className="section-title">{t('byDifficulty.title')}</h3>
      <ul className="family-lines">
        {met.map((tally) => (
          <li key={tally.difficulty}>
            <strong>{t(`byDifficulty.${tally.difficulty}`)}</strong>{' '}
            {t('byDifficulty.line', { ...tally, share: format.share(tally.right, tally.answered) })}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Where the child is right least often, among what has enough answers to judge; or that it is too soon. */
export function WhatIsHard({ name, hard }: { name: string; hard: Child['rightLeastOften'] }) {
  const { t } = useTranslation('family');
  const format = useFamilyFormat();
  const judged = [
    ...hard.categories.map((tally) => ({
      key: `c:${tally.category.nameEn}`,
      what: format.nameOf(tally.category),
      ...tally,
    })),
    ...hard.difficulties.map((tally) => ({
      key: `d:${tally.difficulty}`,
      what: t(`hard.difficulties.${tally.difficulty}`),
      ...tally,
    })),
  ];
  return (
    <section className="family-hard">
      <h3 className="section-title">{t('hard.title', { name })}</h3>
      {judged.length === 0 ? (
        <p className="muted">{t('hard.notYet', { count: CHILD_ANSWERS_TO_TELL })}</p>
      ) : (
        <>
          <p className="muted family-hint">{t('hard.hint', { name, count: CHILD_ANSWERS_TO_TELL })}</p>
          <ul className="family-lines">
            {judged.map((item) => (
              <li key={item.key}>
                <strong>{item.what}</strong>{' '}
                {t('hard.line', {
                  right: item.right,
                  answered: item.answered,
                  share: format.share(item.right, item.answered),
                })}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

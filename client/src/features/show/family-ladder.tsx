import { useTranslation } from 'react-i18next';
import { formatAmount } from '../../lib/format';

/** The family ladder (shared/show.ts, showLadder): the show's amounts, top up, the current one lit. */
export function FamilyLadder({ ladder, position }: { ladder: number[]; position: number }) {
  const { t, i18n } = useTranslation('show');
  return (
    <ol className="family-ladder" aria-label={t('question.ladder')}>
      {ladder.map((amount, rung) => (
        <li
          key={amount}
          className={rung === position ? 'current' : rung < position ? 'passed' : undefined}
          aria-current={rung === position ? 'step' : undefined}
        >
          <span className="rung-number">{rung + 1}</span>
          <span className="rung-amount">{formatAmount(amount, i18n.resolvedLanguage ?? 'en')}</span>
        </li>
      ))}
    </ol>
  );
}

import { useTranslation } from 'react-i18next';
import { formatAmount } from '../../lib/format';
import { currentLanguage } from '../../lib/i18n';

/** The family ladder (shared/show.ts, showLadder): the show's amounts, top up, the current one lit. */
export function FamilyLadder({ ladder, position }: { ladder: number[]; position: number }) {
  const { t } = useTranslation('show');
  return (
    <ol className="family-ladder" aria-label={t('question.ladder')}>
      {ladder.map((amount, rung) => (
        <li
          key={amount}
          className={rung === position ? 'current' : rung < position ? 'passed' : undefined}
          aria-current={rung === position ? 'step' : undefined}
        >
          <span className="rung-number">{rung + 1}</span>
          <span className="rung-amount">{formatAmount(amount, currentLanguage())}</span>
        </li>
      ))}
    </ol>
  );
}

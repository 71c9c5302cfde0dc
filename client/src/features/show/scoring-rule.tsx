import { useTranslation } from 'react-i18next';

/** The scoring rule (shared/show.ts, scoreOf and rankPlayers), said plainly before the start. */
export function ScoringRule() {
  const { t } = useTranslation('show');
  return (
    <section className="scoring-rule" aria-labelledby="scoring-title">
      <h2 id="scoring-title">{t('scoring.title')}</h2>
      <p>{t('scoring.rule')}</p>
    </section>
  );
}

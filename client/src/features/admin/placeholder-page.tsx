import { useTranslation } from 'react-i18next';

/** Spec §2 /admin/ai-tools: placeholder text only. */
export default function PlaceholderPage() {
  const { t } = useTranslation('admin');
  return (
    <section className="card" aria-labelledby="placeholder-title">
      <h1 id="placeholder-title">{t('aiTools.title')}</h1>
      <p>{t('aiTools.placeholder')}</p>
    </section>
  );
}

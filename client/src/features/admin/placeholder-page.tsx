import { useTranslation } from 'react-i18next';

/** Spec §2 /admin/ai-tools ("placeholder text only"), and Add Question Set until it is built. */
export default function PlaceholderPage({ section }: { section: 'aiTools' | 'questionSet' }) {
  const { t } = useTranslation('admin');
  const text = section === 'aiTools' ? t('aiTools.placeholder') : t('questionSet.comingSoon');
  return (
    <section className="card" aria-labelledby="placeholder-title">
      <h1 id="placeholder-title">{t(`${section}.title`)}</h1>
      <p>{text}</p>
    </section>
  );
}

import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { paths } from '#shared/routes.ts';
import { inAdmin } from './in-admin';

/** Spec §8 'Question not found.': an edit address whose question does not exist, or cannot (not a number). */
export function QuestionNotFound() {
  const { t } = useTranslation(['admin', 'errors']);
  return (
    <section className="card" aria-labelledby="question-not-found-title">
      <h1 id="question-not-found-title">{t('form.editTitle')}</h1>
      <p className="form-error" role="alert">
        {t('errors:question.notFound')}
      </p>
      <Link className="button" href={inAdmin(paths.adminQuestions)}>
        {t('form.backToList')}
      </Link>
    </section>
  );
}

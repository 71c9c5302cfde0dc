import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { paths } from '../config/paths';
import { usePageTitle } from '../lib/page-title';

export function NotFoundPage() {
  usePageTitle('notFound');
  const { t } = useTranslation();
  return (
    <main className="page page-narrow" id="main">
      <h1>{t('notFound.title')}</h1>
      <Link className="button" href={`~${paths.home}`}>
        {t('notFound.goHome')}
      </Link>
    </main>
  );
}

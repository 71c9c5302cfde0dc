import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { paths } from '../../config/paths';

/** The admin area's welcome (spec §2 /admin index). The admin tools themselves are not built yet. */
export default function AdminPage() {
  const { t } = useTranslation();
  return (
    <main className="page page-narrow" id="main">
      <div className="card">
        <h1>{t('admin.welcomeTitle')}</h1>
        <p>{t('admin.welcome')}</p>
        <Link className="button" href={paths.profiles}>
          {t('admin.backToApp')}
        </Link>
      </div>
    </main>
  );
}

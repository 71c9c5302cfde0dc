import './family.css';
import './family-strings';
import { useTranslation } from 'react-i18next';
import { Header } from '../../components/header';
import { Loading } from '../../components/loading';
import { errorKeyOf } from '../../lib/errors';
import { usePageTitle } from '../../lib/page-title';
import { trpc } from '../../lib/trpc';
import { ParentUnlocked } from '../parent-lock/admin-gate';
import { ChildReport, childAnchor } from './child-report';

/**
 * /family: how each of the account's players is doing, for a parent (behind the parent lock, which
 * stays open while the parent reads here). It chooses no profile, so the lock is not closed by it.
 */
export default function FamilyPage() {
  usePageTitle('family');
  return (
    <ParentUnlocked area="family">
      <Header />
      <FamilyReport />
    </ParentUnlocked>
  );
}

function FamilyReport() {
  const { t } = useTranslation(['family', 'errors']);
  const report = trpc.family.report.useQuery(undefined, { staleTime: 0 });
  const children = report.data ?? [];
  return (
    <main className="page family-page" id="main">
      <h1 className="page-title">{t('title')}</h1>
      <p className="muted family-intro">{t('intro')}</p>
      {report.isPending && <Loading />}
      {report.isError && (
        <p className="form-error" role="alert">
          {t(errorKeyOf(report.error))}
        </p>
      )}
      {report.data && children.length === 0 && <p className="empty-state">{t('empty')}</p>}
      {children.length > 1 && (
        <nav className="family-jump" aria-label={t('jumpTo')}>
          {children.map((child) => (
            <a key={child.profile.id} className="button" href={`#${childAnchor(child.profile.id)}`}>
              {child.profile.name}
            </a>
          ))}
        </nav>
      )}
      {children.map((child) => (
        <ChildReport key={child.profile.id} child={child} />
      ))}
    </main>
  );
}

import './family.css';
import './family-strings';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Header } from '../../components/header';
import { Loading } from '../../components/loading';
import { errorKeyOf } from '../../lib/errors';
import { focusWhenReady, scriptFocusable } from '../../lib/focus';
import { usePageTitle } from '../../lib/page-title';
import { trpc } from '../../lib/trpc';
import { ParentUnlocked } from '../parent-lock/admin-gate';
import { ChildReport, childAnchor } from './child-report';
import { PlayedTogether, TOGETHER_ANCHOR } from './played-together';

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

/** A "Go to" link: the section's heading takes the focus (and so scrolls into view), for keyboards and readers. */
function goTo(anchor: string) {
  return (event: MouseEvent) => {
    event.preventDefault();
    focusWhenReady(() => scriptFocusable(document.querySelector<HTMLElement>(`#${anchor} h2`)));
  };
}

function FamilyReport() {
  const { t } = useTranslation(['family', 'errors']);
  const report = trpc.family.report.useQuery(undefined, { staleTime: 0 });
  const children = report.data?.children ?? [];
  const shows = report.data?.playedTogether ?? [];
  const names = new Map(children.map((child) => [child.profile.id, child.profile.name]));
  const jumps = [
    ...children.map((child) => ({ anchor: childAnchor(child.profile.id), label: child.profile.name })),
    ...(shows.length > 0 ? [{ anchor: TOGETHER_ANCHOR, label: t('together.title') }] : []),
  ];
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
      {jumps.length > 1 && (
        <nav className="family-jump" aria-label={t('jumpTo')}>
          {jumps.map((jump) => (
            <a key={jump.anchor} className="button" href={`#${jump.anchor}`} onClick={goTo(jump.anchor)}>
              {jump.label}
            </a>
          ))}
        </nav>
      )}
      {children.map((child) => (
        <ChildReport key={child.profile.id} child={child} />
      ))}
      {shows.length > 0 && <PlayedTogether shows={shows} names={names} />}
    </main>
  );
}

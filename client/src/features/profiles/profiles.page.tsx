import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { Avatar } from '../../components/avatar';
import { Header } from '../../components/header';
import { Loading } from '../../components/loading';
import { paths } from '../../config/paths';
import { errorKeyOf } from '../../lib/errors';
import { returnFocusTo, scriptFocusable } from '../../lib/focus';
import { preloadPage } from '../../lib/lazy-page';
import { usePageTitle } from '../../lib/page-title';
import { type RouterOutputs, trpc } from '../../lib/trpc';
import { useParentLock } from '../parent-lock/use-parent-lock';

type Profile = RouterOutputs['profiles']['list'][number];

/** The edit dialog (and the form's validation) loads when a profile is edited, not with the picker. */
const EditProfileDialog = lazy(() => import('./edit-profile-dialog'));

/** Spec §2 /profiles: pick who plays; add, edit or delete profiles. */
export default function ProfilesPage() {
  const { t } = useTranslation(['profiles', 'errors']);
  const [, navigate] = useLocation();
  const utils = trpc.useUtils();
  const profiles = trpc.profiles.list.useQuery();
  const choose = trpc.profiles.choose.useMutation();
  const [editing, setEditing] = useState<Profile | null>(null);
  /** The Manage button the editor was opened from: the focus goes back to it (or, deleted, to the heading). */
  const editedFrom = useRef<HTMLElement | null>(null);
  // Adding, editing and deleting ask for the parent PIN when there is one; playing never does.
  const { requireUnlock } = useParentLock();
  // The next screen's code, fetched while the family picks: it then opens at once.
  useEffect(() => {
    void preloadPage(paths.preGame);
  }, []);
  const [error, setError] = useState<string | null>(null);
  usePageTitle('profiles');

  async function play(profile: Profile) {
    setError(null);
    try {
      await choose.mutateAsync({ profileId: profile.id });
      // Choosing who plays closes the parent lock (server/services/profiles.ts).
      await Promise.all([utils.session.me.invalidate(), utils.parentLock.status.invalidate()]);
      navigate(paths.preGame);
    } catch (caught) {
      setError(errorKeyOf(caught));
    }
  }

  return (
    <>
      <Header />
      <main className="page" id="main">
        <h1 className="page-title">{t('picker.title')}</h1>
        {error && (
          <p className="form-error" role="alert">
            {t(error)}
          </p>
        )}
        {profiles.isLoading && <Loading />}
        {profiles.isError && (
          <p className="form-error" role="alert">
            {t(errorKeyOf(profiles.error))}
          </p>
        )}
        {profiles.data && profiles.data.length === 0 && (
          <div className="empty-state">
            <p>{t('picker.empty')}</p>
            <Link className="button button-primary button-large" href={paths.createProfile}>
              {t('picker.createFirst')}
            </Link>
          </div>
        )}
        {profiles.data && profiles.data.length > 0 && (
          <ul className="profile-grid">
            {profiles.data.map((profile) => (
              <li key={profile.id} className="profile-card">
                <button
                  type="button"
                  className="profile-choose"
                  onClick={() => void play(profile)}
                  disabled={choose.isPending}
                >
                  <Avatar avatar={profile.avatar} size={96} />
                  {/* Named by what is seen, "Minh 9 years old" (WCAG 2.5.3), under the heading "Who's playing?". */}
                  <span className="profile-name">{profile.name}</span>
                  <span className="profile-age">{t('picker.age', { count: profile.age })}</span>
                </button>
                <button
                  type="button"
                  className="profile-edit"
                  onClick={(event) => {
                    editedFrom.current = event.currentTarget;
                    requireUnlock(() => setEditing(profile));
                  }}
                  aria-label={t('picker.manageLabel', { name: profile.name })}
                >
                  {t('picker.manage')}
                </button>
              </li>
            ))}
            <li className="profile-card profile-card-add">
              <Link
                className="profile-choose"
                href={paths.createProfile}
                onClick={(event) => {
                  event.preventDefault();
                  requireUnlock(() => navigate(paths.createProfile));
                }}
              >
                <span className="profile-add-icon" aria-hidden="true">
                  +
                </span>
                <span className="profile-name">{t('picker.add')}</span>
              </Link>
            </li>
          </ul>
        )}
        {profiles.data && profiles.data.length > 0 && (
          <>
            <p className="family-show-link">
              <Link className="button" href={paths.show}>
                {t('picker.familyShow')}
              </Link>{' '}
              <span className="muted">{t('picker.familyShowHint')}</span>
            </p>
            {/* A parent's page (behind the parent PIN): it chooses no profile, so the lock stays as it is. */}
            <p className="profiles-family">
              <Link className="button" href={paths.family}>
                {t('picker.family')}
              </Link>
            </p>
          </>
        )}
        {editing && (
          <Suspense fallback={null}>
            <EditProfileDialog
              profile={editing}
              onClose={() => {
                setEditing(null);
                returnFocusTo(editedFrom.current, () => scriptFocusable(document.querySelector('#main h1')));
              }}
            />
          </Suspense>
        )}
      </main>
    </>
  );
}

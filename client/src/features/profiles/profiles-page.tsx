import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { Avatar } from '../../components/avatar';
import { Header } from '../../components/header';
import { Loading } from '../../components/loading';
import { paths } from '../../config/paths';
import { errorCodeOf, errorKeyOf } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { ProfileForm } from './profile-form';

type Profile = { id: string; name: string; age: number; avatar: string };

/** Spec §2 /profiles: pick who plays; add, edit or delete profiles. */
export default function ProfilesPage() {
  const { t } = useTranslation(['profiles', 'errors']);
  const [, navigate] = useLocation();
  const utils = trpc.useUtils();
  const profiles = trpc.profiles.list.useQuery();
  const choose = trpc.profiles.choose.useMutation();
  const [editing, setEditing] = useState<Profile | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function play(profile: Profile) {
    setError(null);
    try {
      await choose.mutateAsync({ profileId: profile.id });
      await utils.session.me.invalidate();
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
                  // The name starts with what is seen (WCAG 2.5.3): "Minh, 9 years old, play".
                  aria-label={t('picker.chooseLabel', {
                    name: profile.name,
                    age: t('picker.age', { count: profile.age }),
                  })}
                  onClick={() => void play(profile)}
                  disabled={choose.isPending}
                >
                  <Avatar avatar={profile.avatar} size={96} />
                  <span className="profile-name">{profile.name}</span>
                  <span className="profile-age">{t('picker.age', { count: profile.age })}</span>
                </button>
                <button
                  type="button"
                  className="profile-edit"
                  onClick={() => setEditing(profile)}
                  aria-label={t('picker.manageLabel', { name: profile.name })}
                >
                  {t('picker.manage')}
                </button>
              </li>
            ))}
            <li className="profile-card profile-card-add">
              <Link className="profile-choose" href={paths.createProfile}>
                <span className="profile-add-icon" aria-hidden="true">
                  +
                </span>
                <span className="profile-name">{t('picker.add')}</span>
              </Link>
            </li>
          </ul>
        )}
        {editing && <EditProfileDialog profile={editing} onClose={() => setEditing(null)} />}
      </main>
    </>
  );
}

function EditProfileDialog({ profile, onClose }: { profile: Profile; onClose: () => void }) {
  const { t } = useTranslation(['profiles', 'common']);
  const utils = trpc.useUtils();
  const [serverError, setServerError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const done = async () => {
    await Promise.all([utils.profiles.list.invalidate(), utils.session.me.invalidate()]);
    onClose();
  };
  const update = trpc.profiles.update.useMutation({
    onSuccess: done,
    onError: (error) =>
      setServerError(errorCodeOf(error) === 'BAD_REQUEST' ? errorKeyOf(error) : 'errors:profile.updateFailed'),
  });
  const remove = trpc.profiles.remove.useMutation({
    onSuccess: done,
    onError: () => setServerError('errors:profile.deleteFailed'),
  });

  return (
    <dialog
      ref={(node) => {
        dialogRef.current = node;
        if (node && !node.open) node.showModal();
      }}
      className="dialog"
      aria-labelledby="edit-profile-title"
      onClose={onClose}
    >
      <h2 id="edit-profile-title">{t('form.editTitle', { name: profile.name })}</h2>
      <ProfileForm
        initial={profile}
        submitLabel={t('form.save')}
        busyLabel={t('form.saving')}
        busy={update.isPending}
        serverError={serverError}
        onSubmit={(values) => update.mutate({ profileId: profile.id, ...values })}
      >
        <button type="button" className="button" onClick={() => dialogRef.current?.close()}>
          {t('form.cancel')}
        </button>
      </ProfileForm>
      <div className="danger-zone">
        {confirming ? (
          <div role="alertdialog" aria-labelledby="confirm-delete-text" className="confirm">
            <p id="confirm-delete-text">{t('form.confirmDelete', { name: profile.name })}</p>
            <div className="form-actions">
              {/* biome-ignore lint/a11y/noAutofocus: a destructive confirmation starts on its safe choice. */}
              <button type="button" className="button" onClick={() => setConfirming(false)} autoFocus>
                {t('common:cancel')}
              </button>
              <button
                type="button"
                className="button button-danger"
                disabled={remove.isPending}
                onClick={() => remove.mutate({ profileId: profile.id })}
              >
                {t('form.confirmDeleteYes')}
              </button>
            </div>
          </div>
        ) : (
          <button type="button" className="button button-danger-outline" onClick={() => setConfirming(true)}>
            {t('form.delete')}
          </button>
        )}
      </div>
    </dialog>
  );
}

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useModal } from '../../components/use-modal';
import { errorCodeOf, errorKeyOf } from '../../lib/errors';
import { type RouterOutputs, trpc } from '../../lib/trpc';
import { ProfileForm } from './profile-form';

type Profile = RouterOutputs['profiles']['list'][number];

/** Edit a profile (name, age, avatar) or delete it after confirming. */
export default function EditProfileDialog({ profile, onClose }: { profile: Profile; onClose: () => void }) {
  const { t } = useTranslation(['profiles', 'common']);
  const utils = trpc.useUtils();
  const [serverError, setServerError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const dialogRef = useModal();
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
    <dialog ref={dialogRef} className="dialog" aria-labelledby="edit-profile-title" onClose={onClose}>
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

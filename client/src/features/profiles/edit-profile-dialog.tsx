import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog';
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
    <dialog
      ref={dialogRef}
      className="dialog"
      aria-labelledby="edit-profile-title"
      // The delete confirmation's own close reaches here too (confirm-dialog.tsx).
      onClose={(event) => event.target === event.currentTarget && onClose()}
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
        <button type="button" className="button button-danger-outline" onClick={() => setConfirming(true)}>
          {t('form.delete')}
        </button>
        {confirming && (
          <ConfirmDialog
            message={t('form.confirmDelete', { name: profile.name })}
            confirmLabel={t('form.confirmDeleteYes')}
            busy={remove.isPending}
            error={remove.isError ? t('errors:profile.deleteFailed') : null}
            onConfirm={() => remove.mutate({ profileId: profile.id })}
            onCancel={() => setConfirming(false)}
          />
        )}
      </div>
    </dialog>
  );
}

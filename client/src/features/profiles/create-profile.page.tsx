import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { Header } from '../../components/header';
import { paths } from '../../config/paths';
import { errorCodeOf, errorKeyOf } from '../../lib/errors';
import { usePageTitle } from '../../lib/page-title';
import { trpc } from '../../lib/trpc';
import { ProfileForm } from './profile-form';

export default function CreateProfilePage() {
  usePageTitle('createProfile');
  const { t } = useTranslation('profiles');
  const [, navigate] = useLocation();
  const utils = trpc.useUtils();
  const [serverError, setServerError] = useState<string | null>(null);
  const create = trpc.profiles.create.useMutation({
    onSuccess: async () => {
      await utils.profiles.list.invalidate();
      navigate(paths.profiles);
    },
    // Spec §8: a failed write says 'Failed to create profile. Please try again.'
    onError: (error) =>
      setServerError(errorCodeOf(error) === 'BAD_REQUEST' ? errorKeyOf(error) : 'errors:profile.createFailed'),
  });

  return (
    <>
      <Header />
      <main className="page page-narrow" id="main">
        <div className="card">
          <h1>{t('form.createTitle')}</h1>
          <ProfileForm
            submitLabel={t('form.create')}
            busyLabel={t('form.creating')}
            busy={create.isPending}
            serverError={serverError}
            onSubmit={(values) => {
              setServerError(null);
              create.mutate(values);
            }}
          >
            <Link className="button" href={paths.profiles}>
              {t('form.cancel')}
            </Link>
          </ProfileForm>
        </div>
      </main>
    </>
  );
}

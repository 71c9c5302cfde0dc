import './parent-lock-strings';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PIN_PATTERN } from '#shared/parent-lock.ts';
import { errorKeyOf } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { PinField, showAsModal } from './pin-field';

/**
 * Account → Parent PIN: set one (typed twice), change it or remove it. With a PIN set, this opens
 * only once the lock is (the PIN is asked first), or after Forgot PIN (`afterForgotPin`).
 */
export default function ParentLockSettings({
  afterForgotPin,
  onClose,
}: {
  afterForgotPin: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation(['parentLock', 'common', 'errors']);
  const utils = trpc.useUtils();
  const hasPin = trpc.parentLock.status.useQuery(undefined, { staleTime: 0 }).data?.hasPin ?? false;
  const set = trpc.parentLock.set.useMutation();
  const remove = trpc.parentLock.remove.useMutation();
  const [pin, setPin] = useState('');
  const [again, setAgain] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const ids = { title: useId(), error: useId() };

  async function save(event: FormEvent) {
    event.preventDefault();
    setDone(null);
    if (!PIN_PATTERN.test(pin)) return setError('errors:pin.format');
    if (pin !== again) return setError('mismatch');
    try {
      await set.mutateAsync({ pin });
      await utils.parentLock.status.invalidate();
      setError(null);
      setPin('');
      setAgain('');
      setDone('saved');
    } catch (caught) {
      setError(errorKeyOf(caught));
    }
  }

  async function removePin() {
    try {
      await remove.mutateAsync();
      await utils.parentLock.status.invalidate();
      setDone('removed');
    } catch (caught) {
      setError(errorKeyOf(caught));
    }
  }

  return (
    <dialog ref={showAsModal} className="dialog pin-dialog" aria-labelledby={ids.title} onClose={onClose}>
      <form onSubmit={(event) => void save(event)} noValidate>
        <h2 id={ids.title}>{t('settingsTitle')}</h2>
        <p className="muted">{afterForgotPin ? t('afterForgotPin') : hasPin ? t('hasPin') : t('noPinYet')}</p>
        <PinField
          label={hasPin ? t('newPin') : t('pin')}
          value={pin}
          onChange={setPin}
          autoComplete="new-password"
          invalid={error !== null}
          errorId={ids.error}
        />
        <PinField
          label={t('repeatPin')}
          value={again}
          onChange={setAgain}
          autoComplete="new-password"
          invalid={error === 'mismatch'}
          errorId={ids.error}
        />
        {error && (
          <p id={ids.error} className="form-error" role="alert">
            {t(error)}
          </p>
        )}
        {done && (
          <p className="form-success" role="status">
            {t(done)}
          </p>
        )}
        <div className="form-actions">
          <button type="button" className="button" onClick={onClose}>
            {t('close')}
          </button>
          {hasPin && (
            <button
              type="button"
              className="button button-danger"
              onClick={() => void removePin()}
              disabled={remove.isPending}
            >
              {t('remove')}
            </button>
          )}
          <button type="submit" className="button button-primary" disabled={set.isPending}>
            {t('save')}
          </button>
        </div>
      </form>
    </dialog>
  );
}

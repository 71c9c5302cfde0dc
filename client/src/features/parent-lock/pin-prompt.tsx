import './parent-lock-strings';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FORGOT_PIN_PATH, PIN_PATTERN } from '#shared/parent-lock.ts';
import { errorKeyOf, errorParamsOf } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { PinField, showAsModal } from './pin-field';

type Props = {
  /** A parentLock message key to show above the field (why the PIN is asked again), or null. */
  notice: string | null;
  /** The lock is open: go on with what asked for it. */
  onUnlocked: () => void;
  onCancel: () => void;
};

/**
 * Asks for the parent PIN (a modal dialog): four to eight digits, checked by the server, which
 * counts wrong tries. Forgot it: *Forgot PIN?* signs in to Google again, password and all, which
 * opens the lock for a few minutes to choose a new one (server/auth/routes.ts).
 */
export default function PinPrompt({ notice, onUnlocked, onCancel }: Props) {
  const { t } = useTranslation(['parentLock', 'common', 'errors']);
  const utils = trpc.useUtils();
  const unlock = trpc.parentLock.unlock.useMutation();
  const [pin, setPin] = useState('');
  const [error, setError] = useState<{ key: string; params?: Record<string, string | number> } | null>(null);
  /** Each refusal is a new message (a second wrong PIN is said again, not left as it was). */
  const [refusals, setRefusals] = useState(0);
  const ids = { title: useId(), error: useId() };
  const inputRef = useRef<HTMLInputElement>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!PIN_PATTERN.test(pin)) {
      setError({ key: 'errors:pin.format' });
      setRefusals((count) => count + 1);
      inputRef.current?.focus();
      return;
    }
    try {
      await unlock.mutateAsync({ pin });
      await utils.parentLock.status.invalidate();
      onUnlocked();
    } catch (caught) {
      setError({ key: errorKeyOf(caught, 'errors:pin.wrong'), params: errorParamsOf(caught) });
      setRefusals((count) => count + 1);
      setPin('');
      inputRef.current?.focus();
    }
  }

  return (
    <dialog ref={showAsModal} className="dialog pin-dialog" aria-labelledby={ids.title} onClose={onCancel}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <h2 id={ids.title}>{t('title')}</h2>
        <p className="muted">{t('why')}</p>
        {notice && (
          <p className="form-error" role="alert">
            {t(notice)}
          </p>
        )}
        <PinField
          label={t('pin')}
          value={pin}
          onChange={setPin}
          autoComplete="off"
          invalid={error !== null}
          errorId={ids.error}
          autoFocus
          inputRef={inputRef}
        />
        {error && (
          <p id={ids.error} className="form-error form-error-new" role="alert" key={refusals}>
            {t(error.key, error.params ?? {})}
          </p>
        )}
        <p className="muted">
          <a href={FORGOT_PIN_PATH}>{t('forgotLink')}</a> {t('forgotHint')}
        </p>
        <div className="form-actions">
          <button type="button" className="button" onClick={onCancel}>
            {t('common:cancel')}
          </button>
          <button type="submit" className="button button-primary" disabled={unlock.isPending}>
            {t('unlock')}
          </button>
        </div>
      </form>
    </dialog>
  );
}

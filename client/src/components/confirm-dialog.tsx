import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useModal } from './use-modal';

type Props = {
  message: string;
  confirmLabel: string;
  /** The safe choice's label (Cancel unless said). */
  cancelLabel?: string;
  busy?: boolean;
  /** Why the last try failed (the dialog stays open to try again). */
  error?: string | null;
  onConfirm: () => void;
  onCancel: () => void;
};

/**
 * A modal question before something that cannot be undone; it opens on its safe choice. Its close
 * reaches an enclosing dialog's onClose too (React passes `close` up its tree): a dialog holding one
 * ignores a close that is not its own.
 */
export function ConfirmDialog(props: Props) {
  const { message, confirmLabel, cancelLabel, busy = false, error, onConfirm, onCancel } = props;
  const { t } = useTranslation();
  const messageId = useId();
  const dialogRef = useModal();
  return (
    <dialog ref={dialogRef} className="dialog" role="alertdialog" aria-labelledby={messageId} onClose={onCancel}>
      <p id={messageId}>{message}</p>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <div className="form-actions">
        {/* biome-ignore lint/a11y/noAutofocus: a destructive confirmation starts on its safe choice. */}
        <button type="button" className="button" onClick={() => dialogRef.current?.close()} autoFocus>
          {cancelLabel ?? t('cancel')}
        </button>
        <button type="button" className="button button-danger" disabled={busy} onClick={onConfirm}>
          {confirmLabel}
        </button>
      </div>
    </dialog>
  );
}

import { type Ref, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { prefersServerVoice, setPrefersServerVoice } from '../lib/server-voice';

/** Account → "Read aloud with the game's own voice": the choice is kept in this browser. */
export function ServerVoiceChoice() {
  const { t } = useTranslation();
  const hintId = useId();
  const [chosen, setChosen] = useState(prefersServerVoice);
  return (
    <label className="account-voice">
      <input
        className="account-voice-box"
        type="checkbox"
        checked={chosen}
        aria-describedby={hintId}
        onChange={(event) => {
          setPrefersServerVoice(event.target.checked);
          setChosen(event.target.checked);
        }}
      />
      <span>
        {t('account.serverVoice')}
        <span id={hintId} className="account-voice-hint">
          {t('account.serverVoiceHint')}
        </span>
      </span>
    </label>
  );
}

type ConfirmProps = {
  failed: boolean;
  /** The safe choice, which takes the focus when the question is asked. */
  cancelRef: Ref<HTMLButtonElement>;
  onCancel: () => void;
  onConfirm: () => void;
};

/** Sign out everywhere, asked first (in the menu, where the item was). */
export function ConfirmSignOutEverywhere({ failed, cancelRef, onCancel, onConfirm }: ConfirmProps) {
  const { t } = useTranslation();
  return (
    <div>
      <p>{t('account.confirmEverywhere')}</p>
      {failed && (
        <p className="form-error" role="alert">
          {t('account.everywhereFailed')}
        </p>
      )}
      <div className="account-actions">
        <button type="button" className="button" ref={cancelRef} onClick={onCancel}>
          {t('cancel')}
        </button>
        <button type="button" className="button button-danger" onClick={onConfirm}>
          {t('account.confirmEverywhereYes')}
        </button>
      </div>
    </div>
  );
}

import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lookupShowInput } from '#shared/schemas/show.ts';
import { checkForm, invalidFieldProps, useFocusFirstInvalid } from '../../components/field-errors';

type Props = {
  initialCode: string;
  busy: boolean;
  /** Why the server refused the code (an i18n key). */
  error: string | null;
  onSubmit: (code: string) => void;
};

/** The room code, as the TV shows it (`/join?code=…` fills it in); checked as the server checks it. */
export function CodeForm({ initialCode, busy, error, onSubmit }: Props) {
  const { t } = useTranslation(['show', 'errors']);
  const [code, setCode] = useState(initialCode);
  const [problem, setProblem] = useState<string | null>(null);
  const ids = { input: useId(), hint: useId(), error: useId() };
  const { containerRef, focusFirstInvalid } = useFocusFirstInvalid();
  const shown = problem ?? error;

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = checkForm(lookupShowInput, { code }, 'errors:show.codeInvalid');
    if (!parsed.ok) {
      setProblem(parsed.problem.message);
      return focusFirstInvalid();
    }
    setProblem(null);
    onSubmit(parsed.data.code);
  }

  return (
    <form className="card phone-card" onSubmit={submit} noValidate ref={containerRef}>
      <h1>{t('join.title')}</h1>
      <div className="field">
        <label htmlFor={ids.input}>{t('join.codeLabel')}</label>
        <input
          id={ids.input}
          className="room-code-input"
          name="code"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          inputMode="numeric"
          autoComplete="off"
          maxLength={20}
          required
          {...invalidFieldProps(shown ? ids.error : null, ids.hint)}
        />
        <span className="muted field-hint" id={ids.hint}>
          {t('join.codeHint')}
        </span>
      </div>
      {shown && (
        <p className="form-error" role="alert" id={ids.error}>
          {t(shown)}
        </p>
      )}
      <button type="submit" className="button button-primary button-large" disabled={busy}>
        {busy ? t('join.checking') : t('join.continue')}
      </button>
    </form>
  );
}

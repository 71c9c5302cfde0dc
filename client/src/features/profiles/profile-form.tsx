import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AVATARS, DEFAULT_AVATAR } from '#shared/avatars.ts';
import {
  PROFILE_AGE_MAX,
  PROFILE_AGE_MIN,
  PROFILE_NAME_MAX,
  type ProfileField,
  parseProfileForm,
} from '#shared/schemas/profile.ts';
import { Avatar } from '../../components/avatar';
import { invalidFieldProps, useFocusFirstInvalid } from '../../components/field-errors';

export type ProfileFormValues = { name: string; age: number; avatar: (typeof AVATARS)[number] };

type Props = {
  initial?: { name: string; age: number; avatar: string };
  submitLabel: string;
  busyLabel: string;
  busy: boolean;
  /** An i18n key from the server, shown like the form's own messages. */
  serverError: string | null;
  onSubmit: (values: ProfileFormValues) => void;
  children?: React.ReactNode;
};

/** Name, age and avatar (spec §2, §5): the same checks as the server, before anything is sent. */
export function ProfileForm({ initial, submitLabel, busyLabel, busy, serverError, onSubmit, children }: Props) {
  const { t } = useTranslation(['profiles', 'errors']);
  const [name, setName] = useState(initial?.name ?? '');
  const [age, setAge] = useState(initial ? String(initial.age) : '');
  const [avatar, setAvatar] = useState<string>(initial?.avatar ?? DEFAULT_AVATAR);
  const [error, setError] = useState<{ message: string; fields: ProfileField[] } | null>(null);
  const errorId = useId();
  const { containerRef: formRef, focusFirstInvalid } = useFocusFirstInvalid();
  const shownError = error?.message ?? serverError;
  const problemOf = (field: ProfileField) => (error?.fields.includes(field) ? errorId : null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = parseProfileForm({ name, age, avatar });
    if (!parsed.success) {
      setError({ message: parsed.message, fields: parsed.fields });
      focusFirstInvalid();
      return;
    }
    setError(null);
    onSubmit(parsed.data);
  }

  return (
    <form
      className="form"
      onSubmit={submit}
      noValidate
      ref={formRef}
      aria-describedby={shownError ? errorId : undefined}
    >
      <label className="field">
        <span>{t('form.name')}</span>
        <input
          name="name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          maxLength={PROFILE_NAME_MAX + 10}
          autoComplete="off"
          required
          {...invalidFieldProps(problemOf('name'))}
        />
      </label>
      <label className="field">
        <span>{t('form.age')}</span>
        <input
          name="age"
          type="number"
          inputMode="numeric"
          min={PROFILE_AGE_MIN}
          max={PROFILE_AGE_MAX}
          step={1}
          value={age}
          onChange={(e) => setAge(e.target.value)}
          required
          {...invalidFieldProps(problemOf('age'))}
        />
      </label>
      <fieldset className="avatar-choice">
        <legend>{t('form.avatar')}</legend>
        <div className="avatar-options">
          {AVATARS.map((option) => (
            <label key={option} className="avatar-option">
              <input
                type="radio"
                name="avatar"
                value={option}
                checked={avatar === option}
                onChange={() => setAvatar(option)}
              />
              <Avatar avatar={option} size="fluid" />
              <span className="visually-hidden">{t(`avatars.${option}`)}</span>
            </label>
          ))}
        </div>
      </fieldset>
      {shownError && (
        <p className="form-error" role="alert" id={errorId}>
          {t(shownError)}
        </p>
      )}
      <div className="form-actions">
        {children}
        <button className="button button-primary" type="submit" disabled={busy}>
          {busy ? busyLabel : submitLabel}
        </button>
      </div>
    </form>
  );
}

import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AGE_CATEGORIES, type AgeCategory } from '#shared/age.ts';
import { AVATARS, type Avatar as AvatarName, DEFAULT_AVATAR } from '#shared/avatars.ts';
import { type GuestInput, guestInput } from '#shared/schemas/show.ts';
import { Avatar } from '../../components/avatar';
import { checkForm, type FormProblem, invalidFieldProps, useFocusFirstInvalid } from '../../components/field-errors';

type Props = {
  busy: boolean;
  /** Why the server refused (an i18n key). */
  error: string | null;
  onSubmit: (guest: GuestInput) => void;
};

/** A guest (no account): a name by the profile name rules, an age group, a picture. */
export function GuestForm({ busy, error, onSubmit }: Props) {
  const { t } = useTranslation(['show', 'profiles', 'errors']);
  const [name, setName] = useState('');
  const [ageGroup, setAgeGroup] = useState<AgeCategory | null>(null);
  const [avatar, setAvatar] = useState<AvatarName>(DEFAULT_AVATAR);
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const ids = { name: useId(), error: useId(), title: useId() };
  const { containerRef, focusFirstInvalid } = useFocusFirstInvalid();
  const shown = problem?.message ?? error;

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = checkForm(guestInput, { name, ageGroup, avatar }, 'errors:show.nameRequired');
    if (!parsed.ok) {
      setProblem(parsed.problem);
      return focusFirstInvalid();
    }
    setProblem(null);
    onSubmit(parsed.data);
  }

  return (
    <form className="form" onSubmit={submit} noValidate aria-labelledby={ids.title} ref={containerRef}>
      <h2 id={ids.title}>{t('join.guestTitle')}</h2>
      <p className="muted guest-intro">{t('join.guestIntro')}</p>
      <div className="field">
        <label htmlFor={ids.name}>{t('join.name')}</label>
        <input
          id={ids.name}
          name="name"
          value={name}
          onChange={(event) => setName(event.target.value)}
          autoComplete="off"
          required
          {...invalidFieldProps(problem?.fields.includes('name') ? ids.error : null)}
        />
      </div>
      <fieldset
        className="choice-row age-groups"
        {...invalidFieldProps(problem?.fields.includes('ageGroup') ? ids.error : null)}
      >
        <legend>{t('join.ageGroup')}</legend>
        {AGE_CATEGORIES.map((group) => (
          <label key={group} className="choice">
            <input type="radio" name="ageGroup" checked={ageGroup === group} onChange={() => setAgeGroup(group)} />
            <span>{t(`ageGroups.${group}`)}</span>
          </label>
        ))}
      </fieldset>
      <fieldset className="avatar-choice">
        <legend>{t('join.avatar')}</legend>
        <div className="avatar-options">
          {AVATARS.map((option) => (
            <label key={option} className="avatar-option">
              <input type="radio" name="avatar" checked={avatar === option} onChange={() => setAvatar(option)} />
              <Avatar avatar={option} size={64} />
              <span className="visually-hidden">{t(`profiles:avatars.${option}`)}</span>
            </label>
          ))}
        </div>
      </fieldset>
      {shown && (
        <p className="form-error" role="alert" id={ids.error}>
          {t(shown)}
        </p>
      )}
      <button type="submit" className="button button-primary button-large" disabled={busy}>
        {busy ? t('join.joining') : t('join.join')}
      </button>
    </form>
  );
}

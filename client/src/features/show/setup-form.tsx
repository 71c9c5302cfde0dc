import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '#shared/i18n.ts';
import { SHOW_AGE_CHOICES, SHOW_QUESTION_COUNTS, type ShowQuestionCount } from '#shared/show.ts';
import type { ShowSettings } from '#shared/show-views.ts';
import { errorKeyOf } from '../../lib/errors';
import { ScoringRule } from './scoring-rule';
import { useShowCategories } from './use-category-names';

type Props = {
  initial: ShowSettings;
  submitLabel: string;
  busyLabel: string;
  busy: boolean;
  /** Why the server refused (an i18n key). */
  error: string | null;
  onSubmit: (settings: ShowSettings & { questionCount: ShowQuestionCount }) => void;
  /** In the lobby: back to it with the settings as they were. */
  onCancel?: () => void;
};

/** A show's settings (issue 26): category or Random, 5, 10 or 15 questions, their language and age group. */
export function SetupForm({ initial, submitLabel, busyLabel, busy, error, onSubmit, onCancel }: Props) {
  const { t } = useTranslation(['show', 'common', 'errors']);
  const { categories, isError, error: categoriesError } = useShowCategories();
  const [categoryId, setCategoryId] = useState(String(initial.categoryId));
  const [questionCount, setQuestionCount] = useState<ShowQuestionCount>(
    SHOW_QUESTION_COUNTS.find((n) => n === initial.questionCount) ?? 10,
  );
  const [lang, setLang] = useState(initial.lang);
  const [ageGroup, setAgeGroup] = useState(initial.ageGroup);
  const ids = { category: useId(), age: useId(), error: useId() };
  // One that is gone since (deleted by an admin) is Random again.
  const chosen = categories.some((c) => String(c.id) === categoryId) ? Number(categoryId) : 'random';

  function submit(event: FormEvent) {
    event.preventDefault();
    onSubmit({ categoryId: chosen, questionCount, lang, ageGroup });
  }

  return (
    <form className="form show-setup" onSubmit={submit} aria-describedby={error ? ids.error : undefined}>
      <div className="field">
        <label htmlFor={ids.category}>{t('setup.category')}</label>
        <select id={ids.category} value={String(chosen)} onChange={(e) => setCategoryId(e.target.value)}>
          <option value="random">{t('setup.random')}</option>
          {categories.map((category) => (
            <option key={category.id} value={String(category.id)}>
              {category.name}
            </option>
          ))}
        </select>
      </div>
      <fieldset className="choice-row">
        <legend>{t('setup.questionCount')}</legend>
        {SHOW_QUESTION_COUNTS.map((count) => (
          <label key={count} className="choice">
            <input
              type="radio"
              name="questionCount"
              checked={questionCount === count}
              onChange={() => setQuestionCount(count)}
            />
            <span>{t('setup.questions', { count })}</span>
          </label>
        ))}
      </fieldset>
      <fieldset className="choice-row">
        <legend>{t('setup.language')}</legend>
        {LANGUAGES.map((language) => (
          <label key={language} className="choice" lang={language}>
            <input type="radio" name="lang" checked={lang === language} onChange={() => setLang(language)} />
            <span>{t(`common:languages.${language}`)}</span>
          </label>
        ))}
      </fieldset>
      <div className="field">
        <label htmlFor={ids.age}>{t('setup.ageGroup')}</label>
        <select
          id={ids.age}
          value={ageGroup}
          onChange={(e) => setAgeGroup(e.target.value as ShowSettings['ageGroup'])}
          aria-describedby={`${ids.age}-hint`}
        >
          {SHOW_AGE_CHOICES.map((choice) => (
            <option key={choice} value={choice}>
              {t(`ageGroups.${choice}`)}
            </option>
          ))}
        </select>
        <span className="muted field-hint" id={`${ids.age}-hint`}>
          {t('setup.ageGroupHint')}
        </span>
      </div>
      <ScoringRule />
      {(error || isError) && (
        <p className="form-error" role="alert" id={ids.error}>
          {t(error ?? errorKeyOf(categoriesError))}
        </p>
      )}
      <div className="form-actions">
        {onCancel && (
          <button type="button" className="button" onClick={onCancel}>
            {t('setup.cancel')}
          </button>
        )}
        <button type="submit" className="button button-primary button-large" disabled={busy}>
          {busy ? busyLabel : submitLabel}
        </button>
      </div>
    </form>
  );
}

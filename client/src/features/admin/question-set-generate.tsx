import { type FormEvent, type RefObject, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AgeCategory } from '#shared/age.ts';
import {
  CUSTOM_PROMPT_MAX,
  DEFAULT_AGE_CATEGORY,
  GENERATE_DEFAULT,
  GENERATE_MAX,
  GENERATE_MIN,
  type GenerateInput,
  generateInput,
} from '#shared/schemas/question-set.ts';
import { checkForm, invalidFieldProps, useFocusFirstInvalid } from '../../components/field-errors';
import { Loading } from '../../components/loading';
import { trpc } from '../../lib/trpc';
import { AgeCategorySelect } from './age-category-select';
import { CategorySelect } from './category-select';

type Props = {
  busy: boolean;
  generating: boolean;
  /** The id of the page's error message, while it is about these fields. */
  errorId: string | undefined;
  invalid: ReadonlySet<string>;
  buttonRef: RefObject<HTMLButtonElement | null>;
  /** The form did not pass its checks: these fields (generateInput's keys) are at fault. */
  onRefused: (fields: string[]) => void;
  onGenerate: (input: GenerateInput) => void;
};

/** Spec §2 /admin/add-question-set, Generate with AI: a category, how many, for whom, a prompt. */
export function GenerateSection({ busy, generating, errorId, invalid, buttonRef, onRefused, onGenerate }: Props) {
  const { t } = useTranslation('admin');
  const status = trpc.admin.questionSets.status.useQuery();
  const [categoryId, setCategoryId] = useState('');
  const [count, setCount] = useState(String(GENERATE_DEFAULT));
  const [ageCategory, setAgeCategory] = useState<AgeCategory>(DEFAULT_AGE_CATEGORY);
  const [customPrompt, setCustomPrompt] = useState('');
  const ids = { count: useId(), prompt: useId(), promptHint: useId() };
  const { containerRef, focusFirstInvalid } = useFocusFirstInvalid();
  const errorIdFor = (field: string) => (invalid.has(field) ? errorId : undefined);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const input = checkForm(
      generateInput,
      { categoryId: categoryId ? Number(categoryId) : 0, numQuestions: Number(count), ageCategory, customPrompt },
      '',
    );
    if (!input.ok) {
      onRefused(input.problem.fields);
      return focusFirstInvalid();
    }
    onGenerate(input.data);
  }

  return (
    <section className="card" aria-labelledby="generate-title">
      <h1>{t('questionSet.title')}</h1>
      <h2 id="generate-title">{t('questionSet.generateTitle')}</h2>
      {status.data?.configured === false && <p className="notice">{t('questionSet.notConfigured')}</p>}
      <form className="set-form" onSubmit={onSubmit} noValidate ref={containerRef}>
        <CategorySelect
          label={t('questionSet.category')}
          noneLabel={t('questionSet.chooseCategory')}
          value={categoryId ? Number(categoryId) : null}
          onChange={(id) => setCategoryId(id ? String(id) : '')}
          errorId={errorIdFor('categoryId')}
        />
        <label className="field" htmlFor={ids.count}>
          <span>{t('questionSet.count')}</span>
          <input
            id={ids.count}
            name="count"
            type="number"
            inputMode="numeric"
            min={GENERATE_MIN}
            max={GENERATE_MAX}
            value={count}
            onChange={(event) => setCount(event.target.value)}
            {...invalidFieldProps(errorIdFor('numQuestions'))}
          />
        </label>
        <AgeCategorySelect label={t('questionSet.ageCategory')} value={ageCategory} onChange={setAgeCategory} />
        <label className="field set-prompt" htmlFor={ids.prompt}>
          <span>{t('questionSet.customPrompt')}</span>
          <textarea
            id={ids.prompt}
            rows={2}
            maxLength={CUSTOM_PROMPT_MAX}
            value={customPrompt}
            aria-describedby={ids.promptHint}
            onChange={(event) => setCustomPrompt(event.target.value)}
          />
          <small id={ids.promptHint} className="muted">
            {t('questionSet.customPromptHint')}
          </small>
        </label>
        {/* Held while busy, not disabled: the focus stays on it until the set is there to review. */}
        <button
          type="submit"
          ref={buttonRef}
          className="button button-primary"
          disabled={status.data?.configured === false}
          aria-disabled={busy || undefined}
        >
          {t('questionSet.generate')}
        </button>
      </form>
      {generating && <Loading label={t('questionSet.generating')} />}
    </section>
  );
}

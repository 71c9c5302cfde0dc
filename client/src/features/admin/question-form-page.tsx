import { type FormEvent, useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { AgeCategory } from '#shared/age.ts';
import { paths } from '#shared/routes.ts';
import type { QuestionInput } from '#shared/schemas/admin.ts';
import { useFocusFirstInvalid } from '../../components/field-errors';
import { Loading } from '../../components/loading';
import { errorCodeOf, errorKeyOf } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { AgeCategorySelect } from './age-category-select';
import { CategorySelect } from './category-select';
import { ImageUpload } from './image-upload';
import { inAdmin } from './in-admin';
import { LanguageColumn, type Localized } from './language-column';
import { type QuestionField, questionFormProblems } from './question-form-problems';
import { QuestionNotFound } from './question-not-found';
import { useCategories } from './use-category-names';

type FormValues = {
  categoryId: string;
  ageCategory: AgeCategory;
  difficulty: string;
  correctAnswerIndex: number;
  en: Localized;
  vi: Localized;
  imageUrl: string | null;
};

/** A blank question; after one is added, the next keeps its category and age group (a set is often written at once). */
const emptyForm = (
  keep: Pick<FormValues, 'categoryId' | 'ageCategory'> = { categoryId: '', ageCategory: 'Kids' },
): FormValues => ({
  ...keep,
  difficulty: '1',
  correctAnswerIndex: 0,
  en: { question: '', answers: ['', '', '', ''] },
  vi: { question: '', answers: ['', '', '', ''] },
  imageUrl: null,
});

/** The form as the server takes it: the same shared schema (spec §5) decides what is missing. */
function toInput(values: FormValues): QuestionInput {
  return {
    categoryId: values.categoryId ? Number(values.categoryId) : 0,
    ageCategory: values.ageCategory,
    difficulty: Number(values.difficulty),
    correctAnswerIndex: values.correctAnswerIndex,
    en: values.en,
    vi: values.vi,
    imageUrl: values.imageUrl,
  };
}

/**
 * Spec §2 /admin/add-question and /admin/edit-question/{questionId}. Which message goes when:
 * - a problem found before sending stays until its field is mended (checked again at each change
 *   once a submit has failed), and marks its fields invalid;
 * - the success and a refusal from the server go at the next change to the form (typing, a choice,
 *   a picture chosen) or the next submit.
 */
export default function QuestionFormPage({ questionId }: { questionId?: number }) {
  const { t } = useTranslation(['admin', 'errors']);
  const editing = questionId !== undefined;
  const { isError: categoriesFailed } = useCategories();
  const utils = trpc.useUtils();
  const existing = trpc.admin.questions.byId.useQuery(
    { questionId: questionId ?? 0 },
    { enabled: editing, retry: false, staleTime: 0 },
  );
  const [values, setValues] = useState<FormValues | null>(editing ? null : emptyForm());
  const [uploading, setUploading] = useState(false);
  /** A submit failed on the form's own check: problems are shown, and followed as the form changes. */
  const [checking, setChecking] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [formKey, setFormKey] = useState(0);
  const { containerRef: formRef, focusFirstInvalid } = useFocusFirstInvalid();
  const problemsId = useId();
  const onBusyChange = useCallback((busy: boolean) => setUploading(busy), []);
  const clearOutcome = useCallback(() => {
    setSaved(null);
    setServerError(null);
  }, []);

  useEffect(() => {
    if (!existing.data || values) return;
    setValues({
      ...existing.data,
      categoryId: String(existing.data.categoryId),
      difficulty: String(existing.data.difficulty),
    });
  }, [existing.data, values]);
  // After an add, the next question starts at its first text (the category and age group stay chosen).
  useEffect(() => {
    if (formKey > 0) formRef.current?.querySelector<HTMLElement>('[name="en-question"]')?.focus();
  }, [formKey, formRef]);

  const failed = (fallback: string) => (caught: unknown) =>
    setServerError(
      errorCodeOf(caught) === 'BAD_REQUEST' || errorCodeOf(caught) === 'NOT_FOUND'
        ? errorKeyOf(caught, fallback)
        : fallback,
    );
  const create = trpc.admin.questions.create.useMutation({
    onSuccess: async (_, sent) => {
      setSaved(t('form.added'));
      setValues(emptyForm({ categoryId: String(sent.categoryId), ageCategory: sent.ageCategory }));
      setFormKey((key) => key + 1);
      await utils.admin.questions.list.invalidate();
    },
    onError: failed('errors:question.addFailed'),
  });
  const update = trpc.admin.questions.update.useMutation({
    onSuccess: async () => {
      setSaved(t('form.updated'));
      await Promise.all([utils.admin.questions.list.invalidate(), utils.admin.questions.byId.invalidate()]);
    },
    onError: failed('errors:question.updateFailed'),
  });

  if (editing && existing.isError) {
    if (errorCodeOf(existing.error) === 'NOT_FOUND') return <QuestionNotFound />;
    return (
      <section className="card" role="alert">
        <p>{t('errors:question.loadFailed')}</p>
        <Link className="button" href={inAdmin(paths.adminQuestions)}>
          {t('form.backToList')}
        </Link>
      </section>
    );
  }
  if (!values) return <Loading />;

  const problems = checking ? questionFormProblems(toInput(values)) : null;
  const problemIdOf = (field: QuestionField) => {
    const message = problems?.fields[field];
    return message === undefined ? undefined : `${problemsId}-${problems?.messages.indexOf(message)}`;
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!values) return;
    clearOutcome();
    const found = questionFormProblems(toInput(values));
    setChecking(found !== null);
    if (found) return focusFirstInvalid();
    const input = toInput(values);
    if (editing) update.mutate({ questionId, question: input });
    else create.mutate(input);
  }

  // Functional: an upload finishing later must not undo what was typed meanwhile.
  const set = (change: Partial<FormValues>) => {
    clearOutcome();
    setValues((current) => (current ? { ...current, ...change } : current));
  };
  const busy = create.isPending || update.isPending;
  return (
    <section className="card" aria-labelledby="question-form-title">
      <h1 id="question-form-title">{t(editing ? 'form.editTitle' : 'form.addTitle')}</h1>
      {categoriesFailed && (
        <p className="form-error" role="alert">
          {t(editing ? 'errors:question.loadFailed' : 'errors:question.initialLoadFailed')}
        </p>
      )}
      {/* After an add the form starts again at its top, focus on the next question's text: said there. */}
      {saved && !editing && (
        <p className="form-success" role="status">
          {saved}
        </p>
      )}
      <form className="question-form" onSubmit={submit} noValidate key={formKey} ref={formRef}>
        <div className="form-grid">
          <CategorySelect
            label={t('form.category')}
            noneLabel={t('form.chooseCategory')}
            value={values.categoryId ? Number(values.categoryId) : null}
            onChange={(categoryId) => set({ categoryId: categoryId ? String(categoryId) : '' })}
            errorId={problemIdOf('category')}
          />
          <AgeCategorySelect
            label={t('form.ageCategory')}
            value={values.ageCategory}
            onChange={(ageCategory) => set({ ageCategory })}
          />
          <label className="field">
            <span>{t('form.difficulty')}</span>
            <select
              name="difficulty"
              value={values.difficulty}
              onChange={(event) => set({ difficulty: event.target.value })}
            >
              {['1', '2', '3'].map((level) => (
                <option key={level} value={level}>
                  {t(`difficulties.${level}`)}
                </option>
              ))}
            </select>
          </label>
        </div>
        <div className="language-columns">
          <LanguageColumn
            lang="en"
            values={values.en}
            correctAnswerIndex={values.correctAnswerIndex}
            onChange={(en) => set({ en })}
            onCorrectChange={(correctAnswerIndex) => set({ correctAnswerIndex })}
            problemIdOf={problemIdOf}
          />
          <LanguageColumn
            lang="vi"
            values={values.vi}
            correctAnswerIndex={values.correctAnswerIndex}
            onChange={(vi) => set({ vi })}
            problemIdOf={problemIdOf}
          />
        </div>
        <ImageUpload
          imageUrl={values.imageUrl}
          onChange={(imageUrl) => set({ imageUrl })}
          onPictureAction={clearOutcome}
          onBusyChange={onBusyChange}
        />
        <div role="alert">
          {problems?.messages.map((message, index) => (
            <p className="form-error" id={`${problemsId}-${index}`} key={message}>
              {t(message)}
            </p>
          ))}
          {serverError && <p className="form-error">{t(serverError)}</p>}
        </div>
        {saved && editing && (
          <p className="form-success" role="status">
            {saved}
          </p>
        )}
        <div className="form-actions">
          <Link className="button" href={inAdmin(paths.adminQuestions)}>
            {t('form.backToList')}
          </Link>
          <button className="button button-primary" type="submit" disabled={busy || uploading}>
            {editing ? (busy ? t('form.saving') : t('form.save')) : busy ? t('form.adding') : t('form.add')}
          </button>
        </div>
      </form>
    </section>
  );
}

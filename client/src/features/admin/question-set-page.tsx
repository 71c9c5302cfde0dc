import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AgeCategory } from '../../../../shared/age';
import type { Language } from '../../../../shared/i18n';
import {
  acceptedFileValues,
  CUSTOM_PROMPT_MAX,
  DEFAULT_AGE_CATEGORY,
  type FileProblem,
  GENERATE_DEFAULT,
  GENERATE_MAX,
  GENERATE_MIN,
  generateInput,
  IMPORT_MAX_BYTES,
  type NewCategory,
  type SetQuestion,
} from '../../../../shared/schemas/question-set';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { invalidFieldProps, useFocusFirstInvalid } from '../../components/field-errors';
import { Loading } from '../../components/loading';
import { errorKeyOf, errorParamsOf } from '../../lib/errors';
import { focusWhenReady } from '../../lib/focus';
import { randomId } from '../../lib/random-id';
import { ANSWER_LETTERS } from '../../lib/speech/voice';
import { trpc } from '../../lib/trpc';
import { useParentLock } from '../parent-lock/use-parent-lock';
import { AgeCategorySelect } from './age-category-select';
import { CategorySelect } from './category-select';
import { useCategories } from './use-category-names';

/** A file's questions that exist already: in the category they are for, or in another one. */
const ALREADY_HERE = ['errors:questionSet.alreadyInCategory', 'errors:questionSet.alreadyInOtherCategory'];

/** Spec §4's states, for a generated set or an imported one. */
type Phase = 'idle' | 'generating' | 'reading' | 'review' | 'saving' | 'saved';
type Message = { key: string; params?: Record<string, string | number> };

function Answers({ answers, correct, lang }: { answers: string[]; correct: number; lang: Language }) {
  const { t } = useTranslation('admin');
  return (
    <ol className="set-answers" lang={lang}>
      {answers.map((answer, index) => (
        <li key={ANSWER_LETTERS[index]} data-correct={index === correct || undefined}>
          <span aria-hidden="true">{ANSWER_LETTERS[index]}.</span> {answer}
          {index === correct && <strong className="set-correct"> ✓ {t('questionSet.correct')}</strong>}
        </li>
      ))}
    </ol>
  );
}

/**
 * What the review says when none of a set's questions can be saved now: that some wait for their
 * new categories to be allowed, or that they all exist already (a file imported twice), rather
 * than offering to save none.
 */
function NothingToSave({ problems, waiting }: { problems: FileProblem[]; waiting: number }) {
  const { t } = useTranslation('admin');
  const existing = problems.filter((problem) => ALREADY_HERE.includes(problem.message)).length;
  if (waiting > 0) {
    return (
      <p className="notice" role="status">
        {t('questionSet.waitingForCategories', { count: waiting })}
        {existing > 0 && ` ${t('questionSet.othersExist', { count: existing })}`}
      </p>
    );
  }
  return (
    <p className="notice" role="status">
      {existing > 0 && existing === problems.length
        ? t('questionSet.allExist', { count: existing })
        : t('questionSet.nothingToSave')}
    </p>
  );
}

/** The accepted values of an imported file's columns (shared with the server's reading of them). */
function AcceptedValues() {
  const { t } = useTranslation('admin');
  const values = acceptedFileValues();
  return (
    <details className="set-accepted">
      <summary>{t('questionSet.acceptedTitle')}</summary>
      <ul>
        <li>{t('questionSet.acceptedAges', { values: values.ages })}</li>
        <li>{t('questionSet.acceptedDifficulties', { values: values.difficulties })}</li>
        <li>{t('questionSet.acceptedAnswers', { values: values.answers })}</li>
      </ul>
    </details>
  );
}

/** Spec §2 /admin/add-question-set: generate with AI or import a file, review, save. */
export default function QuestionSetPage() {
  const { t, i18n } = useTranslation(['admin', 'errors']);
  const { nameOf } = useCategories();
  const status = trpc.admin.questionSets.status.useQuery();
  const utils = trpc.useUtils();
  const { whenLocked, lockClosed } = useParentLock();
  const [categoryId, setCategoryId] = useState('');
  const [count, setCount] = useState(String(GENERATE_DEFAULT));
  const [ageCategory, setAgeCategory] = useState<AgeCategory>(DEFAULT_AGE_CATEGORY);
  const [customPrompt, setCustomPrompt] = useState('');
  const [phase, setPhase] = useState<Phase>('idle');
  /** Saved: the review and its Save button are gone, and the keyboard goes on from the outcome. */
  const savedRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (phase === 'saved') savedRef.current?.focus();
  }, [phase]);
  const [set, setSet] = useState<SetQuestion[]>([]);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [problems, setProblems] = useState<FileProblem[]>([]);
  const [newCategories, setNewCategories] = useState<NewCategory[]>([]);
  const [createCategories, setCreateCategories] = useState(false);
  const [confirmingReject, setConfirmingReject] = useState(false);
  const [rejected, setRejected] = useState(0);
  const fileInput = useRef<HTMLInputElement>(null);
  const generateButton = useRef<HTMLButtonElement>(null);
  const reviewTitle = useRef<HTMLHeadingElement>(null);
  const [note, setNote] = useState<Message | null>(null);
  const [error, setError] = useState<Message | null>(null);
  const [saved, setSaved] = useState(0);
  // The set under review's id: saving it twice (a retry, a double click) saves it once.
  const [setId, setSetId] = useState(randomId);
  const ids = { count: useId(), prompt: useId(), promptHint: useId(), file: useId(), fileHint: useId() };
  const errorId = useId();
  /** The generation form's fields at fault (by generateInput's keys), marked until the next try. */
  const [invalid, setInvalid] = useState<Set<string>>(new Set());
  const { containerRef: generateFormRef, focusFirstInvalid } = useFocusFirstInvalid();
  const errorIdFor = (field: string) => (invalid.has(field) && error ? errorId : undefined);

  const generate = trpc.admin.questionSets.generate.useMutation();

  function review(
    questions: SetQuestion[],
    fileProblems: FileProblem[],
    fewer: Message | null,
    created: NewCategory[] = [],
  ) {
    setSet(questions);
    setSetId(randomId());
    setSelected(new Set(questions.map((_, i) => i)));
    setProblems(fileProblems);
    setNewCategories(created);
    setCreateCategories(false);
    setNote(fewer);
    setPhase('review');
    // The keyboard goes on from what came out: the set to review.
    focusWhenReady(() => reviewTitle.current);
  }

  async function onGenerate(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setError(null);
    setInvalid(new Set());
    const input = generateInput.safeParse({
      categoryId: categoryId ? Number(categoryId) : 0,
      numQuestions: Number(count),
      ageCategory,
      customPrompt,
    });
    if (!input.success) {
      setError({ key: 'errors:questionSet.invalidRequest' });
      setInvalid(new Set(input.error.issues.map((issue) => String(issue.path[0]))));
      return focusFirstInvalid();
    }
    setPhase('generating');
    try {
      const result = await generate.mutateAsync(input.data);
      review(
        result.questions,
        [],
        result.questions.length < result.asked
          ? { key: 'questionSet.fewer', params: { made: result.questions.length, asked: result.asked } }
          : null,
      );
    } catch (caught) {
      setPhase('idle');
      // Spec §8: the server's own text where it has one, else 'Failed to generate questions.';
      // no answer at all: 'An unknown error occurred during generation.'
      const key = errorKeyOf(caught, 'errors:questionSet.generateFailed');
      setError(
        key === 'errors:network'
          ? { key: 'errors:questionSet.unknownGenerationError' }
          : { key, params: errorParamsOf(caught) },
      );
      // Said by the alert; the focus stays on the button, to try again.
      focusWhenReady(() => generateButton.current);
    }
  }

  async function onFile(file: File) {
    // The outcome's message is said by its alert; the focus stays on the field, to choose again.
    const failed = (message: Message) => {
      setPhase('idle');
      setError(message);
      focusWhenReady(() => fileInput.current);
    };
    setError(null);
    const zip = /\.zip$/i.test(file.name);
    setInvalid(new Set());
    // An .xlsx or a picture chosen by mistake: said at once (the server refuses it too).
    if (!zip && file.size <= IMPORT_MAX_BYTES && (await file.text()).includes('\0')) {
      return failed({ key: 'errors:questionSet.notText' });
    }
    setPhase('reading');
    const form = new FormData();
    form.append('file', file);
    try {
      const response = await fetch('/api/admin/question-sets/import', {
        method: 'POST',
        body: form,
        credentials: 'same-origin',
      });
      // A reverse proxy in front may refuse the file itself, answering its own HTML page.
      const body = (await response.json().catch(() => ({}))) as {
        questions?: SetQuestion[];
        problems?: FileProblem[];
        newCategories?: NewCategory[];
        key?: string;
        params?: Record<string, string | number>;
      };
      if (!response.ok) {
        if (response.status === 403 && (await lockClosed())) {
          setPhase('idle');
          return whenLocked(() => void onFile(file));
        }
        // The server's reason (a zip refused, a file too large) in the admin's language.
        if (body.key) return failed({ key: body.key, params: body.params ?? {} });
        return failed({
          key: response.status === 413 ? 'errors:questionSet.tooLargeForServer' : 'errors:questionSet.noFile',
        });
      }
      review(body.questions ?? [], body.problems ?? [], null, body.newCategories ?? []);
    } catch {
      failed({ key: 'errors:network' });
    }
  }

  async function onSave() {
    setError(null);
    const chosen = set.filter((question, i) => selected.has(i) && offered(question));
    if (chosen.length === 0) return setError({ key: 'errors:questionSet.noneSelected' });
    if (chosen.some((question) => !question.categoryId && !question.newCategory)) {
      return setError({ key: 'errors:questionSet.noCategory' });
    }
    setPhase('saving');
    try {
      const response = await fetch('/api/admin/question-sets', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        credentials: 'same-origin',
        body: JSON.stringify({ setId, questions: chosen }),
      });
      if (response.status === 413) {
        setPhase('review');
        return setError({ key: 'errors:questionSet.setTooLargeForServer' });
      }
      if (response.status === 403 && (await lockClosed())) {
        setPhase('review');
        return whenLocked(() => void onSave());
      }
      if (!response.ok) throw new Error(String(response.status));
      const { saved: n } = (await response.json()) as { saved: number };
      setSaved(n);
      setSet([]);
      setSelected(new Set());
      setPhase('saved');
      await Promise.all([
        utils.admin.questions.list.invalidate(),
        utils.admin.overview.invalidate(),
        utils.categories.invalidate(),
      ]);
    } catch {
      setPhase('review');
      setError({ key: 'errors:questionSet.saveFailed' });
    }
  }

  const busy = phase === 'generating' || phase === 'reading' || phase === 'saving';
  // A question for a category the file names but that does not exist is offered only once the
  // admin agreed to create it; until then it is one of the file's problems.
  const offered = (question: SetQuestion) => createCategories || !question.newCategory;
  const offeredCount = set.filter(offered).length;
  const selectedCount = set.filter((question, i) => selected.has(i) && offered(question)).length;
  const categoryName = (question: SetQuestion) =>
    question.newCategory
      ? i18n.language.startsWith('vi')
        ? question.newCategory.name_vi
        : question.newCategory.name_en
      : nameOf(question.categoryId);
  // Where a question already is, named in the admin's language (the server names it in English).
  const named = (problem: FileProblem): FileProblem =>
    problem.params?.categoryId === undefined
      ? problem
      : {
          ...problem,
          params: { ...problem.params, name: nameOf(Number(problem.params.categoryId)) || (problem.params.name ?? '') },
        };
  const shownProblems: FileProblem[] = [
    ...problems.map(named),
    ...set
      .filter((question) => !offered(question))
      .map((question) => ({
        line: question.line ?? 0,
        message: 'admin:questionSet.newCategoryProblem',
        params: { name: categoryName(question) },
      })),
  ].sort((a, b) => a.line - b.line);
  function rejectAll() {
    setConfirmingReject(false);
    setSet([]);
    setSelected(new Set());
    setProblems([]);
    setNewCategories([]);
    setNote(null);
    setPhase('idle');
    setRejected((n) => n + 1);
  }
  // The review is gone (and the dialog with it, which would hand the focus back to a button no
  // longer there): the focus goes where the next set starts, not to the page's top.
  useEffect(() => {
    if (rejected > 0) fileInput.current?.focus();
  }, [rejected]);
  const toggle = (index: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(index)) next.delete(index);
      else next.add(index);
      return next;
    });

  return (
    <div className="admin-stack">
      <section className="card" aria-labelledby="generate-title">
        <h1>{t('questionSet.title')}</h1>
        <h2 id="generate-title">{t('questionSet.generateTitle')}</h2>
        {status.data?.configured === false && <p className="notice">{t('questionSet.notConfigured')}</p>}
        <form className="set-form" onSubmit={(event) => void onGenerate(event)} noValidate ref={generateFormRef}>
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
            ref={generateButton}
            className="button button-primary"
            disabled={status.data?.configured === false}
            aria-disabled={busy || undefined}
          >
            {t('questionSet.generate')}
          </button>
        </form>
        {phase === 'generating' && <Loading label={t('questionSet.generating')} />}
      </section>

      <section className="card" aria-labelledby="import-title">
        <h2 id="import-title">{t('questionSet.importTitle')}</h2>
        <label className="field" htmlFor={ids.file}>
          <span>{t('questionSet.file')}</span>
          <input
            id={ids.file}
            type="file"
            ref={fileInput}
            accept=".csv,.json,.zip,text/csv,application/json,application/zip"
            // Held while busy, not disabled: the focus stays on it while the file is read.
            aria-disabled={busy || undefined}
            onClick={(event) => busy && event.preventDefault()}
            aria-describedby={ids.fileHint}
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) void onFile(file);
              event.target.value = '';
            }}
          />
          <small id={ids.fileHint} className="muted">
            {t('questionSet.fileHint')}
          </small>
        </label>
        <AcceptedValues />
        {phase === 'reading' && <Loading label={t('questionSet.reading')} />}
      </section>

      {error && (
        <p className="form-error" role="alert" id={errorId}>
          {t(error.key, error.params ?? {})}
        </p>
      )}
      {phase === 'saved' && (
        <p className="form-success" role="status" tabIndex={-1} ref={savedRef}>
          {t('questionSet.saved', { count: saved })}
        </p>
      )}

      {(phase === 'review' || phase === 'saving') && (
        <section className="card" aria-labelledby="review-title">
          <h2 id="review-title" ref={reviewTitle} tabIndex={-1}>
            {t('questionSet.reviewTitle')}
          </h2>
          {note && <p className="notice">{t(note.key, note.params ?? {})}</p>}
          {newCategories.length > 0 && (
            <div className="notice">
              <p>
                {t('questionSet.newCategories', {
                  names: newCategories
                    .map((names) => (i18n.language.startsWith('vi') ? names.name_vi : names.name_en))
                    .join(', '),
                })}
              </p>
              <label className="set-select">
                <input
                  type="checkbox"
                  checked={createCategories}
                  disabled={busy}
                  onChange={(event) => setCreateCategories(event.target.checked)}
                />
                <span>{t('questionSet.createCategories')}</span>
              </label>
            </div>
          )}
          {shownProblems.length > 0 && (
            <details className="set-problems" open>
              <summary>{t('questionSet.problemsTitle')}</summary>
              <ul>
                {shownProblems.map((problem) => (
                  <li key={`${problem.line}-${problem.message}`}>
                    {t('questionSet.problem', { line: problem.line, text: t(problem.message, problem.params ?? {}) })}
                  </li>
                ))}
              </ul>
            </details>
          )}
          {offeredCount > 0 ? (
            <p className="muted">{t('questionSet.reviewHint')}</p>
          ) : (
            <NothingToSave problems={problems} waiting={set.length - offeredCount} />
          )}
          <ol className="set-list">
            {set.map((question, index) =>
              !offered(question) ? null : (
                <li
                  key={`${question.categoryId}:${question.newCategory?.name_en}:${question.question_en}`}
                  className="set-question"
                >
                  <label className="set-select">
                    <input type="checkbox" checked={selected.has(index)} onChange={() => toggle(index)} />
                    <span>{t('questionSet.select')}</span>
                  </label>
                  <p className="muted">
                    {t('questionSet.meta', {
                      category: categoryName(question),
                      age: t(`ages.${question.ageCategory}`),
                      difficulty: t(`difficulties.${question.difficulty}`),
                    })}
                  </p>
                  {question.imageUrl && (
                    <img className="set-picture" src={question.imageUrl} alt={t('questionSet.picture')} />
                  )}
                  <div className="set-languages">
                    <div>
                      <h3 className="set-language">{t('questionSet.english')}</h3>
                      <p lang="en">{question.question_en}</p>
                      <Answers answers={question.answers_en} correct={question.correctAnswerIndex} lang="en" />
                    </div>
                    <div>
                      <h3 className="set-language">{t('questionSet.vietnamese')}</h3>
                      <p lang="vi">{question.question_vi}</p>
                      <Answers answers={question.answers_vi} correct={question.correctAnswerIndex} lang="vi" />
                    </div>
                  </div>
                </li>
              ),
            )}
          </ol>
          <div className="form-actions">
            <button
              type="button"
              className="button"
              disabled={busy || set.length === 0}
              onClick={() => setConfirmingReject(true)}
            >
              {t('questionSet.rejectAll')}
            </button>
            {offeredCount > 0 && (
              <button type="button" className="button button-primary" disabled={busy} onClick={() => void onSave()}>
                {phase === 'saving' ? t('questionSet.saving') : t('questionSet.save', { count: selectedCount })}
              </button>
            )}
          </div>
          {confirmingReject && (
            <ConfirmDialog
              message={t('questionSet.confirmRejectAll', { count: set.length })}
              confirmLabel={t('questionSet.confirmRejectAllYes')}
              onConfirm={rejectAll}
              onCancel={() => setConfirmingReject(false)}
            />
          )}
        </section>
      )}
    </div>
  );
}

import type { Dispatch, RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { FileProblem, NewCategory, SetQuestion } from '#shared/schemas/question-set.ts';
import { ConfirmDialog } from '../../components/confirm-dialog';
import {
  chosenQuestions,
  isOffered,
  offeredCount,
  type QuestionSetAction,
  type QuestionSetState,
} from './question-set-machine';
import { SetQuestionItem } from './question-set-question';
import { useCategories } from './use-category-names';

/** A file's questions that exist already: in the category they are for, or in another one. */
const ALREADY_HERE = ['errors:questionSet.alreadyInCategory', 'errors:questionSet.alreadyInOtherCategory'];

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

function Problems({ problems }: { problems: FileProblem[] }) {
  const { t } = useTranslation('admin');
  if (problems.length === 0) return null;
  return (
    <details className="set-problems" open>
      <summary>{t('questionSet.problemsTitle')}</summary>
      <ul>
        {problems.map((problem) => (
          <li key={`${problem.line}-${problem.message}`}>
            {t('questionSet.problem', { line: problem.line, text: t(problem.message, problem.params ?? {}) })}
          </li>
        ))}
      </ul>
    </details>
  );
}

type Props = {
  state: QuestionSetState;
  dispatch: Dispatch<QuestionSetAction>;
  busy: boolean;
  titleRef: RefObject<HTMLHeadingElement | null>;
  onSave: () => void;
};

/** Spec §4 review: every question of the set, ticked to save, the file's problems, Save or Reject all. */
export function ReviewSection({ state, dispatch, busy, titleRef, onSave }: Props) {
  const { t } = useTranslation('admin');
  const { nameOf, language } = useCategories();
  const { set, selected, note, newCategories } = state;
  const offered = offeredCount(state);
  const localName = (names: NewCategory) => (language === 'vi' ? names.name_vi : names.name_en);
  const categoryName = (question: SetQuestion) =>
    question.newCategory ? localName(question.newCategory) : nameOf(question.categoryId);
  // Where a question already is, named in the admin's language (the server names it in English).
  const named = (problem: FileProblem): FileProblem =>
    problem.params?.categoryId === undefined
      ? problem
      : {
          ...problem,
          params: { ...problem.params, name: nameOf(Number(problem.params.categoryId)) || (problem.params.name ?? '') },
        };
  const shownProblems: FileProblem[] = [
    ...state.problems.map(named),
    ...set
      .filter((question) => !isOffered(state, question))
      .map((question) => ({
        line: question.line ?? 0,
        message: 'admin:questionSet.newCategoryProblem',
        params: { name: categoryName(question) },
      })),
  ].sort((a, b) => a.line - b.line);

  return (
    <section className="card" aria-labelledby="review-title">
      <h2 id="review-title" ref={titleRef} tabIndex={-1}>
        {t('questionSet.reviewTitle')}
      </h2>
      {note && <p className="notice">{t(note.key, note.params ?? {})}</p>}
      {newCategories.length > 0 && (
        <div className="notice">
          <p>{t('questionSet.newCategories', { names: newCategories.map(localName).join(', ') })}</p>
          <label className="set-select">
            <input
              type="checkbox"
              checked={state.createCategories}
              disabled={busy}
              onChange={(event) => dispatch({ type: 'createCategoriesChanged', create: event.target.checked })}
            />
            <span>{t('questionSet.createCategories')}</span>
          </label>
        </div>
      )}
      <Problems problems={shownProblems} />
      {offered > 0 ? (
        <p className="muted">{t('questionSet.reviewHint')}</p>
      ) : (
        <NothingToSave problems={state.problems} waiting={set.length - offered} />
      )}
      <ol className="set-list">
        {set.map((question, index) =>
          !isOffered(state, question) ? null : (
            <SetQuestionItem
              key={`${question.categoryId}:${question.newCategory?.name_en}:${question.question_en}`}
              question={question}
              categoryName={categoryName(question)}
              selected={selected.has(index)}
              onToggle={() => dispatch({ type: 'toggled', index })}
            />
          ),
        )}
      </ol>
      <div className="form-actions">
        <button
          type="button"
          className="button"
          disabled={busy || set.length === 0}
          onClick={() => dispatch({ type: 'rejectAsked' })}
        >
          {t('questionSet.rejectAll')}
        </button>
        {offered > 0 && (
          <button type="button" className="button button-primary" disabled={busy} onClick={onSave}>
            {state.phase === 'saving'
              ? t('questionSet.saving')
              : t('questionSet.save', { count: chosenQuestions(state).length })}
          </button>
        )}
      </div>
      {state.confirmingReject && (
        <ConfirmDialog
          message={t('questionSet.confirmRejectAll', { count: set.length })}
          confirmLabel={t('questionSet.confirmRejectAllYes')}
          onConfirm={() => dispatch({ type: 'rejected' })}
          onCancel={() => dispatch({ type: 'rejectCancelled' })}
        />
      )}
    </section>
  );
}

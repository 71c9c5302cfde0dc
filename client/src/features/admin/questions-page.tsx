import { useDeferredValue, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { MIN_ANSWERS_TO_JUDGE, suggestedDifficulty } from '../../../../shared/play-stats';
import { editQuestionPath } from '../../../../shared/routes';
import {
  NEEDS_LOOK_LIMIT,
  QUESTION_VIEWS,
  type QuestionView,
  SEARCH_MAX,
  SEARCH_MIN_CHARS,
} from '../../../../shared/schemas/admin';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { type RouterOutputs, trpc } from '../../lib/trpc';
import { CategorySelect } from './category-select';
import { inAdmin } from './in-admin';
import { useCategories } from './use-category-names';

type Row = RouterOutputs['admin']['questions']['list']['items'][number];

/** Spec §2 /admin/questions: a category filter, a search box, Edit per row and Load More (50 a page). */
/** The zip carries the pictures too; CSV and JSON the texts only. */
const EXPORT_FORMATS = [
  ['zip', 'questions.exportZip'],
  ['csv', 'questions.exportCsv'],
  ['json', 'questions.exportJson'],
] as const;

export default function QuestionsPage() {
  const { t } = useTranslation(['admin', 'errors']);
  const { nameOf, isError: categoriesFailed } = useCategories();
  const [categoryId, setCategoryId] = useState<number | null>(null);
  const [view, setView] = useState<QuestionView>('byText');
  const [typed, setTyped] = useState('');
  const search = useDeferredValue(typed.trim());
  const searching = [...search].length >= SEARCH_MIN_CHARS;
  const [deleting, setDeleting] = useState<Row | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const utils = trpc.useUtils();
  const searchId = useId();
  const hintId = useId();
  const viewId = useId();
  const viewHintId = useId();

  const list = trpc.admin.questions.list.useInfiniteQuery(
    { categoryId, search: searching ? search : '', view },
    { getNextPageParam: (page) => page.nextCursor, initialCursor: null, staleTime: 0 },
  );
  const rows = list.data?.pages.flatMap((page) => page.items) ?? [];
  const remove = trpc.admin.questions.remove.useMutation({
    onSuccess: async () => {
      setDeleting(null);
      setStatus(t('questions.deleted'));
      await utils.admin.questions.list.invalidate();
    },
    onError: () => setDeleteError(t('errors:question.deleteFailed')),
  });
  const retag = trpc.admin.questions.retag.useMutation({
    onSuccess: async (_result, { difficulty }) => {
      setStatus(t('questions.retagged', { difficulty: difficultyName(difficulty) }));
      await utils.admin.questions.list.invalidate();
    },
    onError: () => setStatus(t('questions.retagFailed')),
  });
  const difficultyName = (difficulty: number) => t(`difficulties.${difficulty}`).toLocaleLowerCase();
  const viewHint = view === 'byText' ? '' : t(`questions.viewHints.${view}`, { min: MIN_ANSWERS_TO_JUDGE });

  return (
    <section className="card" aria-labelledby="questions-title">
      <h1 id="questions-title">{t('questions.title')}</h1>
      <div className="admin-filters">
        <CategorySelect
          label={t('questions.categoryFilter')}
          noneLabel={t('questions.allCategories')}
          value={categoryId}
          onChange={setCategoryId}
        />
        <label className="field" htmlFor={searchId}>
          <span>{t('questions.search')}</span>
          <input
            id={searchId}
            type="search"
            value={typed}
            maxLength={SEARCH_MAX}
            onChange={(event) => setTyped(event.target.value)}
            aria-describedby={hintId}
          />
          <small id={hintId} className="muted">
            {t('questions.searchHint')}
          </small>
        </label>
        <label className="field" htmlFor={viewId}>
          <span>{t('questions.view')}</span>
          <select
            id={viewId}
            value={view}
            disabled={searching}
            onChange={(event) => setView(event.target.value as QuestionView)}
            aria-describedby={viewHint ? viewHintId : undefined}
          >
            {QUESTION_VIEWS.map((option) => (
              <option key={option} value={option}>
                {t(`questions.views.${option}`)}
              </option>
            ))}
          </select>
          {viewHint && (
            <small id={viewHintId} className="muted">
              {viewHint}
            </small>
          )}
        </label>
      </div>
      {categoriesFailed && (
        <p className="form-error" role="alert">
          {t('errors:category.fetchFailed')}
        </p>
      )}
      {list.isError && (
        <p className="form-error" role="alert">
          {rows.length === 0 ? t('errors:question.initialLoadFailed') : t('errors:question.fetchFailed')}
        </p>
      )}
      <p className="visually-hidden" role="status">
        {status || (list.isSuccess ? t('questions.shown', { count: rows.length }) : '')}
      </p>
      {list.isLoading && <p className="muted">{t('questions.loading')}</p>}
      {list.isSuccess && rows.length === 0 && <p className="muted">{t('questions.empty')}</p>}
      <ul className="question-rows">
        {rows.map((row) => (
          <li key={row.id} className="question-row">
            <div className="question-row-text">
              <p lang="en">{row.questionEn}</p>
              {row.questionVi && (
                <p className="muted" lang="vi">
                  {row.questionVi}
                </p>
              )}
              <p className="question-row-meta">
                {nameOf(row.categoryId)} · {t(`ages.${row.ageCategory}`)} · {t(`difficulties.${row.difficulty}`)}
                {row.imageUrl && <> · {t('questions.hasImage')}</>}
              </p>
              <PlayLine row={row} difficultyName={difficultyName} />
            </div>
            <div className="question-row-actions">
              <RetagButton
                row={row}
                difficultyName={difficultyName}
                busy={retag.isPending}
                onRetag={(difficulty) => retag.mutate({ questionId: row.id, difficulty })}
              />
              <Link
                className="button"
                href={inAdmin(editQuestionPath(row.id))}
                aria-label={t('questions.editLabel', { question: row.questionEn })}
              >
                {t('questions.edit')}
              </Link>
              <button
                type="button"
                className="button button-danger-outline"
                aria-label={t('questions.deleteLabel', { question: row.questionEn })}
                onClick={() => {
                  setDeleteError(null);
                  setDeleting(row);
                }}
              >
                {t('questions.delete')}
              </button>
            </div>
          </li>
        ))}
      </ul>
      {view === 'needsLook' && !searching && rows.length >= NEEDS_LOOK_LIMIT && (
        <p className="muted">{t('questions.lookLimit', { count: rows.length })}</p>
      )}
      {list.hasNextPage && (
        <button
          type="button"
          className="button"
          disabled={list.isFetchingNextPage}
          onClick={() => void list.fetchNextPage()}
        >
          {list.isFetchingNextPage ? t('questions.loading') : t('questions.loadMore')}
        </button>
      )}
      <div className="export">
        <p className="muted">{t('questions.exportHint')}</p>
        <div className="form-actions">
          {EXPORT_FORMATS.map(([format, label]) => (
            <a
              key={format}
              className={format === 'zip' ? 'button button-primary' : 'button'}
              download
              href={`/api/admin/questions/export?format=${format}${categoryId ? `&categoryId=${categoryId}` : ''}`}
            >
              {t(label)}
            </a>
          ))}
        </div>
      </div>
      {deleting && (
        <ConfirmDialog
          message={t('questions.confirmDelete')}
          confirmLabel={t('questions.confirmDeleteYes')}
          busy={remove.isPending}
          error={deleteError}
          onConfirm={() => remove.mutate({ questionId: deleting.id })}
          onCancel={() => setDeleting(null)}
        />
      )}
    </section>
  );
}

type DifficultyName = (difficulty: number) => string;

/** What play says of a question: answers by its age group, the share right, and a tag play contradicts. */
function PlayLine({ row, difficultyName }: { row: Row; difficultyName: DifficultyName }) {
  const { t } = useTranslation('admin');
  const suggested = suggestedDifficulty(row.difficulty, row.answered, row.answeredRight);
  const parts = [
    row.answered === 0
      ? t('questions.notPlayed')
      : `${t('questions.plays', { count: row.answered, age: t(`ages.${row.ageCategory}`).toLocaleLowerCase() })}, ${t(
          'questions.rightShare',
          { percent: Math.round((100 * row.answeredRight) / row.answered) },
        )}`,
  ];
  if (row.reports > 0) parts.push(t('questions.reports', { count: row.reports }));
  return (
    <p className="question-row-meta">
      {parts.join(' · ')}
      {suggested !== null && (
        <strong className="play-warning">
          {' · '}
          {t('questions.playsAs', { played: difficultyName(suggested), tagged: difficultyName(row.difficulty) })}
        </strong>
      )}
    </p>
  );
}

/** Retags a question as play suggests, in one click (shown only where play contradicts its tag). */
function RetagButton(props: {
  row: Row;
  difficultyName: DifficultyName;
  busy: boolean;
  onRetag: (difficulty: number) => void;
}) {
  const { t } = useTranslation('admin');
  const suggested = suggestedDifficulty(props.row.difficulty, props.row.answered, props.row.answeredRight);
  if (suggested === null) return null;
  const difficulty = props.difficultyName(suggested);
  return (
    <button
      type="button"
      className="button"
      disabled={props.busy}
      aria-label={t('questions.retagLabel', { difficulty, question: props.row.questionEn })}
      onClick={() => props.onRetag(suggested)}
    >
      {t('questions.retag', { difficulty })}
    </button>
  );
}

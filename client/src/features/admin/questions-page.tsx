import { useDeferredValue, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MIN_ANSWERS_TO_JUDGE } from '#shared/play-stats.ts';
import {
  NEEDS_LOOK_LIMIT,
  QUESTION_VIEWS,
  type QuestionView,
  SEARCH_MAX,
  SEARCH_MIN_CHARS,
} from '#shared/schemas/admin.ts';
import { foldForSearch } from '#shared/text.ts';
import { currentLanguage } from '../../lib/i18n';
import { trpc } from '../../lib/trpc';
import { useParentLock } from '../parent-lock/use-parent-lock';
import { CategorySelect } from './category-select';
import { MoveQuestions } from './move-questions';
import { QuestionRow } from './question-row';
import { useCategories } from './use-category-names';

/** The zip carries the pictures too; CSV and JSON the texts only. */
const EXPORT_FORMATS = [
  ['zip', 'questions.exportZip'],
  ['csv', 'questions.exportCsv'],
  ['json', 'questions.exportJson'],
] as const;

/**
 * Spec §2 /admin/questions: a category filter, a search box, Edit per row and Load More (50 a
 * page); the total the filter matches; moving selected questions to another category (issue 19).
 */
export default function QuestionsPage() {
  const { t, i18n } = useTranslation(['admin', 'errors']);
  const { requireUnlock } = useParentLock();
  const { nameOf, isError: categoriesFailed } = useCategories();
  const [categoryId, setCategoryId] = useState<number | null>(null);
  const [view, setView] = useState<QuestionView>('byText');
  const [typed, setTyped] = useState('');
  const search = useDeferredValue(typed.trim());
  // As the server counts: folded (spaces collapsed, accents aside), so both agree on what is too short.
  const searchLength = [...foldForSearch(search)].length;
  const searching = searchLength >= SEARCH_MIN_CHARS;
  const tooShort = searchLength > 0 && !searching;
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [status, setStatus] = useState('');
  const [notice, setNotice] = useState('');
  const utils = trpc.useUtils();
  const searchRef = useRef<HTMLInputElement>(null);
  const deleteButtons = useRef(new Map<number, HTMLButtonElement>());
  const searchId = useId();
  const hintId = useId();
  const tooShortId = useId();
  const viewId = useId();
  const viewHintId = useId();

  const filter = { categoryId, search: searching ? search : '', view };
  const list = trpc.admin.questions.list.useInfiniteQuery(filter, {
    getNextPageParam: (page) => page.nextCursor,
    initialCursor: null,
    staleTime: 0,
    enabled: !tooShort,
  });
  const total = trpc.admin.questions.count.useQuery(filter, { staleTime: 0, enabled: !tooShort });
  const rows = tooShort ? [] : (list.data?.pages.flatMap((page) => page.items) ?? []);
  const selectedIds = rows.filter((row) => selected.has(row.id)).map((row) => row.id);
  const refresh = () =>
    Promise.all([
      utils.admin.questions.list.invalidate(),
      utils.admin.questions.count.invalidate(),
      utils.admin.overview.invalidate(),
    ]);
  const retag = trpc.admin.questions.retag.useMutation({
    onSuccess: async (_result, { difficulty }) => {
      setStatus(t('questions.retagged', { difficulty: difficultyName(difficulty) }));
      await refresh();
    },
    onError: () => setStatus(t('questions.retagFailed')),
  });
  const difficultyName = (difficulty: number) => t(`difficulties.${difficulty}`).toLocaleLowerCase();
  const viewHint = searching
    ? t('questions.viewDuringSearch')
    : view === 'byText'
      ? ''
      : t(`questions.viewHints.${view}`, { min: MIN_ANSWERS_TO_JUDGE });
  const number = new Intl.NumberFormat(i18n.resolvedLanguage);

  /** A new action: the last one's messages go; a new list (filter, search, view) starts unselected. */
  function act(newList = false) {
    setNotice('');
    setStatus('');
    if (newList) setSelected(new Set());
  }

  function select(ids: number[], on: boolean) {
    act();
    setSelected((before) => {
      const after = new Set(before);
      for (const id of ids) {
        if (on) after.add(id);
        else after.delete(id);
      }
      return after;
    });
  }

  /** After a deletion, focus goes to the next row's Delete (or the one before, or the search box). */
  async function deleted(index: number) {
    const neighbour = rows[index + 1] ?? rows[index - 1];
    setStatus(t('questions.deleted'));
    await refresh();
    const next = neighbour ? deleteButtons.current.get(neighbour.id) : undefined;
    if (next) next.focus();
    else searchRef.current?.focus();
  }

  return (
    <section className="card" aria-labelledby="questions-title">
      <h1 id="questions-title">{t('questions.title')}</h1>
      <div className="admin-filters">
        <CategorySelect
          label={t('questions.categoryFilter')}
          noneLabel={t('questions.allCategories')}
          value={categoryId}
          onChange={(chosen) => {
            act(true);
            setCategoryId(chosen);
          }}
        />
        <label className="field" htmlFor={searchId}>
          <span>{t('questions.search')}</span>
          <input
            ref={searchRef}
            id={searchId}
            type="search"
            value={typed}
            maxLength={SEARCH_MAX}
            onChange={(event) => {
              act(true);
              setTyped(event.target.value);
            }}
            aria-describedby={tooShort ? `${tooShortId} ${hintId}` : hintId}
          />
          <small id={hintId} className="muted">
            {t('questions.searchHint')}
          </small>
          {/* Always there, so the note is announced when it appears (a live region must exist first). */}
          <small id={tooShortId} className="search-note" role="status">
            {tooShort ? t('questions.searchTooShort') : ''}
          </small>
        </label>
        <label className="field" htmlFor={viewId}>
          <span>{t('questions.view')}</span>
          <select
            id={viewId}
            value={view}
            disabled={searching}
            onChange={(event) => {
              act(true);
              setView(event.target.value as QuestionView);
            }}
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
      <MoveQuestions
        shownIds={rows.map((row) => row.id)}
        selectedIds={selectedIds}
        onSelectAllShown={(on) => select(on ? rows.map((row) => row.id) : [...selected], on)}
        notice={notice}
        onNotice={setNotice}
        onMoved={async () => {
          setSelected(new Set());
          await Promise.all([refresh(), utils.categories.list.invalidate()]);
        }}
      />
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
        {status}
      </p>
      {/* "50 of 1,832" (or "of more than 10,000"): what is listed of all the filter matches, announced when it changes. */}
      <p className="list-total" role="status">
        {!tooShort && list.isSuccess && total.isSuccess
          ? total.data.total === null
            ? t('questions.totalUncounted', { shown: number.format(rows.length) })
            : t(total.data.more ? 'questions.totalMore' : 'questions.total', {
                count: total.data.total,
                shown: number.format(rows.length),
                total: number.format(total.data.total),
              })
          : ''}
      </p>
      {list.isLoading && !tooShort && <p className="muted">{t('questions.loading')}</p>}
      {list.isSuccess && !tooShort && rows.length === 0 && <p className="muted">{t('questions.empty')}</p>}
      {/* Busy while a new filter or search is asked: its rows are not there yet. */}
      <ul className="question-rows" aria-busy={list.isFetching || undefined}>
        {rows.map((row, index) => (
          <QuestionRow
            key={row.id}
            row={row}
            categoryName={nameOf(row.categoryId)}
            difficultyName={difficultyName}
            selected={selected.has(row.id)}
            onSelectedChange={(on) => select([row.id], on)}
            retagBusy={retag.isPending}
            onRetag={(difficulty) => {
              act();
              retag.mutate({ questionId: row.id, difficulty });
            }}
            onAction={() => act()}
            onDeleted={() => deleted(index)}
            deleteButtonRef={(node) => {
              if (node) deleteButtons.current.set(row.id, node);
              else deleteButtons.current.delete(row.id);
            }}
          />
        ))}
      </ul>
      {view === 'needsLook' && !searching && rows.length >= NEEDS_LOOK_LIMIT && (
        <p className="muted">{t('questions.lookLimit', { count: rows.length })}</p>
      )}
      {list.hasNextPage && !tooShort && (
        <button
          type="button"
          className="button"
          disabled={list.isFetchingNextPage}
          onClick={() => {
            act();
            void list.fetchNextPage();
          }}
        >
          {list.isFetchingNextPage ? t('questions.loading') : t('questions.loadMore')}
        </button>
      )}
      <div className="export">
        <p className="muted">{t('questions.exportHint')}</p>
        <div className="form-actions">
          {EXPORT_FORMATS.map(([format, label]) => {
            const href = `/api/admin/questions/export?format=${format}${categoryId ? `&categoryId=${categoryId}` : ''}&lang=${currentLanguage()}`;
            return (
              <a
                key={format}
                className={format === 'zip' ? 'button button-primary' : 'button'}
                download
                href={href}
                onClick={(event) => {
                  // A download the server refuses is cancelled without a word: the lock is checked first.
                  event.preventDefault();
                  requireUnlock(() => window.location.assign(href));
                }}
              >
                {t(label)}
              </a>
            );
          })}
        </div>
      </div>
    </section>
  );
}

import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MOVE_MAX } from '#shared/schemas/admin.ts';
import { errorCodeOf, errorKeyOf } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { CategorySelect } from './category-select';
import { useCategories } from './use-category-names';

type Props = {
  /** The questions listed (every page loaded), and those of them selected. */
  shownIds: number[];
  selectedIds: number[];
  onSelectAllShown: (selected: boolean) => void;
  /** A message from the last move, until the next action. */
  notice: string;
  onNotice: (notice: string) => void;
  onMoved: () => Promise<unknown>;
};

/**
 * Moves the selected questions to another category in one step (issue 19: a category can be
 * emptied, then deleted). "Select all shown" takes every row loaded, Load More's pages included.
 */
export function MoveQuestions({ shownIds, selectedIds, onSelectAllShown, notice, onNotice, onMoved }: Props) {
  const { t } = useTranslation(['admin', 'errors']);
  const { nameOf } = useCategories();
  const [target, setTarget] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const hintId = useId();
  const noticeRef = useRef<HTMLParagraphElement>(null);
  const move = trpc.admin.questions.move.useMutation({
    onSuccess: async ({ moved }, { categoryId }) => {
      onNotice(t('questions.moved', { count: moved, category: nameOf(categoryId) }));
      await onMoved();
      // Move is disabled now (nothing selected): the keyboard goes on from what happened.
      noticeRef.current?.focus();
    },
    // A category or question gone since the list was loaded says so; anything else, that nothing changed.
    onError: (caught) =>
      setError(
        errorCodeOf(caught) === 'NOT_FOUND' ? t(errorKeyOf(caught, 'questions.moveFailed')) : t('questions.moveFailed'),
      ),
  });
  const allSelected = shownIds.length > 0 && selectedIds.length === shownIds.length;
  const tooMany = selectedIds.length > MOVE_MAX;

  return (
    <fieldset className="move-questions" aria-describedby={hintId}>
      <legend>{t('questions.moveLegend')}</legend>
      <p id={hintId} className="muted">
        {t('questions.moveHint')}
      </p>
      <div className="move-questions-controls">
        <label className="checkbox-field">
          <input
            type="checkbox"
            checked={allSelected}
            disabled={shownIds.length === 0}
            ref={(node) => {
              if (node) node.indeterminate = selectedIds.length > 0 && !allSelected;
            }}
            onChange={(event) => {
              setError(null);
              onSelectAllShown(event.target.checked);
            }}
          />
          <span>{t('questions.selectAllShown')}</span>
        </label>
        <span className="muted move-questions-count">{t('questions.selected', { count: selectedIds.length })}</span>
        <CategorySelect
          label={t('questions.moveTo')}
          noneLabel={t('questions.moveChoose')}
          name="moveTo"
          value={target}
          onChange={(categoryId) => {
            setError(null);
            onNotice('');
            setTarget(categoryId);
          }}
        />
        <button
          type="button"
          className="button"
          disabled={selectedIds.length === 0 || target === null || tooMany || move.isPending}
          onClick={() => {
            setError(null);
            onNotice('');
            if (target !== null) move.mutate({ questionIds: selectedIds, categoryId: target });
          }}
        >
          {t('questions.move')}
        </button>
      </div>
      {(error || tooMany) && (
        <p className="form-error" role="alert">
          {error ?? t('questions.moveTooMany', { max: MOVE_MAX })}
        </p>
      )}
      <p className="form-success" role="status" tabIndex={-1} ref={noticeRef}>
        {notice}
      </p>
    </fieldset>
  );
}

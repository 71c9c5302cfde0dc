import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { suggestedDifficulty } from '#shared/play-stats.ts';
import { editQuestionPath } from '#shared/routes.ts';
import { type RouterOutputs, trpc } from '../../lib/trpc';
import { inAdmin } from './in-admin';
import { quoted } from './quoted';

export type QuestionRowItem = RouterOutputs['admin']['questions']['list']['items'][number];
type DifficultyName = (difficulty: number) => string;

type Props = {
  row: QuestionRowItem;
  categoryName: string;
  difficultyName: DifficultyName;
  selected: boolean;
  onSelectedChange: (selected: boolean) => void;
  retagBusy: boolean;
  onRetag: (difficulty: number) => void;
  /** Any action on the row (a message from the one before goes away). */
  onAction: () => void;
  /** After the server deleted it. */
  onDeleted: () => void;
  /** Its Delete button, for the page to move focus to after another row's deletion. */
  deleteButtonRef: (node: HTMLButtonElement | null) => void;
};

/**
 * A row of Manage Questions: a box to select it (to move it), its texts, what play says, and its
 * actions. Delete asks inside the row, naming the question, so the row stays in view while asked.
 */
export function QuestionRow(props: Props) {
  const { row } = props;
  const { t } = useTranslation(['admin', 'errors']);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const messageId = useId();
  const deleteRef = useRef<HTMLButtonElement | null>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const remove = trpc.admin.questions.remove.useMutation({
    onSuccess: () => props.onDeleted(),
    onError: () => setError(t('errors:question.deleteFailed')),
  });

  useEffect(() => {
    // The confirmation opens on its safe choice.
    if (confirming) cancelRef.current?.focus();
  }, [confirming]);

  function cancel() {
    setConfirming(false);
    deleteRef.current?.focus();
  }

  return (
    <li className="question-row">
      <input
        type="checkbox"
        className="question-row-select"
        checked={props.selected}
        onChange={(event) => props.onSelectedChange(event.target.checked)}
        aria-label={t('questions.select', { question: row.questionEn })}
      />
      <div className="question-row-text">
        <p lang="en">{row.questionEn}</p>
        {row.questionVi && (
          <p className="muted" lang="vi">
            {row.questionVi}
          </p>
        )}
        <p className="question-row-meta">
          {props.categoryName} · {t(`ages.${row.ageCategory}`)} · {t(`difficulties.${row.difficulty}`)}
          {row.imageUrl && <> · {t('questions.hasImage')}</>}
        </p>
        <PlayLine row={row} difficultyName={props.difficultyName} />
      </div>
      <div className="question-row-actions">
        <RetagButton row={row} difficultyName={props.difficultyName} busy={props.retagBusy} onRetag={props.onRetag} />
        <Link
          className="button"
          href={inAdmin(editQuestionPath(row.id))}
          aria-label={t('questions.editLabel', { question: row.questionEn })}
        >
          {t('questions.edit')}
        </Link>
        <button
          ref={(node) => {
            deleteRef.current = node;
            props.deleteButtonRef(node);
          }}
          type="button"
          className="button button-danger-outline"
          aria-label={t('questions.deleteLabel', { question: row.questionEn })}
          aria-expanded={confirming}
          onClick={() => {
            props.onAction();
            setError(null);
            setConfirming(true);
          }}
        >
          {t('questions.delete')}
        </button>
      </div>
      {confirming && (
        <fieldset
          className="inline-confirm"
          aria-labelledby={messageId}
          onKeyDown={(event) => {
            if (event.key === 'Escape') cancel();
          }}
        >
          <p id={messageId}>{t('questions.confirmDelete', { question: quoted(row.questionEn) })}</p>
          {error && (
            <p className="form-error" role="alert">
              {error}
            </p>
          )}
          <div className="form-actions">
            <button ref={cancelRef} type="button" className="button" onClick={cancel}>
              {t('common:cancel')}
            </button>
            <button
              type="button"
              className="button button-danger"
              disabled={remove.isPending}
              onClick={() => remove.mutate({ questionId: row.id })}
            >
              {t('questions.confirmDeleteYes')}
            </button>
          </div>
        </fieldset>
      )}
    </li>
  );
}

/** What play says of a question: answers by its age group, the share right, and a tag play contradicts. */
function PlayLine({ row, difficultyName }: { row: QuestionRowItem; difficultyName: DifficultyName }) {
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
  row: QuestionRowItem;
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

import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { updateCategoryInput } from '#shared/schemas/admin.ts';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { checkForm, useFocusFirstInvalid } from '../../components/field-errors';
import { trpc } from '../../lib/trpc';
import { type CategoryMessage, CategoryNameFields, MessageLine, type NameField, useRefusal } from './category-fields';
import type { Actions } from './latest-action';
import type { NamedCategory } from './use-category-names';

/** One category: its names with Edit and Delete, or its inline editor (spec §4: view or edit, with Save and Cancel). */
export function CategoryRow({
  category,
  questionCount,
  actions,
  onDeleted,
}: {
  category: NamedCategory;
  /** How many questions it holds (only an empty one can be deleted); undefined while unknown. */
  questionCount: number | undefined;
  actions: Actions;
  onDeleted: (action: number) => void;
}) {
  const { t } = useTranslation(['admin', 'errors']);
  const utils = trpc.useUtils();
  const refusal = useRefusal();
  const [editing, setEditing] = useState(false);
  const [names, setNames] = useState({ nameEn: category.name_en, nameVi: category.name_vi });
  const [message, setMessage] = useState<CategoryMessage | null>(null);
  const [confirming, setConfirming] = useState(false);
  const { containerRef: formRef, focusFirstInvalid } = useFocusFirstInvalid();
  const editButtonRef = useRef<HTMLButtonElement>(null);
  /** Where focus goes when the row changes between view and edit: never left on <body>. */
  const focusNext = useRef<'editor' | 'edit-button' | 'delete-button' | null>(null);
  const deleteButtonRef = useRef<HTMLButtonElement>(null);
  const messageId = useId();
  const shown = message && actions.isLatest(message.action) ? message : null;
  const refresh = () => Promise.all([utils.categories.list.invalidate(), utils.admin.overview.invalidate()]);

  /** Saved under a new name: the list re-sorts, and a row moved in the document loses its focus. */
  const renamed = useRef(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the row turns between view and edit.
  useEffect(() => {
    if (focusNext.current === 'editor') formRef.current?.querySelector('input')?.focus();
    if (focusNext.current === 'edit-button') editButtonRef.current?.focus();
    if (focusNext.current === 'delete-button') deleteButtonRef.current?.focus();
    focusNext.current = null;
  }, [editing, confirming, formRef]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the names change (the row may have moved).
  useEffect(() => {
    if (renamed.current && (document.activeElement === document.body || !document.activeElement)) {
      editButtonRef.current?.focus();
    }
    renamed.current = false;
  }, [category.name_en, category.name_vi]);

  const update = trpc.admin.categories.update.useMutation({
    onSuccess: async (_, __, action = 0) => {
      setMessage({ tone: 'success', text: t('categories.updated'), fields: [], action });
      renamed.current = true;
      focusNext.current = 'edit-button';
      setEditing(false);
      await refresh();
    },
    onError: (caught, _, action = 0) => {
      setMessage(refusal(caught, 'errors:category.updateFailed', action));
      focusFirstInvalid();
    },
    onMutate: () => actions.begin(),
  });
  const remove = trpc.admin.categories.remove.useMutation({
    onMutate: () => actions.begin(),
    onSuccess: async (_, __, action = 0) => {
      setConfirming(false);
      onDeleted(action);
      await refresh();
    },
    // Refused (questions still in it): the dialog has nothing left to ask; the row says why.
    onError: (caught, _, action = 0) => {
      setMessage(refusal(caught, 'errors:category.deleteFailed', action));
      focusNext.current = 'delete-button';
      setConfirming(false);
    },
  });

  function startEditing() {
    actions.begin();
    setNames({ nameEn: category.name_en, nameVi: category.name_vi });
    focusNext.current = 'editor';
    setEditing(true);
  }

  function cancelEditing() {
    actions.begin();
    focusNext.current = 'edit-button';
    setEditing(false);
  }

  function save(event: FormEvent) {
    event.preventDefault();
    const parsed = checkForm(
      updateCategoryInput,
      { categoryId: category.id, ...names },
      'errors:category.namesRequiredForUpdate',
    );
    if (!parsed.ok) {
      const action = actions.begin();
      const { message, fields } = parsed.problem;
      setMessage({ tone: 'error', text: t(message), fields: fields as NameField[], action });
      return focusFirstInvalid();
    }
    update.mutate(parsed.data);
  }

  return (
    <li className="category-row">
      {editing ? (
        <form className="category-edit" onSubmit={save} noValidate ref={formRef}>
          <CategoryNameFields
            nameEn={names.nameEn}
            nameVi={names.nameVi}
            onChange={(field, value) => setNames((current) => ({ ...current, [field]: value }))}
            onMend={() => setMessage(null)}
            message={shown}
            messageId={messageId}
          />
          <div className="form-actions">
            <button type="button" className="button" onClick={cancelEditing}>
              {t('categories.cancel')}
            </button>
            <button type="submit" className="button button-primary" disabled={update.isPending}>
              {t('categories.save')}
            </button>
          </div>
        </form>
      ) : (
        <div className="category-view">
          <p>
            <span lang="en">{category.name_en}</span> · <span lang="vi">{category.name_vi}</span>
            {questionCount !== undefined && (
              <span className="muted category-count"> — {t('categories.questionCount', { count: questionCount })}</span>
            )}
          </p>
          <div className="form-actions">
            <button
              type="button"
              className="button"
              ref={editButtonRef}
              aria-label={t('categories.editLabel', { name: category.name })}
              onClick={startEditing}
            >
              {t('categories.edit')}
            </button>
            <button
              type="button"
              className="button button-danger-outline"
              ref={deleteButtonRef}
              aria-label={t('categories.deleteLabel', { name: category.name })}
              onClick={() => {
                actions.begin();
                setConfirming(true);
              }}
            >
              {t('categories.delete')}
            </button>
          </div>
        </div>
      )}
      {shown && !confirming && <MessageLine message={shown} id={messageId} />}
      {confirming && (
        <ConfirmDialog
          message={t('categories.confirmDelete')}
          confirmLabel={t('categories.confirmDeleteYes')}
          busy={remove.isPending}
          onConfirm={() => remove.mutate({ categoryId: category.id })}
          onCancel={() => {
            // The refusal answered this dialog; it does not outlive it.
            actions.begin();
            setConfirming(false);
          }}
        />
      )}
    </li>
  );
}

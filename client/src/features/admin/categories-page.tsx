import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CATEGORY_NAME_MAX, createCategoryInput, updateCategoryInput } from '../../../../shared/schemas/admin';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { invalidFieldProps, useFocusFirstInvalid } from '../../components/field-errors';
import { errorCodeOf, errorKeyOf, errorParamsOf } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { type NamedCategory, useCategories } from './use-category-names';

type Category = NamedCategory;
type NameField = 'nameEn' | 'nameVi';

/**
 * What the page says after an action: a success, or a refusal with the name fields it is about.
 * `action` is the number of the action it answers: a message shows only while no later action has
 * begun anywhere on the page (an add, an Edit, a Save, a Cancel, a Delete and its answer).
 */
type Message = { tone: 'success' | 'error'; text: string; fields: NameField[]; action: number };

/** Numbers each action on the page; a message belongs to one and goes when the next begins. */
function useLatestAction() {
  const latest = useRef(0);
  const [, setShown] = useState(0);
  return {
    begin: () => {
      latest.current += 1;
      setShown(latest.current);
      return latest.current;
    },
    isLatest: (action: number) => action === latest.current,
  };
}
type Actions = ReturnType<typeof useLatestAction>;

/** The message for a refused category write: the server's own (a duplicate, questions left), else `fallback`. */
function useRefusal() {
  const { t } = useTranslation(['admin', 'errors']);
  return (caught: unknown, fallback: string, action: number): Message => {
    const code = errorCodeOf(caught);
    return {
      tone: 'error',
      text:
        code === 'CONFLICT' || code === 'BAD_REQUEST'
          ? t(errorKeyOf(caught, fallback), errorParamsOf(caught))
          : t(fallback),
      // A duplicate is about the names typed.
      fields: code === 'CONFLICT' ? ['nameEn', 'nameVi'] : [],
      action,
    };
  };
}

/** The two names, each marked invalid while the shown message is about it. */
function CategoryNameFields({
  nameEn,
  nameVi,
  onChange,
  message,
  messageId,
  withNames = false,
}: {
  nameEn: string;
  nameVi: string;
  onChange: (field: NameField, value: string) => void;
  message: Message | null;
  messageId: string;
  /** The add form's fields carry names (for the browser's autofill and the tests). */
  withNames?: boolean;
}) {
  const { t } = useTranslation('admin');
  const field = (name: NameField, value: string, lang: 'en' | 'vi') => (
    <label className="field">
      <span>{t(name === 'nameEn' ? 'categories.nameEn' : 'categories.nameVi')}</span>
      <input
        name={withNames ? name : undefined}
        lang={lang}
        maxLength={CATEGORY_NAME_MAX}
        value={value}
        onChange={(event) => onChange(name, event.target.value)}
        {...invalidFieldProps(message?.fields.includes(name) ? messageId : null)}
      />
    </label>
  );
  return (
    <>
      {field('nameEn', nameEn, 'en')}
      {field('nameVi', nameVi, 'vi')}
    </>
  );
}

function MessageLine({ message, id }: { message: Message | null; id: string }) {
  return message?.tone === 'error' ? (
    <p className="form-error" role="alert" id={id}>
      {message.text}
    </p>
  ) : (
    <p className="form-success" role="status" id={id}>
      {message?.text}
    </p>
  );
}

function CategoryRow({
  category,
  actions,
  onDeleted,
}: {
  category: Category;
  actions: Actions;
  onDeleted: (action: number) => void;
}) {
  const { t } = useTranslation(['admin', 'errors']);
  const utils = trpc.useUtils();
  const refusal = useRefusal();
  const [editing, setEditing] = useState(false);
  const [names, setNames] = useState({ nameEn: category.name_en, nameVi: category.name_vi });
  const [message, setMessage] = useState<Message | null>(null);
  const [confirming, setConfirming] = useState(false);
  const { containerRef: formRef, focusFirstInvalid } = useFocusFirstInvalid();
  const editButtonRef = useRef<HTMLButtonElement>(null);
  /** Where focus goes when the row changes between view and edit: never left on <body>. */
  const focusNext = useRef<'editor' | 'edit-button' | null>(null);
  const messageId = useId();
  const shown = message && actions.isLatest(message.action) ? message : null;
  const refresh = () => Promise.all([utils.categories.list.invalidate(), utils.admin.overview.invalidate()]);

  /** Saved under a new name: the list re-sorts, and a row moved in the document loses its focus. */
  const renamed = useRef(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the row turns between view and edit.
  useEffect(() => {
    if (focusNext.current === 'editor') formRef.current?.querySelector('input')?.focus();
    if (focusNext.current === 'edit-button') editButtonRef.current?.focus();
    focusNext.current = null;
  }, [editing, formRef]);
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
    onError: (caught, _, action = 0) => setMessage(refusal(caught, 'errors:category.deleteFailed', action)),
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
    const parsed = updateCategoryInput.safeParse({ categoryId: category.id, ...names });
    if (!parsed.success) {
      const action = actions.begin();
      const text = t(parsed.error.issues[0]?.message ?? 'errors:category.namesRequiredForUpdate');
      const fields = parsed.error.issues.map((issue) => issue.path[0] as NameField);
      setMessage({ tone: 'error', text, fields, action });
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
          error={shown?.tone === 'error' ? shown.text : null}
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

/**
 * Spec §2 /admin/categories: add, inline edit (Save, Cancel) and delete after a confirmation.
 * One message at a time: each action's outcome replaces whatever an earlier one said.
 */
export default function CategoriesPage() {
  const { t } = useTranslation(['admin', 'errors']);
  const { categories, isError, isLoading } = useCategories();
  const utils = trpc.useUtils();
  const refusal = useRefusal();
  const actions = useLatestAction();
  const [names, setNames] = useState({ nameEn: '', nameVi: '' });
  const [message, setMessage] = useState<Message | null>(null);
  const { containerRef: formRef, focusFirstInvalid } = useFocusFirstInvalid();
  const listTitleRef = useRef<HTMLHeadingElement>(null);
  const messageId = useId();
  const shown = message && actions.isLatest(message.action) ? message : null;
  const create = trpc.admin.categories.create.useMutation({
    onMutate: () => actions.begin(),
    onSuccess: async (_, __, action = 0) => {
      setNames({ nameEn: '', nameVi: '' });
      setMessage({ tone: 'success', text: t('categories.added'), fields: [], action });
      await Promise.all([utils.categories.list.invalidate(), utils.admin.overview.invalidate()]);
    },
    onError: (caught, _, action = 0) => {
      setMessage(refusal(caught, 'errors:category.addFailed', action));
      focusFirstInvalid();
    },
  });

  function add(event: FormEvent) {
    event.preventDefault();
    const parsed = createCategoryInput.safeParse(names);
    if (!parsed.success) {
      const action = actions.begin();
      const text = t(parsed.error.issues[0]?.message ?? 'errors:category.namesRequired');
      const fields = parsed.error.issues.map((issue) => issue.path[0] as NameField);
      setMessage({ tone: 'error', text, fields, action });
      return focusFirstInvalid();
    }
    create.mutate(parsed.data);
  }

  return (
    <div className="admin-stack">
      <section className="card" aria-labelledby="add-category-title">
        <h1>{t('categories.title')}</h1>
        <h2 id="add-category-title">{t('categories.addTitle')}</h2>
        <form className="category-add" onSubmit={add} noValidate ref={formRef}>
          <CategoryNameFields
            nameEn={names.nameEn}
            nameVi={names.nameVi}
            onChange={(field, value) => setNames((current) => ({ ...current, [field]: value }))}
            message={shown}
            messageId={messageId}
            withNames
          />
          <MessageLine message={shown} id={messageId} />
          <button type="submit" className="button button-primary" disabled={create.isPending}>
            {create.isPending ? t('categories.adding') : t('categories.add')}
          </button>
        </form>
      </section>
      <section className="card" aria-labelledby="category-list-title">
        <h2 id="category-list-title" ref={listTitleRef} tabIndex={-1}>
          {t('categories.listTitle')}
        </h2>
        {isError && (
          <p className="form-error" role="alert">
            {t('errors:category.fetchFailed')}
          </p>
        )}
        {!isLoading && !isError && categories.length === 0 && <p className="muted">{t('categories.empty')}</p>}
        <ul className="category-list">
          {categories.map((category) => (
            <CategoryRow
              key={category.id}
              category={category}
              actions={actions}
              onDeleted={(action) => {
                setMessage({ tone: 'success', text: t('categories.deleted'), fields: [], action });
                // The row and its buttons are gone: focus to the list it left, not <body>.
                listTitleRef.current?.focus();
              }}
            />
          ))}
        </ul>
      </section>
    </div>
  );
}

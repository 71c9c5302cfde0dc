import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createCategoryInput } from '#shared/schemas/admin.ts';
import { checkForm, useFocusFirstInvalid } from '../../components/field-errors';
import { focusWhenReady } from '../../lib/focus';
import { trpc } from '../../lib/trpc';
import { type CategoryMessage, CategoryNameFields, MessageLine, type NameField, useRefusal } from './category-fields';
import { CategoryRow } from './category-row';
import { useLatestAction } from './latest-action';
import { useCategories } from './use-category-names';

/**
 * Spec §2 /admin/categories: add, inline edit (Save, Cancel) and delete after a confirmation.
 * One message at a time: each action's outcome replaces whatever an earlier one said.
 */
export default function CategoriesPage() {
  const { t } = useTranslation(['admin', 'errors']);
  const { categories, isError, isLoading } = useCategories();
  const overview = trpc.admin.overview.useQuery();
  const countOf = (id: number) => overview.data?.categories.find((category) => category.id === id)?.total;
  const utils = trpc.useUtils();
  const refusal = useRefusal();
  const actions = useLatestAction();
  const [names, setNames] = useState({ nameEn: '', nameVi: '' });
  const [message, setMessage] = useState<CategoryMessage | null>(null);
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
    const parsed = checkForm(createCategoryInput, names, 'errors:category.namesRequired');
    if (!parsed.ok) {
      const action = actions.begin();
      const { message, fields } = parsed.problem;
      setMessage({ tone: 'error', text: t(message), fields: fields as NameField[], action });
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
            onMend={() => setMessage(null)}
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
              questionCount={countOf(category.id)}
              actions={actions}
              onDeleted={(action) => {
                setMessage({ tone: 'success', text: t('categories.deleted'), fields: [], action });
                // The row and its buttons are gone: focus to the list it left, not <body>, once the
                // confirmation (a modal, which holds the focus inside it) has closed.
                focusWhenReady(() => listTitleRef.current);
              }}
            />
          ))}
        </ul>
      </section>
    </div>
  );
}

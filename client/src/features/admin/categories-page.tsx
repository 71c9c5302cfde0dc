import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CATEGORY_NAME_MAX, createCategoryInput, updateCategoryInput } from '../../../../shared/schemas/admin';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { errorCodeOf, errorKeyOf, errorParamsOf } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { type NamedCategory, useCategories } from './use-category-names';

type Category = NamedCategory;

/** The message for a refused category write: the server's own (a duplicate, questions left), else `fallback`. */
function useRefusal() {
  const { t } = useTranslation(['admin', 'errors']);
  return (caught: unknown, fallback: string) => {
    const code = errorCodeOf(caught);
    return code === 'CONFLICT' || code === 'BAD_REQUEST'
      ? t(errorKeyOf(caught, fallback), errorParamsOf(caught))
      : t(fallback);
  };
}

function CategoryRow({ category, onDeleted }: { category: Category; onDeleted: (message: string) => void }) {
  const { t } = useTranslation(['admin', 'errors']);
  const utils = trpc.useUtils();
  const refusal = useRefusal();
  const [editing, setEditing] = useState(false);
  const [nameEn, setNameEn] = useState(category.name_en);
  const [nameVi, setNameVi] = useState(category.name_vi);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const refresh = () => Promise.all([utils.categories.list.invalidate(), utils.admin.overview.invalidate()]);
  const update = trpc.admin.categories.update.useMutation({
    onSuccess: async () => {
      setEditing(false);
      await refresh();
    },
    onError: (caught) => setError(refusal(caught, 'errors:category.updateFailed')),
  });
  const remove = trpc.admin.categories.remove.useMutation({
    onSuccess: async () => {
      setConfirming(false);
      onDeleted(t('categories.deleted'));
      await refresh();
    },
    onError: (caught) => setError(refusal(caught, 'errors:category.deleteFailed')),
  });

  function save(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const parsed = updateCategoryInput.safeParse({ categoryId: category.id, nameEn, nameVi });
    if (!parsed.success)
      return setError(t(parsed.error.issues[0]?.message ?? 'errors:category.namesRequiredForUpdate'));
    update.mutate(parsed.data);
  }

  return (
    <li className="category-row">
      {editing ? (
        <form className="category-edit" onSubmit={save} noValidate>
          <label className="field">
            <span>{t('categories.nameEn')}</span>
            <input
              value={nameEn}
              maxLength={CATEGORY_NAME_MAX}
              onChange={(event) => setNameEn(event.target.value)}
              lang="en"
            />
          </label>
          <label className="field">
            <span>{t('categories.nameVi')}</span>
            <input
              value={nameVi}
              maxLength={CATEGORY_NAME_MAX}
              onChange={(event) => setNameVi(event.target.value)}
              lang="vi"
            />
          </label>
          <div className="form-actions">
            <button
              type="button"
              className="button"
              onClick={() => {
                setEditing(false);
                setNameEn(category.name_en);
                setNameVi(category.name_vi);
                setError(null);
              }}
            >
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
              aria-label={t('categories.editLabel', { name: category.name })}
              onClick={() => setEditing(true)}
            >
              {t('categories.edit')}
            </button>
            <button
              type="button"
              className="button button-danger-outline"
              aria-label={t('categories.deleteLabel', { name: category.name })}
              onClick={() => {
                setError(null);
                setConfirming(true);
              }}
            >
              {t('categories.delete')}
            </button>
          </div>
        </div>
      )}
      {error && !confirming && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {confirming && (
        <ConfirmDialog
          message={t('categories.confirmDelete')}
          confirmLabel={t('categories.confirmDeleteYes')}
          busy={remove.isPending}
          error={error}
          onConfirm={() => remove.mutate({ categoryId: category.id })}
          onCancel={() => setConfirming(false)}
        />
      )}
    </li>
  );
}

/** Spec §2 /admin/categories: add, inline edit (Save, Cancel) and delete after a confirmation. */
export default function CategoriesPage() {
  const { t } = useTranslation(['admin', 'errors']);
  const { categories, isError, isLoading } = useCategories();
  const utils = trpc.useUtils();
  const refusal = useRefusal();
  const [nameEn, setNameEn] = useState('');
  const [nameVi, setNameVi] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const create = trpc.admin.categories.create.useMutation({
    onSuccess: async () => {
      setNameEn('');
      setNameVi('');
      setStatus(t('categories.added'));
      await Promise.all([utils.categories.list.invalidate(), utils.admin.overview.invalidate()]);
    },
    onError: (caught) => setError(refusal(caught, 'errors:category.addFailed')),
  });

  function add(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setStatus(null);
    const parsed = createCategoryInput.safeParse({ nameEn, nameVi });
    if (!parsed.success) return setError(t(parsed.error.issues[0]?.message ?? 'errors:category.namesRequired'));
    create.mutate(parsed.data);
  }

  return (
    <div className="admin-stack">
      <section className="card" aria-labelledby="add-category-title">
        <h1>{t('categories.title')}</h1>
        <h2 id="add-category-title">{t('categories.addTitle')}</h2>
        <form className="category-add" onSubmit={add} noValidate>
          <label className="field">
            <span>{t('categories.nameEn')}</span>
            <input
              name="nameEn"
              lang="en"
              maxLength={CATEGORY_NAME_MAX}
              value={nameEn}
              onChange={(event) => setNameEn(event.target.value)}
            />
          </label>
          <label className="field">
            <span>{t('categories.nameVi')}</span>
            <input
              name="nameVi"
              lang="vi"
              maxLength={CATEGORY_NAME_MAX}
              value={nameVi}
              onChange={(event) => setNameVi(event.target.value)}
            />
          </label>
          {error && (
            <p className="form-error" role="alert">
              {error}
            </p>
          )}
          <p className="form-success" role="status">
            {status}
          </p>
          <button type="submit" className="button button-primary" disabled={create.isPending}>
            {create.isPending ? t('categories.adding') : t('categories.add')}
          </button>
        </form>
      </section>
      <section className="card" aria-labelledby="category-list-title">
        <h2 id="category-list-title">{t('categories.listTitle')}</h2>
        {isError && (
          <p className="form-error" role="alert">
            {t('errors:category.fetchFailed')}
          </p>
        )}
        {!isLoading && !isError && categories.length === 0 && <p className="muted">{t('categories.empty')}</p>}
        <ul className="category-list">
          {categories.map((category) => (
            <CategoryRow key={category.id} category={category} onDeleted={setStatus} />
          ))}
        </ul>
      </section>
    </div>
  );
}

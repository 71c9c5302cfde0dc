import { useTranslation } from 'react-i18next';
import { CATEGORY_NAME_MAX } from '#shared/schemas/admin.ts';
import { invalidFieldProps } from '../../components/field-errors';
import { errorCodeOf, errorKeyOf, errorParamsOf } from '../../lib/errors';

export type NameField = 'nameEn' | 'nameVi';

/**
 * What Manage Categories says after an action: a success, or a refusal with the name fields it is
 * about. `action` is the number of the action it answers (useLatestAction): it shows only while no
 * later action has begun anywhere on the page (an add, an Edit, a Save, a Cancel, a Delete and its answer).
 */
export type CategoryMessage = { tone: 'success' | 'error'; text: string; fields: NameField[]; action: number };

/** The message for a refused category write: the server's own (a duplicate, questions left), else `fallback`. */
export function useRefusal() {
  const { t } = useTranslation(['admin', 'errors']);
  return (caught: unknown, fallback: string, action: number): CategoryMessage => {
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
export function CategoryNameFields({
  nameEn,
  nameVi,
  onChange,
  onMend,
  message,
  messageId,
  withNames = false,
}: {
  nameEn: string;
  nameVi: string;
  onChange: (field: NameField, value: string) => void;
  /** A name typed while a refusal shows: the refusal no longer applies. */
  onMend: () => void;
  message: CategoryMessage | null;
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
        onChange={(event) => {
          onChange(name, event.target.value);
          if (message?.tone === 'error') onMend();
        }}
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

export function MessageLine({ message, id }: { message: CategoryMessage | null; id: string }) {
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

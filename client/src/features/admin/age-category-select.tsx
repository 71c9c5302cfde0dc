import { useTranslation } from 'react-i18next';
import { AGE_CATEGORIES, type AgeCategory } from '#shared/age.ts';

type Props = { label: string; value: AgeCategory; onChange: (ageCategory: AgeCategory) => void };

/** An age category (Kids, Teenagers, Adults), named in the interface's language. */
export function AgeCategorySelect({ label, value, onChange }: Props) {
  const { t } = useTranslation('admin');
  return (
    <label className="field">
      <span>{label}</span>
      <select name="ageCategory" value={value} onChange={(event) => onChange(event.target.value as AgeCategory)}>
        {AGE_CATEGORIES.map((age) => (
          <option key={age} value={age}>
            {t(`ages.${age}`)}
          </option>
        ))}
      </select>
    </label>
  );
}

import { invalidFieldProps } from '../../components/field-errors';
import { useCategories } from './use-category-names';

type Props = {
  label: string;
  /** The first option, chosen when no category is (a prompt, or "All categories"). */
  noneLabel: string;
  value: number | null;
  onChange: (categoryId: number | null) => void;
  name?: string;
  /** The id of the message this choice is at fault for, while it is (marked invalid, described by it). */
  errorId?: string;
};

/** A category, by its name in the interface's language (sorted as that language sorts); the page says when they fail to load. */
export function CategorySelect({ label, noneLabel, value, onChange, name = 'category', errorId }: Props) {
  const { categories } = useCategories();
  return (
    <label className="field">
      <span>{label}</span>
      <select
        name={name}
        {...invalidFieldProps(errorId)}
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value ? Number(event.target.value) : null)}
      >
        <option value="">{noneLabel}</option>
        {categories.map((category) => (
          <option key={category.id} value={category.id}>
            {category.name}
          </option>
        ))}
      </select>
    </label>
  );
}

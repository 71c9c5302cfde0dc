import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../lib/i18n';
import { trpc } from '../../lib/trpc';

/** The categories, named and sorted in the interface's language (Intl.Collator: Vietnamese letters in their order). */
export type NamedCategory = ReturnType<typeof useCategories>['categories'][number];

export function useCategories() {
  // Drawn again when the language changes.
  useTranslation();
  const language = currentLanguage();
  const query = trpc.categories.list.useQuery();
  const sorted = useMemo(() => {
    const collator = new Intl.Collator(language);
    return (query.data ?? [])
      .map((category) => ({ ...category, name: language === 'vi' ? category.name_vi : category.name_en }))
      .sort((a, b) => collator.compare(a.name, b.name));
  }, [query.data, language]);
  const nameOf = (id: number) => sorted.find((category) => category.id === id)?.name ?? '';
  return { ...query, categories: sorted, nameOf, language };
}

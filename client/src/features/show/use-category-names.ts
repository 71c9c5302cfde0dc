import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../lib/i18n';
import { trpc } from '../../lib/trpc';

/** The categories a show can draw from, named in the screen's language and sorted by that name. */
export function useShowCategories() {
  useTranslation(); // renders again when the language changes
  const language = currentLanguage();
  const categories = trpc.categories.list.useQuery();
  const sorted = useMemo(() => {
    const nameOf = (c: { name_en: string; name_vi: string }) => (language === 'vi' ? c.name_vi : c.name_en);
    const collator = new Intl.Collator(language);
    return (categories.data ?? [])
      .map((category) => ({ id: category.id, name: nameOf(category) }))
      .sort((a, b) => collator.compare(a.name, b.name));
  }, [categories.data, language]);
  return { categories: sorted, isError: categories.isError, error: categories.error };
}

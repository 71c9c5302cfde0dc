import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '../../lib/format';
import { currentLanguage } from '../../lib/i18n';

type Named = { nameEn: string; nameVi: string };

/** The family page's figures, in the language shown: dates in this device's time zone, shares, amounts, names. */
export function useFamilyFormat() {
  // Drawn again when the language changes.
  useTranslation('family');
  const language = currentLanguage();
  return useMemo(() => {
    const dateTime = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
    const percent = new Intl.NumberFormat(language, { style: 'percent' });
    return {
      language,
      /** tRPC sends a date as its ISO text: read back here. */
      dateTime: (when: Date | string) => dateTime.format(new Date(when)),
      share: (right: number, answered: number) => percent.format(answered === 0 ? 0 : right / answered),
      amount: (amount: number) => formatAmount(amount, language),
      nameOf: (category: Named) => (language === 'vi' ? category.nameVi : category.nameEn),
    };
  }, [language]);
}

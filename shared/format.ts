/** 1,000,000 in English, 1.000.000 in Vietnamese. */
export function formatAmount(amount: number, language: string): string {
  return new Intl.NumberFormat(language === 'vi' ? 'vi-VN' : 'en-US').format(amount);
}

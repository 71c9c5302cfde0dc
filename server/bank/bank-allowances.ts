/**
 * The few places where a rule of bank-rules.ts flags something fair, each with why. Keep it short: a
 * question that can be mended is mended instead.
 */

type Lang = 'en' | 'vi';

/**
 * Words of a right answer that its question may hold (the giveaway rule, bank-wording.ts), by key and
 * language, as significantWords() spells them.
 */
export const FAIR_GIVEAWAYS: Readonly<Record<string, Partial<Record<Lang, readonly string[]>> & { reason: string }>> = {
  'arts-music-a-70': {
    vi: ['cổ'],
    reason: '"Vọng cổ" was named from "Dạ cổ hoài lang", the title the question asks about',
  },
  'geography-k-65': {
    vi: ['bắc'],
    reason: 'the Arctic Ocean is "Bắc Băng Dương" in Vietnamese, as "Bắc Cực" is the North Pole',
  },
  'geography-a-57': {
    en: ['long'],
    vi: ['long'],
    reason: 'Bái Tử Long and Hạ Long are named from the same dragon legend',
  },
  'history-a-63': {
    vi: ['trung'],
    reason: 'the Trung of "Trung Hoa Dân Quốc" and of "Tôn Trung Sơn" are different words; neither can be left out',
  },
  'vietnam-t-01': {
    en: ['city'],
    vi: ['thành', 'phố'],
    reason: '"City" is part of the name Ho Chi Minh City, and every option is a city',
  },
  'vietnam-t-40': {
    en: ['city'],
    vi: ['thành', 'phố'],
    reason: '"City" is part of the name Ho Chi Minh City, and every option is a city',
  },
  'vietnam-t-48': {
    en: ['betel'],
    vi: ['trầu'],
    reason: 'the legend is named after the betel and the areca; which of the three people became which is the question',
  },
  'vietnam-t-74': {
    vi: ['cầu', 'đủ'],
    reason: 'the wish is a pun on the fruits the question names: the pun is what it asks',
  },
  'animals-k-05': { vi: ['cao'], reason: 'the giraffe’s only Vietnamese name is "hươu cao cổ"; a K1 freebie' },
};

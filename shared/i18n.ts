export const LANGUAGES = ['en', 'vi'] as const;
export type Language = (typeof LANGUAGES)[number];
export const FALLBACK_LANGUAGE: Language = 'en';
/** The query parameter, cookie and storage key that hold a chosen language (the browser's detector and the server's guess at it). */
export const LANGUAGE_KEY = 'lng';

/**
 * The first of `tags`, in the order they are asked, that names a language we support, each read as
 * its language alone (vi-VN, vi_VN and VI are vi); the fallback when none does. The browser's
 * detector (client/src/lib/language-detector.ts) and the server's guess at it share this rule.
 */
export function pickLanguage(tags: readonly (string | null | undefined)[]): Language {
  for (const tag of tags) {
    const language = tag?.trim().slice(0, 2).toLowerCase();
    if ((LANGUAGES as readonly string[]).includes(language ?? '')) return language as Language;
  }
  return FALLBACK_LANGUAGE;
}

import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '#shared/i18n.ts';
import { FALLBACK_LANGUAGE, LANGUAGES } from '#shared/i18n.ts';
import { detectLanguage, languageDetector } from './language-detector';

/**
 * The namespaces every page uses (common, auth, profiles, errors), one chunk a language: a visit
 * downloads its own language's, the other's only if the family switches. The server preloads the
 * one it expects with the page (server/http/page-preloads.ts, stringsPreloadTags).
 */
const firstStrings: Record<Language, () => Promise<{ default: Record<string, object> }>> = {
  en: () => import('../locales/en'),
  vi: () => import('../locales/vi'),
};

/**
 * Spec §9: the language detected as lib/language-detector.ts says, kept there for the next visit.
 * Resolves once its strings are in: nothing renders before, so no key ever shows untranslated.
 * Pages' own namespaces come with their pages (features/*\/…-strings.ts), 'admin' with /admin;
 * their modules add them to i18next, so they must run after this has.
 */
export async function initI18n() {
  // The page's own title follows the language too (lib/page-title.ts).
  i18n.on('languageChanged', () => {
    document.documentElement.lang = currentLanguage();
  });
  const language = detectLanguage();
  const { default: strings } = await firstStrings[language]();
  return i18n
    .use(languageDetector)
    .use(initReactI18next)
    .init({
      lng: language,
      resources: { [language]: strings },
      supportedLngs: [...LANGUAGES],
      nonExplicitSupportedLngs: true,
      load: 'languageOnly',
      fallbackLng: FALLBACK_LANGUAGE,
      defaultNS: 'common',
      ns: Object.keys(strings),
      interpolation: { escapeValue: false },
    });
}

/** Shows the interface in `language`, once its first strings are in (fetched if this visit has not had them). */
export async function switchLanguage(language: Language): Promise<void> {
  if (!i18n.hasResourceBundle(language, 'common')) {
    const { default: strings } = await firstStrings[language]();
    // Deep and without overwriting: a page's error groups may have joined `errors` already.
    for (const [namespace, resources] of Object.entries(strings)) {
      i18n.addResourceBundle(language, namespace, resources, true, false);
    }
  }
  await i18n.changeLanguage(language);
}

/** The UI language reduced to one we support. */
export function currentLanguage(): Language {
  return i18n.resolvedLanguage === 'vi' ? 'vi' : 'en';
}

export { i18n };

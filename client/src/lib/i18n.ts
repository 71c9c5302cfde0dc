import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '#shared/i18n.ts';
import { FALLBACK_LANGUAGE, LANGUAGES } from '#shared/i18n.ts';
import enErrors from '#shared/locales/en/errors.json';
import viErrors from '#shared/locales/vi/errors.json';
import enAuth from '../locales/en/auth.json';
import enCommon from '../locales/en/common.json';
import enProfiles from '../locales/en/profiles.json';
import viAuth from '../locales/vi/auth.json';
import viCommon from '../locales/vi/common.json';
import viProfiles from '../locales/vi/profiles.json';
import { languageDetector } from './language-detector';

export const resources = {
  en: { common: enCommon, auth: enAuth, profiles: enProfiles, errors: enErrors },
  vi: { common: viCommon, auth: viAuth, profiles: viProfiles, errors: viErrors },
} as const;

/** Spec §9: the language detected as lib/language-detector.ts says, kept there for the next visit. */
export function initI18n() {
  // The page's own title follows the language too (lib/page-title.ts).
  i18n.on('languageChanged', () => {
    document.documentElement.lang = currentLanguage();
  });
  return i18n
    .use(languageDetector)
    .use(initReactI18next)
    .init({
      resources,
      supportedLngs: [...LANGUAGES],
      nonExplicitSupportedLngs: true,
      load: 'languageOnly',
      fallbackLng: FALLBACK_LANGUAGE,
      defaultNS: 'common',
      // 'game', 'speech' and 'parentLock' come with their pages (features/*/…-strings.ts), 'admin' with /admin.
      ns: ['common', 'auth', 'profiles', 'errors'],
      interpolation: { escapeValue: false },
    });
}

/** The UI language reduced to one we support. */
export function currentLanguage(): Language {
  return i18n.resolvedLanguage === 'vi' ? 'vi' : 'en';
}

export { i18n };

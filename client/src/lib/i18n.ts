import i18n from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import type { Language } from '../../../shared/i18n';
import { FALLBACK_LANGUAGE, LANGUAGES } from '../../../shared/i18n';
import enErrors from '../../../shared/locales/en/errors.json';
import enSpeech from '../../../shared/locales/en/speech.json';
import viErrors from '../../../shared/locales/vi/errors.json';
import viSpeech from '../../../shared/locales/vi/speech.json';
import enAuth from '../locales/en/auth.json';
import enCommon from '../locales/en/common.json';
import enGame from '../locales/en/game.json';
import enProfiles from '../locales/en/profiles.json';
import viAuth from '../locales/vi/auth.json';
import viCommon from '../locales/vi/common.json';
import viGame from '../locales/vi/game.json';
import viProfiles from '../locales/vi/profiles.json';

export const resources = {
  en: { common: enCommon, auth: enAuth, profiles: enProfiles, game: enGame, errors: enErrors, speech: enSpeech },
  vi: { common: viCommon, auth: viAuth, profiles: viProfiles, game: viGame, errors: viErrors, speech: viSpeech },
} as const;

/** Spec §9: detected from the query string `lng`, a cookie, local and session storage, the navigator, then <html lang>. */
export function initI18n() {
  i18n.on('languageChanged', () => {
    document.documentElement.lang = currentLanguage();
    document.title = i18n.t('common:appName');
  });
  return i18n
    .use(LanguageDetector)
    .use(initReactI18next)
    .init({
      resources,
      supportedLngs: [...LANGUAGES],
      nonExplicitSupportedLngs: true,
      load: 'languageOnly',
      fallbackLng: FALLBACK_LANGUAGE,
      defaultNS: 'common',
      ns: ['common', 'auth', 'profiles', 'game', 'errors', 'speech'],
      interpolation: { escapeValue: false },
      detection: {
        order: ['querystring', 'cookie', 'localStorage', 'sessionStorage', 'navigator', 'htmlTag'],
        // vi-VN, vi_VN and en-GB are stored and shown as the language we serve.
        convertDetectedLanguage: (detected: string) => detected.slice(0, 2).toLowerCase(),
        lookupQuerystring: 'lng',
        lookupCookie: 'lng',
        lookupLocalStorage: 'lng',
        lookupSessionStorage: 'lng',
        caches: ['localStorage', 'cookie'],
        cookieOptions: { path: '/', sameSite: 'lax' },
      },
    });
}

/** The UI language reduced to one we support. */
export function currentLanguage(): Language {
  return i18n.resolvedLanguage === 'vi' ? 'vi' : 'en';
}

export { i18n };

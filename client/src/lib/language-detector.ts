import type { LanguageDetectorModule } from 'i18next';
import { LANGUAGE_KEY as KEY, type Language, pickLanguage } from '#shared/i18n.ts';

function fromStorage(storage: () => Storage): string | null {
  try {
    return storage().getItem(KEY);
  } catch {
    // Storage refused (a private window, a blocked site's data): the next place is asked.
    return null;
  }
}

function fromCookie(): string | null {
  try {
    const pair = document.cookie.split('; ').find((cookie) => cookie.startsWith(`${KEY}=`));
    return pair ? decodeURIComponent(pair.slice(KEY.length + 1)) : null;
  } catch {
    return null;
  }
}

/**
 * Spec §9: the languages this visit asks for, in order: the query string `lng`, a cookie, local
 * and session storage, the navigator's, then <html lang>; i18next takes the first it supports.
 * Each is read as its language alone (vi-VN, vi_VN and VI are vi).
 */
export function detectLanguages(): string[] {
  const found = [
    new URLSearchParams(window.location.search).get(KEY),
    fromCookie(),
    fromStorage(() => window.localStorage),
    fromStorage(() => window.sessionStorage),
    ...(navigator.languages ?? []),
    navigator.language,
    document.documentElement.getAttribute('lang'),
  ];
  return found.filter((tag): tag is string => Boolean(tag)).map((tag) => tag.slice(0, 2).toLowerCase());
}

/** The language this visit shows: the first of detectLanguages() we support, else the fallback. */
export function detectLanguage(): Language {
  return pickLanguage(detectLanguages());
}

/**
 * Keeps the language in local storage and a cookie for the next visit. Written only when it
 * changed: a page load reads the two places and touches neither.
 */
export function keepLanguage(language: string): void {
  try {
    if (window.localStorage.getItem(KEY) !== language) window.localStorage.setItem(KEY, language);
  } catch {
    // Not kept here: the cookie still is.
  }
  if (fromCookie() !== language) {
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Firefox and older Safari.
    document.cookie = `${KEY}=${encodeURIComponent(language)}; Path=/; SameSite=Lax`;
  }
}

/**
 * i18next's language detector for the browser, as spec §9 orders it. Written here rather than
 * taken from i18next-browser-languagedetector: the first page's code then carries two functions
 * instead of a library of detectors, and a page load no longer writes a test key into both
 * storages to see whether they work.
 */
export const languageDetector: LanguageDetectorModule = {
  type: 'languageDetector',
  detect: detectLanguages,
  cacheUserLanguage: keepLanguage,
};

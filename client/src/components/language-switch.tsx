import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '#shared/i18n.ts';
import { switchLanguage } from '../lib/i18n';

/**
 * Changes the language, at once or once its strings are fetched (a first switch); the detector
 * caches the choice in localStorage and a cookie.
 */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const current = i18n.resolvedLanguage ?? 'en';
  return (
    <fieldset className="language-switch">
      <legend className="visually-hidden">{t('language')}</legend>
      {LANGUAGES.map((language) => (
        <button
          key={language}
          type="button"
          lang={language}
          aria-pressed={current === language}
          onClick={() => {
            switchLanguage(language).catch((error: unknown) => console.warn('Language not switched', error));
          }}
        >
          <span aria-hidden="true">{language.toUpperCase()}</span>
          <span className="visually-hidden">{t(`languages.${language}`)}</span>
        </button>
      ))}
    </fieldset>
  );
}

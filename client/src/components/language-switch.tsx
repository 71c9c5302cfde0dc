import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '#shared/i18n.ts';

/** Changes the language at once; the detector caches the choice in localStorage and a cookie. */
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
          onClick={() => void i18n.changeLanguage(language)}
        >
          <span aria-hidden="true">{language.toUpperCase()}</span>
          <span className="visually-hidden">{t(`languages.${language}`)}</span>
        </button>
      ))}
    </fieldset>
  );
}

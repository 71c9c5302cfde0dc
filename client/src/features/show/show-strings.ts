import enErrors from '#shared/locales/en/show-errors.json';
import viErrors from '#shared/locales/vi/show-errors.json';
import { i18n } from '../../lib/i18n';
import en from './locales/en.json';
import vi from './locales/vi.json';

/**
 * The family show's strings, loaded with its pages (/show, /join), not with the first one; its
 * pages' titles join the common ones (lib/page-title.ts), and its error messages the `errors`
 * namespace, from here too.
 */
for (const [language, strings, errors] of [
  ['en', en, enErrors],
  ['vi', vi, viErrors],
] as const) {
  i18n.addResourceBundle(language, 'show', strings, true, true);
  i18n.addResourceBundle(language, 'common', { pageTitles: strings.pageTitles }, true, false);
  i18n.addResourceBundle(language, 'errors', errors, true, false);
}

import { i18n } from '../../lib/i18n';
import en from './locales/en.json';
import vi from './locales/vi.json';

/**
 * The family show's strings, loaded with its pages (/show, /join), not with the first one; its
 * pages' titles join the common ones (lib/page-title.ts) from here too.
 */
for (const [language, strings] of [
  ['en', en],
  ['vi', vi],
] as const) {
  i18n.addResourceBundle(language, 'show', strings, true, true);
  i18n.addResourceBundle(language, 'common', { pageTitles: strings.pageTitles }, true, false);
}

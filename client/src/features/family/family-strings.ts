import { i18n } from '../../lib/i18n';
import en from './locales/en.json';
import vi from './locales/vi.json';

/** The family page's strings, loaded with it, not with the first page. */
i18n.addResourceBundle('en', 'family', en, true, true);
i18n.addResourceBundle('vi', 'family', vi, true, true);

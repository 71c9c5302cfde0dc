import { i18n } from '../../lib/i18n';
import en from './locales/en.json';
import vi from './locales/vi.json';

/** The parent lock's strings, loaded with its dialogs: most families never see them. */
i18n.addResourceBundle('en', 'parentLock', en, true, true);
i18n.addResourceBundle('vi', 'parentLock', vi, true, true);

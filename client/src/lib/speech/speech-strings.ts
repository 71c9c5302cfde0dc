import enSpeech from '../../../../shared/locales/en/speech.json';
import viSpeech from '../../../../shared/locales/vi/speech.json';
import { i18n } from '../i18n';

/** What the game says aloud (shared with the server's voice), loaded with the pages that speak, not the first one. */
i18n.addResourceBundle('en', 'speech', enSpeech, true, true);
i18n.addResourceBundle('vi', 'speech', viSpeech, true, true);

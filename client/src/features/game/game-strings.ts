import { i18n } from '../../lib/i18n';
import en from '../../locales/en/game.json';
import vi from '../../locales/vi/game.json';

/** The game's strings (/pre-game and /game), loaded with those pages, not with the first one. */
i18n.addResourceBundle('en', 'game', en, true, true);
i18n.addResourceBundle('vi', 'game', vi, true, true);

import type { Language } from '#shared/i18n.ts';
import enSpeech from '#shared/locales/en/speech.json';
import viSpeech from '#shared/locales/vi/speech.json';
import type { SpeechStrings } from '#shared/spoken-lines.ts';
import { i18n } from '../i18n';

/** What the game says aloud (shared with the server's voice), loaded with the pages that speak, not the first one. */
i18n.addResourceBundle('en', 'speech', enSpeech, true, true);
i18n.addResourceBundle('vi', 'speech', viSpeech, true, true);

/** The speech strings of `lang`, as shared/spoken-lines.ts composes its lines from them. */
export function speechStrings(lang: Language): SpeechStrings {
  const t = i18n.getFixedT(lang, 'speech');
  return (key, params) => t(key, params ?? {});
}

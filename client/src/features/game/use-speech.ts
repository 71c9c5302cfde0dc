import { useCallback, useEffect, useState } from 'react';
import type { Language } from '../../../../shared/i18n';
import { cancelSpeech, speakParts, stopSpeechOnPageHide, unlockSpeech } from './speech';
import type { SpeechPart } from './voice';

/**
 * Reads the game aloud while `enabled`; reports the language that has no voice on this device,
 * so the screen can say so (the game plays on regardless).
 */
export function useSpeech(enabled: boolean) {
  const [missingVoice, setMissingVoice] = useState<Language | null>(null);

  useEffect(() => {
    stopSpeechOnPageHide();
    return cancelSpeech;
  }, []);

  useEffect(() => {
    if (!enabled) cancelSpeech();
  }, [enabled]);

  /** Reads `parts` in a game of `language` (after what is being read, with `queue`). */
  const speak = useCallback(
    async (language: Language, parts: readonly SpeechPart[], options: { queue?: boolean } = {}) => {
      if (!enabled) return;
      const spoken = await speakParts(language, parts, options);
      setMissingVoice(spoken ? null : language);
    },
    [enabled],
  );

  return { speak, cancel: cancelSpeech, unlock: unlockSpeech, missingVoice };
}

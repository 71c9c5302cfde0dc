import { useCallback, useEffect, useState } from 'react';
import { cancelSpeech, speakQuestion, stopSpeechOnPageHide, unlockSpeech } from './speech';

type Language = 'en' | 'vi';

/**
 * Reads questions aloud while `enabled`; reports the language that has no voice on this device,
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

  const speak = useCallback(
    async (language: Language, question: string, answers: readonly string[]) => {
      if (!enabled) return;
      const spoken = await speakQuestion(language, question, answers);
      setMissingVoice(spoken ? null : language);
    },
    [enabled],
  );

  return { speak, cancel: cancelSpeech, unlock: unlockSpeech, missingVoice };
}

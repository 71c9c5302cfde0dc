import { useCallback, useEffect, useRef, useState } from 'react';
import type { Language } from '#shared/i18n.ts';
import { prefersServerVoice, serverVoiceAvailable } from '../server-voice';
import { playServerLines, prefetchServerLine, type ServerLine, stopServerSpeech } from './server-speech';
import { cancelSpeech, speakParts, stopSpeechOnPageHide, unlockSpeech } from './speech';
import type { SpeechPart } from './voice';

export type SpeakOptions = {
  queue?: boolean;
  /** The same line as the server speaks it: played when this device has no voice for the game's language. */
  line?: ServerLine;
};

function stopAll() {
  cancelSpeech();
  stopServerSpeech();
}

/**
 * Reads the game aloud while `enabled`: with this device's voice for the game's language, or,
 * where it has none or the family chose so (lib/server-voice.ts), with the server's (GET
 * /api/speech: the same lines, in the same order). Reports the language neither can read, so the
 * screen can say so (the game plays on regardless).
 */
export function useSpeech(enabled: boolean) {
  const [missingVoice, setMissingVoice] = useState<Language | null>(null);
  /** The languages the server reads here, this device having no voice for them. */
  const serverRead = useRef(new Set<Language>());

  useEffect(() => {
    stopSpeechOnPageHide();
    window.addEventListener('pagehide', stopServerSpeech);
    return () => {
      window.removeEventListener('pagehide', stopServerSpeech);
      stopAll();
    };
  }, []);

  useEffect(() => {
    if (!enabled) stopAll();
  }, [enabled]);

  /** Reads `parts` in a game of `language` (after what is being read, with `queue`). */
  const speak = useCallback(
    async (language: Language, parts: readonly SpeechPart[], options: SpeakOptions = {}) => {
      if (!enabled) return;
      const chosen = prefersServerVoice();
      const serverFirst = chosen || serverRead.current.has(language);
      if (!serverFirst && (await speakParts(language, parts, options))) {
        setMissingVoice(null);
        return;
      }
      const played =
        options.line !== undefined &&
        (await serverVoiceAvailable()) &&
        (await playServerLines([options.line], options));
      if (played) {
        // Remembered only where the device had no voice: a family's choice can be undone.
        if (!chosen) serverRead.current.add(language);
        setMissingVoice(null);
        return;
      }
      // The server chosen but silent (none configured, or failing): the device's voice after all.
      const spoken = serverFirst && !serverRead.current.has(language) && (await speakParts(language, parts, options));
      setMissingVoice(spoken || serverRead.current.has(language) ? null : language);
    },
    [enabled],
  );

  /** Fetches a line soon to be said (the next question), when the server reads this game. */
  const prefetch = useCallback(
    (language: Language, line: ServerLine) => {
      if (enabled && (serverRead.current.has(language) || prefersServerVoice())) prefetchServerLine(line);
    },
    [enabled],
  );

  return { speak, prefetch, cancel: stopAll, unlock: unlockSpeech, missingVoice };
}

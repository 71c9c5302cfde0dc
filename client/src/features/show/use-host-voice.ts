import { useCallback, useEffect, useState } from 'react';
import type { HostView } from '#shared/show-views.ts';
import { questionAnnouncement } from '#shared/spoken-lines.ts';
import { keep, readKept } from '../../lib/kept';
import { hasUserActivation } from '../../lib/speech/speech';
import { speechStrings } from '../../lib/speech/speech-strings';
import { useSpeech } from '../../lib/speech/use-speech';
import { questionSpeech } from '../../lib/speech/voice';

/** Whether the TV reads aloud, kept on this device (a TV in a quiet house may be muted). */
const SPEECH_KEY = 'ql:show-speech';

/**
 * The TV reads each question aloud as the game does (lib/speech: this device's voice for the
 * show's language, else the server's, GET /api/speech?showId=…): its number and amount, the
 * question, the answers. Speech starts only after a key press or a tap on this page (browsers
 * refuse it before): a TV reloaded mid-question reads it at the first press of a key.
 */
export function useHostVoice(view: HostView | null) {
  const [enabled, setEnabled] = useState(() => readKept(SPEECH_KEY) !== 'off');
  const speech = useSpeech(enabled);
  const [activated, setActivated] = useState(hasUserActivation);
  const question = view?.status === 'question' ? view.question : null;
  const showId = view?.showId ?? '';

  useEffect(() => {
    if (activated) return;
    const done = () => setActivated(true);
    window.addEventListener('keydown', done, { once: true });
    window.addEventListener('pointerdown', done, { once: true });
    return () => {
      window.removeEventListener('keydown', done);
      window.removeEventListener('pointerdown', done);
    };
  }, [activated]);

  const read = useCallback(() => {
    if (!question) return;
    const announcement = questionAnnouncement(
      speechStrings(question.lang),
      question.lang,
      question.position,
      question.amount,
    );
    void speech.speak(question.lang, questionSpeech(question.lang, question.question, question.answers, announcement), {
      line: { showId, line: 'question', at: question.position },
    });
  }, [question, showId, speech.speak]);

  // Each new question once, when it is shown (and again when reading is turned back on).
  const position = question?.position ?? null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: read when a question appears, not when its reader changes.
  useEffect(() => {
    if (position !== null && activated && enabled) read();
  }, [position, activated, enabled]);
  // Answers closed: the reading stops with them.
  useEffect(() => {
    if (position === null) speech.cancel();
  }, [position, speech.cancel]);

  return {
    enabled,
    toggle: () => {
      const next = !enabled;
      setEnabled(next);
      keep(SPEECH_KEY, next ? null : 'off');
      if (next) speech.unlock();
    },
    readAgain: read,
    /** The show's language this device (and the server) cannot read, if so. */
    missingVoice: speech.missingVoice,
  };
}

import { useCallback, useEffect, useState } from 'react';
import type { Language } from '#shared/i18n.ts';
import { isMillionaire } from '#shared/ladder.ts';
import { endLine, questionAnnouncement, resultLine, type SpokenLine } from '#shared/spoken-lines.ts';
import type { ServerLine } from '../../lib/speech/server-speech';
import { hasUserActivation } from '../../lib/speech/speech';
import { speechStrings } from '../../lib/speech/speech-strings';
import type { SpeakOptions } from '../../lib/speech/use-speech';
import { lineSpeech, questionSpeech, type SpeechPart } from '../../lib/speech/voice';
import type { Game, Phase } from './game-machine';
import { playSound } from './sounds';

type Speak = (language: Language, parts: readonly SpeechPart[], options?: SpeakOptions) => Promise<void>;
type Prefetch = (language: Language, line: ServerLine) => void;

type Options = {
  game: Game | null;
  question: Game['questions'][number] | undefined;
  position: number;
  phase: Phase;
  ttsEnabled: boolean;
  speak: Speak;
  prefetch: Prefetch;
};

/**
 * What the game says and plays, so that a child who cannot read can play by ear: each question
 * with its number and amount, each pick's result with a sound, and the end. Lines are the game's
 * language's, whatever the screen shows. Nothing starts before a tap (see hasUserActivation).
 */
export function useGameVoice({ game, question, position, phase, ttsEnabled, speak, prefetch }: Options) {
  /**
   * Speech starts only from a tap (Chrome deprecates speaking without one): a page reloaded
   * mid-game asks for "Tap to continue" before it reads anything.
   */
  const [waitingForTap, setWaitingForTap] = useState(() => !hasUserActivation());
  /** The "Tap to continue" banner, until the first tap or key anywhere has been handled. */
  const [tapBanner, setTapBanner] = useState(waitingForTap);
  useEffect(() => {
    if (!tapBanner) return;
    // Any tap or key counts (a pick too): speech may start from then on. The banner goes once the
    // tap is over (click, keyup), so that what was tapped does not move under the finger.
    const activated = () => setWaitingForTap(false);
    const done = () => setTapBanner(false);
    const events = [
      ['pointerdown', activated],
      ['keydown', activated],
      ['click', done],
      ['keyup', done],
    ] as const;
    for (const [type, listener] of events) window.addEventListener(type, listener, { once: true });
    return () => {
      for (const [type, listener] of events) window.removeEventListener(type, listener);
    };
  }, [tapBanner]);
  /** What is said in the game's language (its lines from that language's strings, whatever the screen shows). */
  const say = useCallback(
    (parts: SpeechPart[], line: SpokenLine, options: { queue?: boolean } = {}) => {
      if (game) void speak(game.lang, parts, { ...options, line: { gameId: game.gameId, line, at: position } });
    },
    [game, speak, position],
  );

  // Read each new question aloud once it is shown: its number and amount, the question, the answers.
  const readQuestion = useCallback(() => {
    if (!question) return;
    // The server's voice says the same (shared/spoken-lines.ts).
    const announcement = questionAnnouncement(speechStrings(question.lang), question.lang, position);
    const line = game ? { gameId: game.gameId, line: 'question' as const, at: position } : undefined;
    void speak(question.lang, questionSpeech(question.lang, question.question, question.answers, announcement), {
      line,
    });
  }, [game, question, position, speak]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: read when a question is shown, not when its reader changes.
  useEffect(() => {
    if (phase.kind === 'question' && !waitingForTap) readQuestion();
  }, [phase.kind, question, waitingForTap, ttsEnabled]);

  // A pick's result is heard: a sound, then "Correct!" or the right answer read out.
  const feedbackKey = phase.kind === 'feedback' ? position : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per pick's feedback.
  useEffect(() => {
    if (phase.kind !== 'feedback' || !question || !ttsEnabled || waitingForTap) return;
    playSound(phase.correct ? 'right' : 'wrong');
    say(lineSpeech(resultLine(speechStrings(question.lang), question, phase.correctIndex, phase.correct)), 'result');
    // The next question, ready before the feedback ends (the server has moved on already).
    if (phase.correct && game && position + 1 < game.questions.length) {
      prefetch(game.lang, { gameId: game.gameId, line: 'question', at: position + 1 });
    }
  }, [feedbackKey]);

  // The end is heard once: the walk-away amount, or the millionaire's line with the fanfare.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the game ends.
  useEffect(() => {
    if (phase.kind !== 'ended' || !game || !ttsEnabled || waitingForTap) return;
    if (isMillionaire(phase.winnings)) playSound('win');
    // The server's voice says the same (shared/spoken-lines.ts). After the pick's result, not over it.
    say(lineSpeech(endLine(speechStrings(game.lang), game.lang, phase.winnings)), 'end', { queue: true });
  }, [phase.kind]);

  return {
    /** Reads the current question again (the Read again button). */
    readQuestion,
    /** Says lines in the game's language (the lifelines' results). */
    say,
    /** Whether to show "Tap to continue" (speech waits for a tap after a reload). */
    tapBanner: tapBanner && ttsEnabled,
    /** The banner's button: speech may start, and it reads the question. */
    continueAfterTap: () => setWaitingForTap(false),
  };
}

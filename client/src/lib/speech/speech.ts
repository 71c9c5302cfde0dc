import type { Language } from '../../../../shared/i18n';
import { pickVoice, SPEECH_LOCALES, SPEECH_PITCH, SPEECH_RATE, type SpeechPart } from './voice';

const VOICES_TIMEOUT_MS = 1500;
/** Utterances still to be spoken: Chrome drops callbacks (and may cut speech) of collected ones. */
const pending = new Set<SpeechSynthesisUtterance>();

function synthesis(): SpeechSynthesis | null {
  return typeof window !== 'undefined' && 'speechSynthesis' in window ? window.speechSynthesis : null;
}

/** Voices load late in Chrome: wait for voiceschanged, but not forever (some devices never list any). */
export function loadVoices(): Promise<SpeechSynthesisVoice[]> {
  const speech = synthesis();
  if (!speech) return Promise.resolve([]);
  const now = speech.getVoices();
  if (now.length > 0) return Promise.resolve(now);
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      speech.removeEventListener('voiceschanged', done);
      resolve(speech.getVoices());
    };
    const timer = setTimeout(done, VOICES_TIMEOUT_MS);
    speech.addEventListener('voiceschanged', done);
  });
}

export function cancelSpeech(): void {
  pending.clear();
  synthesis()?.cancel();
}

/**
 * Reads a game's lines in `language`, each part as its own utterance (Chrome stops long ones after
 * about 15 s). A part in the other language takes that language's voice, or is left unread: never
 * the wrong voice. Returns false when the game's language has no voice here: nothing is spoken then.
 * Unless `queue`, what was being read stops first.
 */
export async function speakParts(
  language: Language,
  parts: readonly SpeechPart[],
  options: { queue?: boolean } = {},
): Promise<boolean> {
  const speech = synthesis();
  if (!speech) return false;
  const voices = await loadVoices();
  const voiceFor = (lang: Language) => pickVoice(voices, SPEECH_LOCALES[lang]);
  // With no voice list at all, English still goes to the platform's default voice.
  const noList = voices.length === 0;
  if (!voiceFor(language) && !(noList && language === 'en')) return false;
  if (!options.queue) cancelSpeech();
  for (const part of parts) {
    const voice = voiceFor(part.lang);
    if (!voice && !(noList && part.lang === 'en')) continue;
    const utterance = new SpeechSynthesisUtterance(part.text);
    utterance.lang = SPEECH_LOCALES[part.lang];
    if (voice) utterance.voice = voice;
    utterance.rate = SPEECH_RATE;
    utterance.pitch = SPEECH_PITCH;
    const forget = () => pending.delete(utterance);
    utterance.onend = forget;
    utterance.onerror = forget;
    pending.add(utterance);
    speech.speak(utterance);
  }
  return true;
}

/** Whether this page has had a tap, click or key press since it loaded (see hasUserActivation). */
let activated = false;
if (typeof window !== 'undefined') {
  const record = () => {
    activated = true;
  };
  for (const type of ['pointerdown', 'keydown'] as const) {
    window.addEventListener(type, record, { capture: true, once: true });
  }
}

/**
 * Whether speech and sound may start: only after a tap or key press in this page (Chrome
 * deprecates speaking without one). A page reloaded mid-game has had none, so it asks for
 * "Tap to continue" first; a game started from /pre-game's button has (this module loads with it).
 */
export function hasUserActivation(): boolean {
  return activated;
}

/**
 * iOS speaks only after a first utterance started inside a tap: call this from the click
 * that starts a game (or unmutes).
 */
export function unlockSpeech(): void {
  const speech = synthesis();
  if (!speech) return;
  const silent = new SpeechSynthesisUtterance('');
  silent.volume = 0;
  speech.speak(silent);
}

let pageHideHooked = false;
/** Speech would go on after a reload or leaving the page: stop it when the page goes. */
export function stopSpeechOnPageHide(): void {
  if (pageHideHooked || typeof window === 'undefined') return;
  pageHideHooked = true;
  window.addEventListener('pagehide', cancelSpeech);
}

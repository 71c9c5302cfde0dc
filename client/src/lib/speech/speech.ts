import type { Language } from '#shared/i18n.ts';
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

/** How long the first utterance may take to start before it is taken as speaking (it may queue behind others). */
const START_TIMEOUT_MS = 2500;
/** Errors that say nothing about the device's voice: speech stopped on purpose (the next question). */
const STOPPED = new Set(['interrupted', 'canceled']);

/** Whether an utterance starts: false when the device fails it (`synthesis-failed` on a browser without voices). */
function startsSpeaking(utterance: SpeechSynthesisUtterance): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(true), START_TIMEOUT_MS);
    utterance.addEventListener('start', () => resolve(true), { once: true });
    utterance.addEventListener(
      'error',
      (event) => {
        clearTimeout(timer);
        resolve(STOPPED.has(event.error));
      },
      { once: true },
    );
  });
}

const endsSentence = (text: string) => /[.?!…:]["”’)]*$/.test(text.trim());

/**
 * The parts as they are read where `readable` says which languages have a voice: a part without
 * one is read in `language`'s voice, joined with its neighbours in that voice (within a sentence:
 * the announcement and each answer stay their own), so "…from Hanoi to" + "Hạ Long?" is heard as
 * one sentence, not as a sentence with a hole.
 */
export function readableParts(parts: readonly SpeechPart[], language: Language, readable: (lang: Language) => boolean) {
  const out: SpeechPart[] = [];
  let glueNext = false;
  for (const part of parts) {
    const demoted = !readable(part.lang);
    const lang = demoted ? language : part.lang;
    const last = out.at(-1);
    const glue = last && last.lang === lang && (glueNext || (demoted && !endsSentence(last.text)));
    if (glue) last.text = `${last.text} ${part.text}`;
    else out.push({ text: part.text, lang });
    glueNext = demoted && !endsSentence(part.text);
  }
  return out;
}

/**
 * Reads a game's lines in `language`, each part as its own utterance (Chrome stops long ones after
 * about 15 s). A part in the other language takes that language's voice; where there is none, the
 * game's voice reads it within its sentence ("…from Hanoi to Hạ Long?"), never leaving a hole.
 * Resolves false when the device cannot read the game's language: no voice for it, or its first
 * utterance failing (a browser listing no voices, or one whose speech service is broken); nothing
 * is heard then. Unless `queue`, what
 * was being read stops first.
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
  // With no voice list at all, English still goes to the platform's default voice, if it has one.
  const noList = voices.length === 0;
  const readable = (lang: Language) => voiceFor(lang) !== null || (noList && lang === 'en');
  if (!readable(language)) return false;
  if (!options.queue) cancelSpeech();
  const utterances = readableParts(parts, language, readable).map((part) => {
    const utterance = new SpeechSynthesisUtterance(part.text);
    utterance.lang = SPEECH_LOCALES[part.lang];
    const voice = voiceFor(part.lang);
    if (voice) utterance.voice = voice;
    utterance.rate = SPEECH_RATE;
    utterance.pitch = SPEECH_PITCH;
    const forget = () => pending.delete(utterance);
    utterance.addEventListener('end', forget);
    utterance.addEventListener('error', forget);
    return utterance;
  });
  const first = utterances[0];
  // Heard before it is believed (a queued line waits its turn: the lines before it were heard).
  const started = first && !options.queue ? startsSpeaking(first) : Promise.resolve(true);
  for (const utterance of utterances) {
    pending.add(utterance);
    speech.speak(utterance);
  }
  if (await started) return true;
  cancelSpeech();
  return false;
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

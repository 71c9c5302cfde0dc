import type { BrowserContext, Page } from 'playwright-core';

/**
 * Headless Chromium has no voices and its speak() fails, so speech is tested against a stand-in
 * for window.speechSynthesis and window.SpeechSynthesisUtterance that records every utterance in
 * window.__spoken and counts cancel() calls in window.__speechCancels.
 */

export type StandInVoice = { lang: string; name: string; default: boolean; localService: boolean; voiceURI: string };

export type SpokenUtterance = {
  text: string;
  lang: string;
  /** The lang of the voice set on the utterance; null when none was set. */
  voiceLang: string | null;
  rate: number;
  pitch: number;
  volume: number;
};

export const ENGLISH_VOICE: StandInVoice = {
  lang: 'en-US',
  name: 'English',
  default: true,
  localService: true,
  voiceURI: 'en',
};
/** Written the way some platforms (Android, espeak) tag it: underscore, not hyphen. */
export const VIETNAMESE_VOICE: StandInVoice = {
  lang: 'vi_VN',
  name: 'Vietnamese',
  default: false,
  localService: true,
  voiceURI: 'vi',
};

export type StandInOptions = {
  voices?: StandInVoice[];
  /** How long each utterance "speaks" before its end event, in ms. */
  utteranceMs?: number;
};

/** Browser-side source: plain JavaScript, so no compiler helper can leak into the page. */
function standInSource(options: Required<StandInOptions>): string {
  return `(() => {
  const config = ${JSON.stringify(options)};
  const spoken = [];
  window.__spoken = spoken;
  window.__speechCancels = 0;
  const voices = config.voices.map((voice) => Object.freeze({ ...voice }));

  class SpeechSynthesisUtterance extends EventTarget {
    constructor(text) {
      super();
      this.text = text === undefined ? '' : String(text);
      this.lang = '';
      this.voice = null;
      this.rate = 1;
      this.pitch = 1;
      this.volume = 1;
      this.onstart = null;
      this.onend = null;
      this.onerror = null;
      this.onpause = null;
      this.onresume = null;
      this.onmark = null;
      this.onboundary = null;
    }
  }

  const events = new EventTarget();
  const queue = [];
  let current = null;

  function fire(utterance, type, extra) {
    const event = new Event(type);
    Object.assign(event, { utterance, charIndex: 0, elapsedTime: 0, name: '' }, extra || {});
    const handler = utterance['on' + type];
    if (typeof handler === 'function') handler.call(utterance, event);
    utterance.dispatchEvent(event);
  }

  function next() {
    if (current || queue.length === 0) return;
    const utterance = queue.shift();
    current = utterance;
    setTimeout(() => {
      if (current !== utterance) return;
      fire(utterance, 'start');
      setTimeout(() => {
        if (current !== utterance) return;
        current = null;
        fire(utterance, 'end');
        next();
      }, config.utteranceMs);
    }, 0);
  }

  const synthesis = {
    get speaking() { return current !== null; },
    get pending() { return queue.length > 0; },
    get paused() { return false; },
    onvoiceschanged: null,
    speak(utterance) {
      spoken.push({
        text: String(utterance.text),
        lang: String(utterance.lang),
        voiceLang: utterance.voice ? String(utterance.voice.lang) : null,
        rate: Number(utterance.rate),
        pitch: Number(utterance.pitch),
        volume: Number(utterance.volume),
      });
      queue.push(utterance);
      next();
    },
    cancel() {
      window.__speechCancels += 1;
      const dropped = (current ? [current] : []).concat(queue.splice(0));
      current = null;
      for (const utterance of dropped) setTimeout(() => fire(utterance, 'error', { error: 'canceled' }), 0);
    },
    pause() {},
    resume() {},
    getVoices() { return voices.slice(); },
    addEventListener(type, listener, options) { events.addEventListener(type, listener, options); },
    removeEventListener(type, listener, options) { events.removeEventListener(type, listener, options); },
    dispatchEvent(event) { return events.dispatchEvent(event); },
  };

  Object.defineProperty(window, 'speechSynthesis', { configurable: true, enumerable: true, get: () => synthesis });
  Object.defineProperty(window, 'SpeechSynthesisUtterance', { configurable: true, writable: true, value: SpeechSynthesisUtterance });
})();`;
}

/** Installs the stand-in on every page load of the target (reloads included). */
export async function installSpeechStandIn(target: Page | BrowserContext, options: StandInOptions = {}): Promise<void> {
  await target.addInitScript({
    content: standInSource({
      voices: options.voices ?? [ENGLISH_VOICE, VIETNAMESE_VOICE],
      utteranceMs: options.utteranceMs ?? 20,
    }),
  });
}

/** The variant with no Vietnamese voice at all (only en-US). */
export function installEnglishOnlySpeechStandIn(
  target: Page | BrowserContext,
  options: Omit<StandInOptions, 'voices'> = {},
) {
  return installSpeechStandIn(target, { ...options, voices: [ENGLISH_VOICE] });
}

/** What was spoken in the page since it loaded, without the silent unlock utterances (text ''). */
export async function spokenLines(page: Page): Promise<SpokenUtterance[]> {
  const all = await page.evaluate(() => (window as unknown as { __spoken?: SpokenUtterance[] }).__spoken ?? null);
  if (all === null) throw new Error('The speech stand-in is not installed in this page.');
  return all.filter((utterance) => utterance.text !== '');
}

export async function speechCancels(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { __speechCancels: number }).__speechCancels);
}

export async function isSpeaking(page: Page): Promise<boolean> {
  return page.evaluate(() => window.speechSynthesis.speaking);
}

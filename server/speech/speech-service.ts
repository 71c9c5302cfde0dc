import { createHash } from 'node:crypto';
import { availableParallelism } from 'node:os';
import type { Language } from '#shared/i18n.ts';
import type { Config } from '../env';
import { DomainError } from '../errors';
import { openClipCache } from './clip-cache';
import { createGate, type Gate, GateFull, type GateLimits } from './gate';
import { createSpeechBudget } from './speech-budget';
import { type Clip, espeakLauncher, espeakSynthesizer, openAiSynthesizer, type Synthesizer } from './synthesizers';

export type SpeechSettings = Partial<
  Pick<
    Config,
    'SPEECH_BASE_URL' | 'SPEECH_API_KEY' | 'SPEECH_MODEL' | 'SPEECH_VOICE_EN' | 'SPEECH_VOICE_VI' | 'ESPEAK_NG'
  >
>;

/** What the server's speech may take of the machine. */
export type SpeechLimits = {
  /** The most the clip cache keeps on disk. */
  cacheBytes: number;
  /** Each account's bytes of new clips a day (clips already kept are free). */
  dailyBytesPerAccount: number;
  /** espeak-ng runs at once (each takes a core while it lasts), and how many may wait. */
  espeak: GateLimits;
  /** Requests to a speech service at once: they wait on the network, not on this machine. */
  service: GateLimits;
};

const MB = 1024 * 1024;
export const DEFAULT_SPEECH_LIMITS: SpeechLimits = {
  cacheBytes: 200 * MB,
  dailyBytesPerAccount: 20 * MB,
  espeak: { running: availableParallelism(), waiting: 4 * availableParallelism(), maxWaitMs: 2000 },
  service: { running: 8, waiting: 32, maxWaitMs: 2000 },
};

export type SpeechService = {
  /** Whether the server can speak at all (a service configured, or espeak-ng installed). */
  available(): Promise<boolean>;
  /**
   * The line as audio: from the cache (free), or made now for `account` within its daily budget
   * (else TOO_MANY_REQUESTS) once a place is free (else SERVICE_UNAVAILABLE, soon). Throws another
   * error when nothing can make it.
   */
  clip(text: string, lang: Language, account: string): Promise<Clip>;
};

/**
 * Speech made by the server: an OpenAI-compatible speech service when one is configured
 * (SPEECH_BASE_URL or SPEECH_API_KEY), with espeak-ng as its stand-in should it fail; else espeak-ng
 * alone when it is installed; else none. Each clip is kept on disk under the hash of (voice, text),
 * so a question heard once is never made again, whoever plays it; the same clip asked for twice at
 * once is made once.
 */
export function createSpeechService(
  settings: SpeechSettings,
  cacheDir: string,
  limits: SpeechLimits = DEFAULT_SPEECH_LIMITS,
): SpeechService {
  const program = settings.ESPEAK_NG ?? 'espeak-ng';
  // Looked for when first needed, not at start-up.
  let espeakFound: Promise<Synthesizer | null> | null = null;
  const espeak = () => {
    espeakFound ??=
      program === 'off'
        ? Promise.resolve(null)
        : espeakLauncher(program).then((launch) => (launch ? espeakSynthesizer(program, launch) : null));
    return espeakFound;
  };
  const service =
    settings.SPEECH_BASE_URL || settings.SPEECH_API_KEY
      ? openAiSynthesizer({
          baseURL: settings.SPEECH_BASE_URL,
          apiKey: settings.SPEECH_API_KEY,
          model: settings.SPEECH_MODEL ?? 'gpt-4o-mini-tts',
          voices: { en: settings.SPEECH_VOICE_EN ?? 'alloy', vi: settings.SPEECH_VOICE_VI ?? 'alloy' },
        })
      : null;
  const serviceGate = createGate(limits.service);
  const espeakGate = createGate(limits.espeak);
  const cache = openClipCache(cacheDir, limits.cacheBytes);
  const budget = createSpeechBudget(limits.dailyBytesPerAccount);
  const making = new Map<string, Promise<Clip>>();

  async function cached(
    synthesizer: Synthesizer,
    gate: Gate,
    text: string,
    lang: Language,
    account: string,
  ): Promise<Clip> {
    const key = createHash('sha256')
      .update(`${synthesizer.voiceOf(lang)}\n${text}`)
      .digest('hex');
    const kept = await cache.read(key);
    if (kept) return kept;
    let made = making.get(key);
    if (!made) {
      const wait = budget.waitBefore(account);
      if (wait !== null) throw new DomainError('TOO_MANY_REQUESTS', 'errors:speech.dailyLimit', wait);
      made = gate
        .run(() => synthesizer.speak(text, lang))
        .then(async (clip) => {
          budget.charge(account, clip.bytes.length);
          await cache.write(key, clip);
          return clip;
        });
      making.set(key, made);
      void made.finally(() => making.delete(key)).catch(() => undefined);
    }
    return made;
  }

  /** Refusals that say how long to wait: passed on, never answered by the stand-in instead. */
  const isRefusal = (error: unknown) => error instanceof GateFull || error instanceof DomainError;

  return {
    async available() {
      return service !== null || (await espeak()) !== null;
    },
    async clip(text, lang, account) {
      try {
        const fallback = await espeak();
        if (service) {
          try {
            return await cached(service, serviceGate, text, lang, account);
          } catch (error) {
            if (!fallback || isRefusal(error)) throw error;
          }
        }
        if (!fallback) throw new Error('no speech service is configured and espeak-ng is not installed');
        return await cached(fallback, espeakGate, text, lang, account);
      } catch (error) {
        if (error instanceof GateFull) {
          throw new DomainError('SERVICE_UNAVAILABLE', 'errors:speech.busy', error.retryAfterSeconds);
        }
        throw error;
      }
    },
  };
}

import { createHash, randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { readdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Language } from '../../shared/i18n';
import type { Config } from '../env';
import { type Clip, espeakRuns, espeakSynthesizer, openAiSynthesizer, type Synthesizer } from './synthesizers';

export type SpeechSettings = Partial<
  Pick<
    Config,
    'SPEECH_BASE_URL' | 'SPEECH_API_KEY' | 'SPEECH_MODEL' | 'SPEECH_VOICE_EN' | 'SPEECH_VOICE_VI' | 'ESPEAK_NG'
  >
>;

export type SpeechService = {
  /** Whether the server can speak at all (a service configured, or espeak-ng installed). */
  available(): Promise<boolean>;
  /** The line as audio: from the cache, or made (and kept) now. Throws when nothing can make it. */
  clip(text: string, lang: Language): Promise<Clip>;
  /** Deletes the clips used longest ago until the cache holds at most `maxBytes`; how many went. */
  prune(maxBytes: number): Promise<number>;
};

/** The most the clip cache may hold (`prune`, hourly): ~2,500 questions' worth of espeak-ng WAV. */
export const SPEECH_CACHE_BYTES = 500 * 1024 * 1024;

const EXTENSIONS: Record<Clip['type'], string> = { 'audio/mpeg': 'mp3', 'audio/wav': 'wav' };

/**
 * Speech made by the server: an OpenAI-compatible speech service when one is configured
 * (SPEECH_BASE_URL or SPEECH_API_KEY), with espeak-ng as its stand-in should it fail; else espeak-ng
 * alone when it is installed; else none. Each clip is kept on disk under the hash of (voice, text),
 * so a question heard once is never made again, whoever plays it; the same clip asked for twice at
 * once is made once.
 */
export function createSpeechService(settings: SpeechSettings, cacheDir: string): SpeechService {
  const program = settings.ESPEAK_NG ?? 'espeak-ng';
  // Looked for when first needed, not at start-up.
  let espeakFound: Promise<Synthesizer | null> | null = null;
  const espeak = () => {
    espeakFound ??=
      program === 'off'
        ? Promise.resolve(null)
        : espeakRuns(program).then((runs) => (runs ? espeakSynthesizer(program) : null));
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
  mkdirSync(cacheDir, { recursive: true });
  const making = new Map<string, Promise<Clip>>();

  async function cached(synthesizer: Synthesizer, text: string, lang: Language): Promise<Clip> {
    const key = createHash('sha256')
      .update(`${synthesizer.voiceOf(lang)}\n${text}`)
      .digest('hex');
    for (const [type, extension] of Object.entries(EXTENSIONS) as [Clip['type'], string][]) {
      const file = join(cacheDir, `${key}.${extension}`);
      const bytes = await readFile(file).catch(() => null);
      if (bytes) {
        // Marked as used: pruning goes by the time a clip was last heard.
        const now = new Date();
        await utimes(file, now, now).catch(() => undefined);
        return { bytes, type };
      }
    }
    let made = making.get(key);
    if (!made) {
      made = synthesizer.speak(text, lang).then(async (clip) => {
        const file = join(cacheDir, `${key}.${EXTENSIONS[clip.type]}`);
        const temporary = `${file}.${randomUUID()}.tmp`;
        await writeFile(temporary, clip.bytes);
        await rename(temporary, file);
        return clip;
      });
      making.set(key, made);
      void made.finally(() => making.delete(key)).catch(() => undefined);
    }
    return made;
  }

  return {
    async prune(maxBytes) {
      const names = await readdir(cacheDir).catch(() => [] as string[]);
      const files = await Promise.all(
        names.map(async (name) => {
          const info = await stat(join(cacheDir, name)).catch(() => null);
          return info ? { name, size: info.size, used: info.mtimeMs } : null;
        }),
      );
      const present = files.filter((file) => file !== null).sort((a, b) => b.used - a.used);
      let total = 0;
      let removed = 0;
      for (const file of present) {
        total += file.size;
        if (total > maxBytes) {
          await rm(join(cacheDir, file.name), { force: true });
          removed++;
        }
      }
      return removed;
    },
    async available() {
      return service !== null || (await espeak()) !== null;
    },
    async clip(text, lang) {
      const fallback = await espeak();
      if (service) {
        try {
          return await cached(service, text, lang);
        } catch (error) {
          if (!fallback) throw error;
        }
      }
      if (!fallback) throw new Error('no speech service is configured and espeak-ng is not installed');
      return cached(fallback, text, lang);
    },
  };
}

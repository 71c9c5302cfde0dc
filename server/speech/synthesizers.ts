import { spawn } from 'node:child_process';
import type { Language } from '../../shared/i18n';

/** A spoken line as audio, with its media type. */
export type Clip = { bytes: Buffer; type: 'audio/mpeg' | 'audio/wav' };

/** Something that turns a line of text in a language into audio. */
export type Synthesizer = {
  /** Names the service, model and voice: part of a clip's cache key, so another voice never reuses it. */
  voiceOf(lang: Language): string;
  speak(text: string, lang: Language): Promise<Clip>;
};

/** A clip as large as no line of a game needs (a question with its answers is ~10 s: ~200 KB of MP3). */
const MAX_CLIP_BYTES = 5 * 1024 * 1024;
const SPEECH_TIMEOUT_MS = 20_000;

export type OpenAiSpeechSettings = {
  baseURL: string | undefined;
  apiKey: string | undefined;
  model: string;
  voices: Record<Language, string>;
};

/**
 * An OpenAI-compatible speech service through the `openai` SDK's speech call: OpenAI's own (its
 * voices speak Vietnamese) or a local server (Piper's Vietnamese voices behind an OpenAI-compatible
 * API, for example). The SDK is loaded with the first clip.
 */
export function openAiSynthesizer(settings: OpenAiSpeechSettings): Synthesizer {
  const client = import('openai').then(
    ({ default: OpenAI }) =>
      new OpenAI({
        apiKey: settings.apiKey ?? 'not-needed',
        baseURL: settings.baseURL,
        timeout: SPEECH_TIMEOUT_MS,
        maxRetries: 0,
      }),
  );
  return {
    voiceOf: (lang) => `openai ${settings.baseURL ?? 'api.openai.com'} ${settings.model} ${settings.voices[lang]}`,
    async speak(text, lang) {
      const response = await (await client).audio.speech.create({
        model: settings.model,
        voice: settings.voices[lang],
        input: text,
        response_format: 'mp3',
      });
      const bytes = Buffer.from(await response.arrayBuffer());
      if (bytes.length === 0 || bytes.length > MAX_CLIP_BYTES)
        throw new Error(`a speech clip of ${bytes.length} bytes`);
      return { bytes, type: 'audio/mpeg' };
    },
  };
}

/** espeak-ng's voices for the game's languages. */
const ESPEAK_VOICES: Record<Language, string> = { en: 'en-us', vi: 'vi' };

/** Runs `program` with `args`, `input` on its standard input (never a shell); its standard output. */
function run(program: string, args: string[], input: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { stdio: ['pipe', 'pipe', 'ignore'], timeout: SPEECH_TIMEOUT_MS });
    const chunks: Buffer[] = [];
    let size = 0;
    child.stdout.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_CLIP_BYTES) child.kill();
      else chunks.push(chunk);
    });
    child.once('error', reject);
    child.once('close', (code) =>
      code === 0 && size <= MAX_CLIP_BYTES
        ? resolve(Buffer.concat(chunks))
        : reject(new Error(`${program} exited ${code}`)),
    );
    child.stdin.on('error', () => undefined);
    child.stdin.end(input);
  });
}

/**
 * espeak-ng on the host (`apt install espeak-ng`): offline, instant, robotic but clear. Run as a
 * program of its own with arguments; the text goes in on its standard input, so nothing in it can
 * be read as an option. Not bundled (it is GPL).
 */
export function espeakSynthesizer(program: string): Synthesizer {
  return {
    voiceOf: (lang) => `espeak-ng ${ESPEAK_VOICES[lang]}`,
    async speak(text, lang) {
      const bytes = await run(program, ['-v', ESPEAK_VOICES[lang], '-s', '150', '--stdout'], text);
      if (bytes.subarray(0, 4).toString() !== 'RIFF') throw new Error(`${program} did not write a WAV file`);
      return { bytes, type: 'audio/wav' };
    },
  };
}

/** Whether espeak-ng runs here (it answers --version). */
export async function espeakRuns(program: string): Promise<boolean> {
  try {
    const version = await run(program, ['--version'], '');
    return version.toString().toLowerCase().includes('espeak');
  } catch {
    return false;
  }
}

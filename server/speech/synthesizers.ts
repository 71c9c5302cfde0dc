import { spawn } from 'node:child_process';
import type { Language } from '#shared/i18n.ts';
import { encodeOggOpus } from './ogg-opus';
import { readWav } from './pcm';

/** A spoken line as audio, with its media type: MP3 from a speech service, Ogg Opus from espeak-ng. */
export type Clip = { bytes: Buffer; type: 'audio/mpeg' | 'audio/ogg' };

/** Something that turns a line of text in a language into audio. */
export type Synthesizer = {
  /** Names the service, model and voice: part of a clip's cache key, so another voice never reuses it. */
  voiceOf(lang: Language): string;
  speak(text: string, lang: Language): Promise<Clip>;
};

/** A clip as large as no line of a game needs (a question with its answers is ~10 s: ~200 KB of MP3). */
const MAX_CLIP_BYTES = 5 * 1024 * 1024;
const SPEECH_TIMEOUT_MS = 20_000;
/** An espeak-ng run takes well under a second; one that hangs is ended. */
const ESPEAK_TIMEOUT_MS = 10_000;

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

/**
 * How a program is started: through `setpriv --pdeathsig KILL` where util-linux has it (Debian
 * does by default), so that the kernel ends the program if the server dies, even by `kill -9`;
 * else as it is.
 */
export type Launcher = (program: string, args: string[]) => [string, string[]];
const direct: Launcher = (program, args) => [program, args];
const dyingWithServer: Launcher = (program, args) => ['setpriv', ['--pdeathsig', 'KILL', '--', program, ...args]];

/** Runs `program` with `args`, `input` on its standard input (never a shell); its standard output. */
function run(launch: Launcher, program: string, args: string[], input: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const [command, commandArgs] = launch(program, args);
    const child = spawn(command, commandArgs, {
      stdio: ['pipe', 'pipe', 'ignore'],
      timeout: ESPEAK_TIMEOUT_MS,
      killSignal: 'SIGKILL',
    });
    const chunks: Buffer[] = [];
    let size = 0;
    child.stdout.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_CLIP_BYTES) child.kill('SIGKILL');
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
 * be read as an option. Not bundled (it is GPL). Its WAV is kept as Ogg Opus (ogg-opus.ts).
 */
export function espeakSynthesizer(program: string, launch: Launcher = direct): Synthesizer {
  return {
    voiceOf: (lang) => `espeak-ng ${ESPEAK_VOICES[lang]} opus`,
    async speak(text, lang) {
      const wav = await run(launch, program, ['-v', ESPEAK_VOICES[lang], '-s', '150', '--stdout'], text);
      return { bytes: await encodeOggOpus(readWav(wav)), type: 'audio/ogg' };
    },
  };
}

/**
 * How espeak-ng runs here: through setpriv when it can, else directly; null when it does not run
 * at all (it answers --version).
 */
export async function espeakLauncher(program: string): Promise<Launcher | null> {
  for (const launch of [dyingWithServer, direct]) {
    const version = await run(launch, program, ['--version'], '').catch(() => null);
    if (version?.toString().toLowerCase().includes('espeak')) return launch;
  }
  return null;
}

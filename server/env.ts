import { isAbsolute, resolve } from 'node:path';
import { z } from 'zod';
import { INSTALL_DIR } from './install-dir';

/** An unset variable and an empty one (`PORT=` in a compose file) mean the same: the default. */
const unsetIfEmpty = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

const booleanFlag = z
  .enum(['true', 'false', '1', '0'], 'must be true or false')
  .optional()
  .transform((value) => value === 'true' || value === '1');

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined));

export const DEFAULT_DATABASE_PATH = 'data/quiz-ladder.db';
export const DEFAULT_AI_MODEL = 'gpt-4o-mini';
export const DEFAULT_UPLOADS_DIR = 'uploads';
export const DEFAULT_SPEECH_MODEL = 'gpt-4o-mini-tts';
export const DEFAULT_SPEECH_VOICE = 'alloy';
export const DEFAULT_SPEECH_CACHE_MB = 200;
export const DEFAULT_SPEECH_DAILY_MB = 20;
export const LOG_LEVELS = ['error', 'warn', 'info', 'debug'] as const;

/** A whole number of megabytes, at least 1. */
const megabytes = (fallback: number) =>
  z
    .string()
    .regex(/^\d{1,7}$/, 'must be a whole number of megabytes')
    .transform(Number)
    .pipe(z.number().min(1, 'must be at least 1'))
    .default(fallback);

const fields = {
  NODE_ENV: z
    .enum(['development', 'production', 'test'], 'must be development, production or test')
    .default('development'),
  PORT: z
    .string()
    .regex(/^\d{1,5}$/, 'must be a port number from 1 to 65535')
    .transform(Number)
    .pipe(
      z.number().min(1, 'must be a port number from 1 to 65535').max(65535, 'must be a port number from 1 to 65535'),
    )
    .default(3000),
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// address, e.g. https://quiz.example.com' })
    .optional(),
  DATABASE_PATH: z.string().trim().min(1).default(DEFAULT_DATABASE_PATH),
  UPLOADS_DIR: z.string().trim().min(1).default(DEFAULT_UPLOADS_DIR),
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_CLIENT_SECRET: optionalText,
  ADMIN_EMAILS: z
    .string()
    .optional()
    .transform((value) =>
      (value ?? '')
        .split(',')
        .map((email) => email.trim().toLowerCase())
        .filter(Boolean),
    ),
  ALLOW_LOCAL_SIGNIN: booleanFlag,
  OPENAI_API_KEY: optionalText,
  OPENAI_BASE_URL: z.url('must be an http:// or https:// address').optional(),
  OPENAI_MODEL: z.string().trim().min(1).default(DEFAULT_AI_MODEL),
  /**
   * Speech made by the server, for a device without a voice for the game's language: an
   * OpenAI-compatible speech service when SPEECH_BASE_URL or SPEECH_API_KEY is set, else espeak-ng.
   */
  SPEECH_BASE_URL: z.url('must be an http:// or https:// address').optional(),
  SPEECH_API_KEY: optionalText,
  SPEECH_MODEL: z.string().trim().min(1).default(DEFAULT_SPEECH_MODEL),
  SPEECH_VOICE_EN: z.string().trim().min(1).default(DEFAULT_SPEECH_VOICE),
  SPEECH_VOICE_VI: z.string().trim().min(1).default(DEFAULT_SPEECH_VOICE),
  /** The espeak-ng program (a name on PATH or a path), or `off`. */
  ESPEAK_NG: z.string().trim().min(1).default('espeak-ng'),
  /** The most the speech clips (UPLOADS_DIR/speech) may take on disk; the clips heard longest ago go first. */
  SPEECH_CACHE_MB: megabytes(DEFAULT_SPEECH_CACHE_MB),
  /** Each account's megabytes of new speech clips a day (clips already made are free). */
  SPEECH_DAILY_MB: megabytes(DEFAULT_SPEECH_DAILY_MB),
  /** What the log keeps: warnings and errors always; a line per request only at `debug`. */
  LOG_LEVEL: z.enum(LOG_LEVELS, `must be one of ${LOG_LEVELS.join(', ')}`).optional(),
};

const envSchema = z.object(fields);

export type Env = z.infer<typeof envSchema>;
export type SignInMode = 'google' | 'local';

export function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || host === '[::1]' || /^127(\.\d{1,3}){3}$/.test(host);
}

type ExposureFacts = Pick<
  Env,
  'NODE_ENV' | 'HOST' | 'GOOGLE_CLIENT_ID' | 'GOOGLE_CLIENT_SECRET' | 'ALLOW_LOCAL_SIGNIN'
> & {
  PUBLIC_URL?: string | undefined;
};

/**
 * Local sign-in lets anyone type any email, admins' included, so it is on only where strangers
 * cannot reach the server, judged by every address it answers to: outside production, on a
 * loopback HOST, and with no PUBLIC_URL naming another host (a reverse proxy in front of a
 * loopback HOST is exposed all the same). ALLOW_LOCAL_SIGNIN=true overrides, with a warning.
 */
export function signInModeOf(env: ExposureFacts): { mode: SignInMode; problem?: string; warning?: string } {
  if (env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET) return { mode: 'google' };
  if (env.GOOGLE_CLIENT_ID || env.GOOGLE_CLIENT_SECRET) {
    return { mode: 'local', problem: 'GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together.' };
  }
  const publicHost = env.PUBLIC_URL ? new URL(env.PUBLIC_URL).hostname : null;
  const exposures = [
    env.NODE_ENV === 'production' ? 'with NODE_ENV=production' : null,
    isLoopbackHost(env.HOST) ? null : `on HOST=${env.HOST}, which is not a loopback address`,
    publicHost && !isLoopbackHost(publicHost)
      ? `behind PUBLIC_URL=${env.PUBLIC_URL}, which other machines reach`
      : null,
  ].filter((exposure) => exposure !== null);
  if (exposures.length === 0) return { mode: 'local' };
  if (env.ALLOW_LOCAL_SIGNIN) {
    return {
      mode: 'local',
      warning:
        'ALLOW_LOCAL_SIGNIN=true: anyone who reaches this server can sign in as any email, admins included. Set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET instead.',
    };
  }
  return {
    mode: 'local',
    problem: `Google sign-in is not configured, and local sign-in is refused ${exposures.join(' and ')}: anyone could sign in as anyone. Set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET, or ALLOW_LOCAL_SIGNIN=true if you accept that risk.`,
  };
}

export type Config = Env & { signIn: SignInMode; signInWarning?: string };

/**
 * Relative DATABASE_PATH and UPLOADS_DIR are taken from the Quiz Ladder folder (install-dir.ts), not
 * from whatever directory the server was started in: a systemd unit or a cron job starting it
 * elsewhere finds the same data.
 */
export function resolveDataPath(path: string): string {
  return path === ':memory:' || isAbsolute(path) ? path : resolve(INSTALL_DIR, path);
}

/**
 * Parses the environment; returns every problem at once rather than the first, the sign-in
 * exposure included (judged from the variables that parsed).
 */
export function parseEnv(source: NodeJS.ProcessEnv): { config: Config } | { problems: string[] } {
  const problems: string[] = [];
  const values: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(fields)) {
    const raw = unsetIfEmpty(source[name]);
    const result = (schema as z.ZodType).safeParse(raw);
    if (result.success) values[name] = result.data;
    else problems.push(`${name}: ${result.error.issues[0]?.message ?? 'is not valid'} (got ${JSON.stringify(raw)})`);
  }
  const facts = values as ExposureFacts;
  if (facts.NODE_ENV !== undefined && facts.HOST !== undefined) {
    const signIn = signInModeOf(facts);
    if (signIn.problem) problems.push(signIn.problem);
    if (problems.length === 0) {
      const env = values as Env;
      return {
        config: {
          ...env,
          DATABASE_PATH: resolveDataPath(env.DATABASE_PATH),
          UPLOADS_DIR: resolveDataPath(env.UPLOADS_DIR),
          signIn: signIn.mode,
          signInWarning: signIn.warning,
        },
      };
    }
  }
  return { problems };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Quiz Ladder cannot start; fix the environment:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = parseEnv(source);
  if ('problems' in parsed) throw new ConfigError(parsed.problems);
  return parsed.config;
}

import { z } from 'zod';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((value) => value === 'true' || value === '1');

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined));

export const DEFAULT_DATABASE_PATH = 'data/quiz-ladder.db';

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  DATABASE_PATH: z.string().trim().min(1).default(DEFAULT_DATABASE_PATH),
  UPLOADS_DIR: z.string().trim().min(1).default('uploads'),
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
  OPENAI_BASE_URL: z.url().optional(),
  OPENAI_MODEL: z.string().trim().min(1).default('gpt-4o-mini'),
});

export type Env = z.infer<typeof envSchema>;
export type SignInMode = 'google' | 'local';

export function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || host === '[::1]' || /^127(\.\d{1,3}){3}$/.test(host);
}

/**
 * Local sign-in lets anyone type any email, so it is only on where strangers cannot reach it:
 * a loopback host outside production, or when ALLOW_LOCAL_SIGNIN=true says so explicitly.
 */
export function signInModeOf(env: Env): { mode: SignInMode; problem?: string; warning?: string } {
  if (env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET) return { mode: 'google' };
  if (env.GOOGLE_CLIENT_ID || env.GOOGLE_CLIENT_SECRET) {
    return { mode: 'local', problem: 'GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together.' };
  }
  const exposed = env.NODE_ENV === 'production' || !isLoopbackHost(env.HOST);
  if (!exposed) return { mode: 'local' };
  if (env.ALLOW_LOCAL_SIGNIN) {
    return {
      mode: 'local',
      warning:
        'ALLOW_LOCAL_SIGNIN=true: anyone who reaches this server can sign in as any email, admins included. Set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET instead.',
    };
  }
  return {
    mode: 'local',
    problem: `Google sign-in is not configured, and local sign-in is refused ${
      env.NODE_ENV === 'production'
        ? 'with NODE_ENV=production'
        : `on HOST=${env.HOST}, which is not a loopback address`
    }: anyone could sign in as anyone. Set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET, or ALLOW_LOCAL_SIGNIN=true if you accept that risk.`,
  };
}

export type Config = Env & { signIn: SignInMode; signInWarning?: string };

/** Parses the environment; returns every problem at once rather than the first. */
export function parseEnv(source: NodeJS.ProcessEnv): { config: Config } | { problems: string[] } {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    return {
      problems: result.error.issues.map((issue) => `${issue.path.join('.') || 'environment'}: ${issue.message}`),
    };
  }
  const signIn = signInModeOf(result.data);
  if (signIn.problem) return { problems: [signIn.problem] };
  return { config: { ...result.data, signIn: signIn.mode, signInWarning: signIn.warning } };
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = parseEnv(source);
  if ('problems' in parsed) {
    console.error(
      `Quiz Ladder cannot start; fix the environment:\n${parsed.problems.map((p) => `  - ${p}`).join('\n')}`,
    );
    process.exit(1);
  }
  return parsed.config;
}

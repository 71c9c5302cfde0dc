import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type Config, type Env, parseEnv, signInModeOf } from './env';
import { INSTALL_DIR } from './install-dir';

function configOf(source: NodeJS.ProcessEnv): Config {
  const parsed = parseEnv(source);
  if ('problems' in parsed) throw new Error(`unexpected problems: ${parsed.problems.join(' | ')}`);
  return parsed.config;
}

function problemsOf(source: NodeJS.ProcessEnv): string[] {
  const parsed = parseEnv(source);
  if (!('problems' in parsed)) throw new Error('expected the environment to be refused');
  return parsed.problems;
}

describe('parseEnv', () => {
  it('fills in the defaults', () => {
    const config = configOf({});
    expect(config.PORT).toBe(3000);
    expect(config.HOST).toBe('127.0.0.1');
    expect(config.DATABASE_PATH).toBe(join(INSTALL_DIR, 'data', 'quiz-ladder.db'));
    expect(config.UPLOADS_DIR).toBe(join(INSTALL_DIR, 'uploads'));
    expect(config.NODE_ENV).toBe('development');
    expect(config.PUBLIC_URL).toBeUndefined();
    expect(config.ADMIN_EMAILS).toEqual([]);
    expect(config.ALLOW_LOCAL_SIGNIN).toBe(false);
    expect(config.signIn).toBe('local');
    expect(config.signInWarning).toBeUndefined();
    expect(config.SPEECH_CACHE_MB).toBe(200);
    expect(config.SPEECH_DAILY_MB).toBe(20);
  });

  it('reads the speech limits in megabytes, and refuses what is not one', () => {
    expect(configOf({ SPEECH_CACHE_MB: '50', SPEECH_DAILY_MB: '5' })).toMatchObject({
      SPEECH_CACHE_MB: 50,
      SPEECH_DAILY_MB: 5,
    });
    const problems = problemsOf({ SPEECH_CACHE_MB: '0', SPEECH_DAILY_MB: '2.5' });
    expect(problems[0]).toMatch(/^SPEECH_CACHE_MB: must be at least 1/);
    expect(problems[1]).toMatch(/^SPEECH_DAILY_MB: must be a whole number of megabytes/);
  });

  it('reads the values it is given', () => {
    const config = configOf({
      PORT: '8080',
      HOST: 'localhost',
      DATABASE_PATH: '/srv/q.db',
      PUBLIC_URL: 'https://quiz.example',
      GOOGLE_CLIENT_ID: 'id',
      GOOGLE_CLIENT_SECRET: 'secret',
    });
    expect(config.PORT).toBe(8080);
    expect(config.HOST).toBe('localhost');
    expect(config.DATABASE_PATH).toBe('/srv/q.db');
    expect(config.PUBLIC_URL).toBe('https://quiz.example');
  });

  it('lists every problem at once', () => {
    const problems = problemsOf({ PORT: 'abc', PUBLIC_URL: 'notaurl' });
    expect(problems).toHaveLength(2);
    expect(problems.some((p) => p.startsWith('PORT'))).toBe(true);
    expect(problems.some((p) => p.startsWith('PUBLIC_URL'))).toBe(true);
  });

  it('lists the sign-in exposure with the other problems, not after they are fixed', () => {
    const problems = problemsOf({ PORT: 'abc', PUBLIC_URL: 'bad', NODE_ENV: 'production', HOST: '0.0.0.0' });
    expect(problems).toHaveLength(3);
    expect(problems[0]).toMatch(/^PORT: must be a port number from 1 to 65535 \(got "abc"\)/);
    expect(problems[1]).toMatch(/^PUBLIC_URL/);
    expect(problems[2]).toContain('NODE_ENV=production');
    expect(problems[2]).toContain('HOST=0.0.0.0');
  });

  it('takes an empty PORT as unset, and refuses port 0 (a random port nobody could find)', () => {
    expect(configOf({ PORT: '' }).PORT).toBe(3000);
    expect(configOf({ PORT: '  ' }).PORT).toBe(3000);
    expect(problemsOf({ PORT: '0' })[0]).toMatch(/^PORT/);
    expect(problemsOf({ PORT: '80.5' })[0]).toMatch(/^PORT/);
  });

  it('takes relative data paths from the install folder, absolute ones as they are', () => {
    const config = configOf({ DATABASE_PATH: 'var/q.db', UPLOADS_DIR: '/srv/uploads' });
    expect(config.DATABASE_PATH).toBe(join(INSTALL_DIR, 'var', 'q.db'));
    expect(config.UPLOADS_DIR).toBe('/srv/uploads');
  });

  it('refuses a port out of range and a PUBLIC_URL that is not http(s)', () => {
    expect(problemsOf({ PORT: '70000' })[0]).toMatch(/^PORT/);
    expect(problemsOf({ PUBLIC_URL: 'ftp://quiz.example' })[0]).toMatch(/^PUBLIC_URL/);
  });

  it('refuses NODE_ENV=production without Google credentials, naming the ways out', () => {
    const problems = problemsOf({ NODE_ENV: 'production' });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain('GOOGLE_CLIENT_ID');
    expect(problems[0]).toContain('ALLOW_LOCAL_SIGNIN');
    expect(problems[0]).toContain('NODE_ENV=production');
  });

  it('refuses local sign-in on a non-loopback HOST', () => {
    const problems = problemsOf({ HOST: '0.0.0.0' });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain('GOOGLE_CLIENT_ID');
    expect(problems[0]).toContain('ALLOW_LOCAL_SIGNIN');
    expect(problems[0]).toContain('HOST=0.0.0.0');
  });

  it('refuses local sign-in behind a PUBLIC_URL that other machines reach, even on a loopback HOST', () => {
    const problems = problemsOf({
      HOST: '127.0.0.1',
      PUBLIC_URL: 'https://quiz.example.test',
      ADMIN_EMAILS: 'owner@example.com',
    });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain('PUBLIC_URL=https://quiz.example.test');
    expect(problems[0]).toContain('GOOGLE_CLIENT_ID');
    // A PUBLIC_URL on this machine (npm run dev's) is not exposed.
    expect(configOf({ PUBLIC_URL: 'http://localhost:5173' }).signIn).toBe('local');
    expect(
      configOf({ PUBLIC_URL: 'https://quiz.example.test', ALLOW_LOCAL_SIGNIN: 'true' }).signInWarning,
    ).toBeTruthy();
  });

  it('allows local sign-in on loopback hosts outside production', () => {
    for (const HOST of ['127.0.0.1', 'localhost', '::1', '127.1.2.3']) {
      expect(configOf({ HOST }).signIn).toBe('local');
    }
  });

  it('allows an exposed local sign-in with ALLOW_LOCAL_SIGNIN=true, with a warning', () => {
    const production = configOf({ NODE_ENV: 'production', ALLOW_LOCAL_SIGNIN: 'true' });
    expect(production.signIn).toBe('local');
    expect(production.signInWarning).toContain('ALLOW_LOCAL_SIGNIN=true');
    const exposed = configOf({ HOST: '0.0.0.0', ALLOW_LOCAL_SIGNIN: '1' });
    expect(exposed.signIn).toBe('local');
    expect(exposed.signInWarning).toBeTruthy();
  });

  it('does not take ALLOW_LOCAL_SIGNIN=false or an unknown value as consent', () => {
    expect(problemsOf({ NODE_ENV: 'production', ALLOW_LOCAL_SIGNIN: 'false' })[0]).toContain('ALLOW_LOCAL_SIGNIN');
    expect(problemsOf({ NODE_ENV: 'production', ALLOW_LOCAL_SIGNIN: 'yes' })[0]).toMatch(/^ALLOW_LOCAL_SIGNIN/);
  });

  it('chooses Google sign-in when both Google variables are set, even in production', () => {
    const config = configOf({
      NODE_ENV: 'production',
      HOST: '0.0.0.0',
      GOOGLE_CLIENT_ID: 'id',
      GOOGLE_CLIENT_SECRET: 'secret',
    });
    expect(config.signIn).toBe('google');
    expect(config.signInWarning).toBeUndefined();
  });

  it('refuses only one of the two Google variables', () => {
    for (const partial of [{ GOOGLE_CLIENT_ID: 'id' }, { GOOGLE_CLIENT_SECRET: 'secret' }]) {
      const problems = problemsOf(partial);
      expect(problems).toHaveLength(1);
      expect(problems[0]).toContain('GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together');
    }
    // A blank value counts as unset.
    expect(problemsOf({ GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: '   ' })[0]).toContain('must be set together');
  });

  it('splits, trims and lowercases ADMIN_EMAILS', () => {
    const config = configOf({ ADMIN_EMAILS: ' Alice@Example.com ,bob@EXAMPLE.org,, ' });
    expect(config.ADMIN_EMAILS).toEqual(['alice@example.com', 'bob@example.org']);
  });
});

describe('signInModeOf', () => {
  const base: Env = {
    NODE_ENV: 'development',
    PORT: 3000,
    HOST: '127.0.0.1',
    PUBLIC_URL: undefined,
    DATABASE_PATH: 'data/quiz-ladder.db',
    UPLOADS_DIR: 'uploads',
    GOOGLE_CLIENT_ID: undefined,
    GOOGLE_CLIENT_SECRET: undefined,
    ADMIN_EMAILS: [],
    ALLOW_LOCAL_SIGNIN: false,
    OPENAI_API_KEY: undefined,
    OPENAI_BASE_URL: undefined,
    OPENAI_MODEL: 'gpt-4o-mini',
    SPEECH_API_KEY: undefined,
    SPEECH_MODEL: 'gpt-4o-mini-tts',
    SPEECH_VOICE_EN: 'alloy',
    SPEECH_VOICE_VI: 'alloy',
    ESPEAK_NG: 'espeak-ng',
    SPEECH_CACHE_MB: 200,
    SPEECH_DAILY_MB: 20,
  };

  it('is local without a problem on loopback in development', () => {
    expect(signInModeOf(base)).toEqual({ mode: 'local' });
  });

  it('is google with both credentials', () => {
    expect(signInModeOf({ ...base, GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 's' })).toEqual({ mode: 'google' });
  });

  it('has a problem when exposed without consent, a warning with it', () => {
    expect(signInModeOf({ ...base, HOST: '0.0.0.0' }).problem).toContain('ALLOW_LOCAL_SIGNIN');
    const allowed = signInModeOf({ ...base, NODE_ENV: 'production', ALLOW_LOCAL_SIGNIN: true });
    expect(allowed.problem).toBeUndefined();
    expect(allowed.warning).toContain('anyone');
  });
});

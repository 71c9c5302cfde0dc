import { spawnSync } from 'node:child_process';
import { readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { LOCAL_ONLY_CONFIG } from '../app';
import { SESSION_COOKIE } from '../auth/session';
import { showQuestions } from '../db/schema';
import { createImageStore } from '../images/image-store';
import { createTestApp } from '../test/app';
import { createTestDb } from '../test/db';
import { TEST_RATE_LIMITS } from '../test/deps';
import { createAccount, createCategoryRow, createProfileRow, createQuestionRows } from '../test/factories';
import { startFakeAiService } from '../test/fake-ai-service';
import { phone } from '../test/show';
import { inProcessWriter } from '../writer';
import { createSpeechService, DEFAULT_SPEECH_LIMITS, type SpeechLimits, type SpeechSettings } from './speech-service';

const espeakInstalled = spawnSync('espeak-ng', ['--version']).status === 0;
const ai = await startFakeAiService();
afterAll(() => ai.close());
beforeEach(() => {
  ai.speechRequests.length = 0;
  ai.failSpeech(false);
  ai.delaySpeech(0);
});

/** An app whose server speech is `settings` (its clips cached in a folder of its own), within `limits`. */
async function appSpeaking(
  settings: SpeechSettings,
  {
    rateLimits = TEST_RATE_LIMITS,
    limits = {},
  }: { rateLimits?: typeof TEST_RATE_LIMITS; limits?: Partial<SpeechLimits> } = {},
) {
  const db = createTestDb();
  const uploads = join(dirname(db.path), 'uploads');
  const speech = createSpeechService(settings, join(uploads, 'speech'), { ...DEFAULT_SPEECH_LIMITS, ...limits });
  const app = await createTestApp(db, {
    config: LOCAL_ONLY_CONFIG,
    rateLimits,
    deps: { db, writer: inProcessWriter(db), images: createImageStore(uploads), speech },
  } as never);
  const categoryId = createCategoryRow(db);
  createQuestionRows(db, 15, { categoryId });
  const family = createAccount(db);
  const profileId = createProfileRow(db, family.userId, { age: 9 });
  const cookie = `${SESSION_COOKIE}=${family.token}`;
  const start = async (lang: 'en' | 'vi') => {
    const game = await family.caller().game.start({ profileId, categoryId, lang });
    if (!game) throw new Error('no game');
    return game;
  };
  const hear = (gameId: string, line: string, asCookie = cookie, at?: number, format?: 'wav') =>
    app.inject({
      method: 'GET',
      url: `/api/speech?gameId=${gameId}&line=${line}${at === undefined ? '' : `&at=${at}`}${format ? `&format=${format}` : ''}`,
      headers: { cookie: asCookie },
    });
  /** Another family, with a game of its own in `lang`. */
  const otherFamily = async (lang: 'en' | 'vi') => {
    const other = createAccount(db);
    const otherProfile = createProfileRow(db, other.userId, { age: 9 });
    const game = await other.caller().game.start({ profileId: otherProfile, categoryId, lang });
    if (!game) throw new Error('no game');
    return { cookie: `${SESSION_COOKIE}=${other.token}`, game };
  };
  return { db, app, family, profileId, cookie, start, hear, otherFamily, speechDir: join(uploads, 'speech') };
}

const viaStub: SpeechSettings = {
  SPEECH_BASE_URL: ai.baseURL,
  SPEECH_VOICE_EN: 'echo',
  SPEECH_VOICE_VI: 'nova',
  ESPEAK_NG: 'off',
};

describe('GET /api/speech with a speech service', () => {
  it('speaks the question on screen as the server composes it, in the game’s language and voice', async () => {
    const { start, hear } = await appSpeaking(viaStub);
    const game = await start('vi');
    const response = await hear(game.gameId, 'question');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('audio/mpeg');
    expect(response.rawPayload.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xfb]));
    const [asked] = ai.speechRequests;
    const first = game.questions[0];
    expect(asked?.voice).toBe('nova');
    expect(asked?.input).toBe(
      `Câu số 1, trị giá 100. ${first?.question} ${first?.answers.map((a, i) => `${'ABCD'[i]}. ${a}.`).join(' ')}`,
    );
    expect(asked?.input).toBe(asked?.input.normalize('NFC'));
  });

  it('keeps each clip: the same line again, or another family’s same question, is not asked for again', async () => {
    const { start, hear } = await appSpeaking(viaStub);
    const game = await start('en');
    await hear(game.gameId, 'question');
    await hear(game.gameId, 'question');
    expect(ai.speechRequests).toHaveLength(1);
    expect(ai.speechRequests[0]?.voice).toBe('echo');
  });

  it('speaks a pick’s result and the end from what the server holds', async () => {
    const { start, hear, family } = await appSpeaking(viaStub);
    const game = await start('en');
    expect((await hear(game.gameId, 'result')).statusCode).toBe(404); // nothing picked yet
    expect((await hear(game.gameId, 'end')).statusCode).toBe(404); // still playing
    const first = game.questions[0] as { answers: string[] };
    const wrong = first.answers.findIndex((answer) => !answer.startsWith('Right'));
    const right = first.answers.findIndex((answer) => answer.startsWith('Right'));
    await family.caller().game.answer({ gameId: game.gameId, position: 0, answerIndex: wrong });
    expect((await hear(game.gameId, 'result')).statusCode).toBe(200);
    expect(ai.speechRequests.at(-1)?.input).toBe(
      `Not quite. The answer was ${'ABCD'[right]}: ${first.answers[right]}.`,
    );
    expect((await hear(game.gameId, 'end')).statusCode).toBe(200);
    expect(ai.speechRequests.at(-1)?.input).toBe('Game over. You walk away with 0 this time. Try again!');
    expect((await hear(game.gameId, 'question')).statusCode).toBe(404); // the game is over
  });

  it('speaks a question it has shown when asked by its position, even once a quick pick ended the game; never one to come', async () => {
    const { start, hear, family, cookie } = await appSpeaking(viaStub);
    const game = await start('en');
    expect((await hear(game.gameId, 'question', cookie, 1)).statusCode).toBe(404); // not shown yet
    expect((await hear(game.gameId, 'question', cookie, 15)).statusCode).toBe(400);
    expect((await hear(game.gameId, 'question', cookie, -1)).statusCode).toBe(400);
    const first = game.questions[0] as { question: string; answers: string[] };
    const wrong = first.answers.findIndex((answer) => !answer.startsWith('Right'));
    await family.caller().game.answer({ gameId: game.gameId, position: 0, answerIndex: wrong });
    expect((await hear(game.gameId, 'question')).statusCode).toBe(404); // no question on screen now
    const asked = await hear(game.gameId, 'question', cookie, 0);
    expect(asked.statusCode).toBe(200);
    expect(ai.speechRequests.at(-1)?.input).toContain(`Question 1`);
    expect(ai.speechRequests.at(-1)?.input).toContain(first.question);
    expect((await hear(game.gameId, 'question', cookie, 1)).statusCode).toBe(404); // never shown
  });

  it('is the player’s own: another account’s game is 404, signed out 401, a line it does not know 400', async () => {
    const { start, hear, db } = await appSpeaking(viaStub);
    const game = await start('en');
    const stranger = `${SESSION_COOKIE}=${createAccount(db).token}`;
    expect((await hear(game.gameId, 'question', stranger)).statusCode).toBe(404);
    expect((await hear(game.gameId, 'question', '')).statusCode).toBe(401);
    expect((await hear(game.gameId, 'anything')).statusCode).toBe(400);
    expect((await hear(game.gameId, 'question&text=Say%20this')).statusCode).toBe(200);
    expect(ai.speechRequests.map((r) => r.input).join(' ')).not.toContain('Say this');
  });

  it('speaks a family show’s question for its TV, at the show’s amount; nobody else’s, never one to come', async () => {
    const { db, family, cookie, app } = await appSpeaking(viaStub);
    const categoryId = createCategoryRow(db);
    createQuestionRows(db, 10, { categoryId, ageCategory: 'Adults', vi: true });
    const { showId, code } = await family.caller().show.create({ categoryId, questionCount: 5, lang: 'vi' });
    const heard = (query: string, asCookie = cookie) =>
      app.inject({ method: 'GET', url: `/api/speech?showId=${showId}&${query}`, headers: { cookie: asCookie } });
    expect((await heard('line=question')).statusCode).toBe(404); // the lobby: nothing asked yet
    await phone(db).api.show.join({ code, as: { guest: { name: 'Bà', ageGroup: 'Adults' } } });
    await family.caller().show.start({ showId });
    const asked = await heard('line=question');
    expect(asked.statusCode).toBe(200);
    const [question] = db.select().from(showQuestions).where(eq(showQuestions.showId, showId)).all();
    expect(ai.speechRequests.at(-1)?.input).toBe(
      `Câu số 1, trị giá 100. ${question?.question} ${question?.answers.map((a, i) => `${'ABCD'[i]}. ${a}.`).join(' ')}`,
    );
    expect(ai.speechRequests.at(-1)?.voice).toBe('nova');
    expect((await heard('line=question&at=1')).statusCode).toBe(404); // not shown yet
    expect((await heard('line=result')).statusCode).toBe(404);
    expect((await heard('line=question', `${SESSION_COOKIE}=${createAccount(db).token}`)).statusCode).toBe(404);
    expect((await heard('line=question', '')).statusCode).toBe(401);
    const both = await app.inject({
      method: 'GET',
      url: `/api/speech?showId=${showId}&gameId=x&line=question`,
      headers: { cookie },
    });
    expect(both.statusCode).toBe(400);
  });

  it('is rate-limited per account like the game', async () => {
    const { start, hear } = await appSpeaking(viaStub, { rateLimits: { ...TEST_RATE_LIMITS, speech: 2 } });
    const game = await start('en');
    expect((await hear(game.gameId, 'question')).statusCode).toBe(200);
    expect((await hear(game.gameId, 'question')).statusCode).toBe(200);
    const third = await hear(game.gameId, 'question');
    expect(third.statusCode).toBe(429);
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('a failing service never stops a game: 503 with a clear message, and the game goes on', async () => {
    const { start, hear, family } = await appSpeaking(viaStub);
    ai.failSpeech(true);
    const game = await start('en');
    const response = await hear(game.gameId, 'question');
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ error: 'The server could not read this aloud just now. The game goes on.' });
    const first = game.questions[0] as { answers: string[] };
    const right = first.answers.findIndex((answer) => answer.startsWith('Right'));
    const pick = await family.caller().game.answer({ gameId: game.gameId, position: 0, answerIndex: right });
    expect(pick).toMatchObject({ correct: true });
  });
});

describe('GET /api/speech within the machine’s means', () => {
  it('makes only so many clips at once: past a short queue, 503 with Retry-After, and the game goes on', async () => {
    const { start, hear, family, otherFamily } = await appSpeaking(viaStub, {
      limits: { service: { running: 1, waiting: 1, maxWaitMs: 5_000 } },
    });
    ai.delaySpeech(400);
    const game = await start('en');
    const [second, third] = [await otherFamily('en'), await otherFamily('vi')];
    const asks = [
      { gameId: game.gameId, cookie: undefined },
      { gameId: second.game.gameId, cookie: second.cookie },
      { gameId: third.game.gameId, cookie: third.cookie },
    ];
    // One is made, one waits, and whichever comes last is refused at once.
    const answers = await Promise.all(asks.map((ask) => hear(ask.gameId, 'question', ask.cookie)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 200, 503]);
    const refusedAt = answers.findIndex((answer) => answer.statusCode === 503);
    const refused = answers[refusedAt] as (typeof answers)[number];
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toEqual({
      error: 'The server is busy reading other games aloud. The game goes on; try Read again in a moment.',
    });
    expect(ai.speechRequests).toHaveLength(2);
    // Once the others are made, it is.
    const again = asks[refusedAt] as (typeof asks)[number];
    expect((await hear(again.gameId, 'question', again.cookie)).statusCode).toBe(200);
    const first = game.questions[0] as { answers: string[] };
    const right = first.answers.findIndex((answer) => answer.startsWith('Right'));
    const pick = await family.caller().game.answer({ gameId: game.gameId, position: 0, answerIndex: right });
    expect(pick).toMatchObject({ correct: true });
  });

  it('gives each account a day’s bytes of new clips: past them 429, while kept clips and other accounts play on', async () => {
    const clipBytes = 417 * 20; // the stub's MP3
    const { start, hear, family, otherFamily } = await appSpeaking(viaStub, {
      limits: { dailyBytesPerAccount: clipBytes },
    });
    const game = await start('en');
    expect((await hear(game.gameId, 'question')).statusCode).toBe(200); // the day's bytes, spent
    const first = game.questions[0] as { answers: string[] };
    const wrong = first.answers.findIndex((answer) => !answer.startsWith('Right'));
    await family.caller().game.answer({ gameId: game.gameId, position: 0, answerIndex: wrong });
    const refused = await hear(game.gameId, 'result');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      error: 'This account has heard all the new lines the server reads in a day. The game goes on.',
    });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(24 * 60 * 60);
    expect(ai.speechRequests).toHaveLength(1);
    // A clip already kept costs nothing.
    expect((await hear(game.gameId, 'question', undefined, 0)).statusCode).toBe(200);
    // Another family has a day of its own, and its same question is free as well.
    const other = await otherFamily('en');
    expect((await hear(other.game.gameId, 'question', other.cookie)).statusCode).toBe(200);
  });
});

describe('GET /api/speech with neither a service nor espeak-ng', () => {
  it('says it has no voice (503), and /api/speech/available says so too', async () => {
    const { start, hear, app, cookie } = await appSpeaking({ ESPEAK_NG: 'off' });
    const available = await app.inject({ method: 'GET', url: '/api/speech/available', headers: { cookie } });
    expect(available.json()).toEqual({ available: false });
    const game = await start('en');
    const response = await hear(game.gameId, 'question');
    expect(response.statusCode).toBe(503);
    expect(response.json().error).toMatch(/^The server has no voice/);
  });
});

describe.runIf(espeakInstalled)('GET /api/speech with espeak-ng', () => {
  it('speaks Vietnamese as Ogg Opus (WAV for a browser without Opus), offline, and stands in for a failing service', async () => {
    const { start, hear, app, cookie, speechDir } = await appSpeaking({});
    expect((await app.inject({ method: 'GET', url: '/api/speech/available', headers: { cookie } })).json()).toEqual({
      available: true,
    });
    const game = await start('vi');
    const response = await hear(game.gameId, 'question');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('audio/ogg');
    expect(response.rawPayload.subarray(0, 4).toString()).toBe('OggS');
    expect(response.rawPayload.subarray(28, 36).toString()).toBe('OpusHead');
    // A question with its answers is ~10 s of speech: ~30 KB, where espeak-ng's WAV is ~450 KB.
    expect(response.rawPayload.length).toBeGreaterThan(5_000);
    expect(response.rawPayload.length).toBeLessThan(80_000);
    expect(readdirSync(speechDir).map((name) => statSync(join(speechDir, name)).size)).toEqual([
      response.rawPayload.length,
    ]);
    // The same clip as WAV, 16 kHz, as long as espeak-ng spoke it.
    const wav = await hear(game.gameId, 'question', cookie, undefined, 'wav');
    expect(wav.statusCode).toBe(200);
    expect(wav.headers['content-type']).toBe('audio/wav');
    expect(wav.rawPayload.subarray(0, 4).toString()).toBe('RIFF');
    expect(wav.rawPayload.readUInt32LE(24)).toBe(16_000);
    const first = game.questions[0] as { question: string; answers: string[] };
    const text = `Câu số 1, trị giá 100. ${first.question} ${first.answers.map((a, i) => `${'ABCD'[i]}. ${a}.`).join(' ')}`;
    const spoken = spawnSync('espeak-ng', ['-v', 'vi', '-s', '150', '--stdout'], { input: text });
    const seconds = (wav.rawPayload.length - 44) / 2 / 16_000;
    expect(seconds).toBeGreaterThan(3);
    expect(seconds).toBeCloseTo((spoken.stdout.length - 44) / 2 / 22_050, 1);

    const failing = await appSpeaking({ SPEECH_BASE_URL: ai.baseURL });
    ai.failSpeech(true);
    const other = await failing.start('en');
    const fallback = await failing.hear(other.gameId, 'question');
    expect(fallback.statusCode).toBe(200);
    expect(fallback.headers['content-type']).toBe('audio/ogg');
  }, 30_000); // espeak-ng, the encoder loaded, and a second app: the machine is shared
});

describe('the clip cache', () => {
  const clipBytes = 417 * 20; // the stub's MP3
  const held = (dir: string) => readdirSync(dir).sort();

  it('stays within its size as clips are written, keeping those heard last; and at start-up', async () => {
    const dir = join(dirname(createTestDb().path), 'speech');
    const speech = createSpeechService(viaStub, dir, { ...DEFAULT_SPEECH_LIMITS, cacheBytes: clipBytes * 2.5 });
    const pause = () => new Promise((resolve) => setTimeout(resolve, 20));
    await speech.clip('one', 'en', 'a');
    await pause();
    await speech.clip('two', 'en', 'a');
    await pause();
    await speech.clip('one', 'en', 'a'); // heard again: now the newest
    await pause();
    await speech.clip('three', 'en', 'a');
    expect(held(dir)).toHaveLength(2); // 'two' went as 'three' was written
    ai.speechRequests.length = 0;
    await speech.clip('one', 'en', 'a');
    await speech.clip('three', 'en', 'a');
    expect(ai.speechRequests).toHaveLength(0); // kept
    await speech.clip('two', 'en', 'a');
    expect(ai.speechRequests.map((r) => r.input)).toEqual(['two']); // gone, made again

    // Started again with a smaller size: trimmed before anything is asked; what the cache does not
    // make (an interrupted write, an older version's WAV) goes.
    writeFileSync(join(dir, `${'0'.repeat(64)}.mp3.1234.tmp`), 'partial');
    writeFileSync(join(dir, `${'1'.repeat(64)}.wav`), Buffer.alloc(clipBytes));
    createSpeechService(viaStub, dir, { ...DEFAULT_SPEECH_LIMITS, cacheBytes: clipBytes * 1.5 });
    await expect.poll(() => held(dir)).toHaveLength(1);
    ai.speechRequests.length = 0;
    const restarted = createSpeechService(viaStub, dir, { ...DEFAULT_SPEECH_LIMITS, cacheBytes: clipBytes * 1.5 });
    await restarted.clip('two', 'en', 'a'); // heard last: the one kept
    expect(ai.speechRequests).toHaveLength(0);
  });
});

import { spawnSync } from 'node:child_process';
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
import { createSpeechService, type SpeechSettings } from './speech-service';

const espeakInstalled = spawnSync('espeak-ng', ['--version']).status === 0;
const ai = await startFakeAiService();
afterAll(() => ai.close());
beforeEach(() => {
  ai.speechRequests.length = 0;
  ai.failSpeech(false);
});

/** An app whose server speech is `settings` (its clips cached in a folder of its own). */
async function appSpeaking(settings: SpeechSettings, rateLimits = TEST_RATE_LIMITS) {
  const db = createTestDb();
  const uploads = join(dirname(db.path), 'uploads');
  const speech = createSpeechService(settings, join(uploads, 'speech'));
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
  const hear = (gameId: string, line: string, asCookie = cookie, at?: number) =>
    app.inject({
      method: 'GET',
      url: `/api/speech?gameId=${gameId}&line=${line}${at === undefined ? '' : `&at=${at}`}`,
      headers: { cookie: asCookie },
    });
  return { db, app, family, profileId, cookie, start, hear };
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
    const { start, hear } = await appSpeaking(viaStub, { ...TEST_RATE_LIMITS, speech: 2 });
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
  it('speaks Vietnamese as WAV, offline, and stands in for a failing service', async () => {
    const { start, hear, app, cookie } = await appSpeaking({});
    expect((await app.inject({ method: 'GET', url: '/api/speech/available', headers: { cookie } })).json()).toEqual({
      available: true,
    });
    const game = await start('vi');
    const response = await hear(game.gameId, 'question');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('audio/wav');
    expect(response.rawPayload.subarray(0, 4).toString()).toBe('RIFF');
    expect(response.rawPayload.length).toBeGreaterThan(20_000);

    const failing = await appSpeaking({ SPEECH_BASE_URL: ai.baseURL });
    ai.failSpeech(true);
    const other = await failing.start('en');
    const fallback = await failing.hear(other.gameId, 'question');
    expect(fallback.statusCode).toBe(200);
    expect(fallback.headers['content-type']).toBe('audio/wav');
  });
});

describe('the clip cache', () => {
  it('keeps the clips heard last within its size', async () => {
    const db = createTestDb();
    const speech = createSpeechService(viaStub, join(dirname(db.path), 'speech'));
    await speech.clip('one', 'en');
    await new Promise((resolve) => setTimeout(resolve, 20));
    await speech.clip('two', 'en');
    await new Promise((resolve) => setTimeout(resolve, 20));
    await speech.clip('one', 'en'); // heard again: now the newest
    const clipBytes = 417 * 20;
    expect(await speech.prune(clipBytes)).toBe(1);
    ai.speechRequests.length = 0;
    await speech.clip('one', 'en');
    expect(ai.speechRequests).toHaveLength(0); // kept
    await speech.clip('two', 'en');
    expect(ai.speechRequests.map((r) => r.input)).toEqual(['two']); // gone, made again
  });
});

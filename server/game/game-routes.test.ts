import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import enErrors from '#shared/locales/en/errors.json' with { type: 'json' };
import { SESSION_COOKIE } from '../auth/session';
import { englishMessage } from '../errors';
import { createTestApp, TEST_ORIGIN } from '../test/app';
import { createTestDb } from '../test/db';
import { createAccount, createCategoryRow, createProfileRow, createQuestionRows } from '../test/factories';

const db = createTestDb();
const app = await createTestApp(db);

type ApiQuestion = { question: string; answers: string[]; correctAnswer: string; imageUrl: string | null };

function signedIn() {
  const account = createAccount(db);
  return { ...account, cookie: `${SESSION_COOKIE}=${account.token}` };
}

function startGame(body: unknown, cookie?: string) {
  return app.inject({
    method: 'POST',
    url: '/api/start-game',
    headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}), 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
}

async function questionsFor(body: unknown, cookie: string): Promise<ApiQuestion[]> {
  const response = await startGame(body, cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

function expectApiQuestion(item: ApiQuestion) {
  expect(Object.keys(item).sort()).toEqual(['answers', 'correctAnswer', 'imageUrl', 'question']);
  expect(typeof item.question).toBe('string');
  expect(item.question.length).toBeGreaterThan(0);
  expect(item.answers).toHaveLength(4);
  for (const answer of item.answers) expect(typeof answer).toBe('string');
  expect(new Set(item.answers).size).toBe(4);
  expect(item.answers).toContain(item.correctAnswer);
  expect(item.imageUrl === null || typeof item.imageUrl === 'string').toBe(true);
}

describe('GET /api/health', () => {
  it('is ok while the database answers', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('is 503 once the database is closed', async () => {
    const closedDb = createTestDb();
    const closedApp = await createTestApp(closedDb);
    expect((await closedApp.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    closedDb.$client.close();
    const response = await closedApp.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: 'unavailable' });
  });
});

describe('GET /api/categories', () => {
  it('lists every category as {id, name_en, name_vi}, signed in or not', async () => {
    const a = createCategoryRow(db, { en: 'Animals', vi: 'Động vật' });
    const b = createCategoryRow(db, { en: 'Space', vi: 'Vũ trụ' });
    const response = await app.inject({ method: 'GET', url: '/api/categories' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/json');
    const list = response.json() as { id: number; name_en: string; name_vi: string }[];
    expect(Array.isArray(list)).toBe(true);
    for (const item of list) expect(Object.keys(item).sort()).toEqual(['id', 'name_en', 'name_vi']);
    expect(list).toContainEqual({ id: a, name_en: 'Animals', name_vi: 'Động vật' });
    expect(list).toContainEqual({ id: b, name_en: 'Space', name_vi: 'Vũ trụ' });
  });
});

describe('POST /api/start-game', () => {
  it('is 401 with a JSON error when signed out', async () => {
    const categoryId = createCategoryRow(db);
    createQuestionRows(db, 3, { categoryId });
    const response = await startGame({ categoryId, lang: 'en' });
    expect(response.statusCode).toBe(401);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json()).toEqual({ error: 'Please sign in first.' });
  });

  describe('is 400 with a clear English message for a bad body', () => {
    const { cookie } = signedIn();
    const bad: [string, unknown][] = [
      ['missing lang', { categoryId: 'random' }],
      ["lang 'fr'", { categoryId: 'random', lang: 'fr' }],
      ["categoryId 'abc'", { categoryId: 'abc', lang: 'en' }],
      ['categoryId -1', { categoryId: -1, lang: 'en' }],
      ['categoryId 0', { categoryId: 0, lang: 'en' }],
      ['categoryId 1.5', { categoryId: 1.5, lang: 'en' }],
      ['missing categoryId', { lang: 'en' }],
      ['a profileId that is not a uuid', { categoryId: 'random', lang: 'en', profileId: 'kid-1' }],
      ['an array', [{ categoryId: 'random', lang: 'en' }]],
      ['null', null],
    ];
    for (const [what, body] of bad) {
      it(what, async () => {
        const response = await startGame(body, cookie);
        expect(response.statusCode).toBe(400);
        expect(response.headers['content-type']).toContain('application/json');
        const json = response.json();
        expect(Object.keys(json)).toEqual(['error']);
        expect(json.error).toBe(enErrors.startGame.invalidBody);
        // Readable English, not an i18n key or a validator dump.
        expect(json.error).not.toMatch(/^errors:/);
        expect(json.error).toContain('categoryId');
        expect(json.error).toContain('lang');
      });
    }
  });

  it('is 404 for a category that does not exist', async () => {
    const { cookie } = signedIn();
    const response = await startGame({ categoryId: 987654, lang: 'en' }, cookie);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'Category not found.' });
  });

  it('is [] for a category without questions', async () => {
    const { cookie } = signedIn();
    const categoryId = createCategoryRow(db);
    expect(await questionsFor({ categoryId, lang: 'en' }, cookie)).toEqual([]);
  });

  it('serves 15 distinct questions of the category, each {question, answers, correctAnswer, imageUrl}', async () => {
    const { cookie } = signedIn();
    const categoryId = createCategoryRow(db);
    const other = createCategoryRow(db);
    createQuestionRows(db, 12, { categoryId, ageCategory: 'Kids' });
    createQuestionRows(db, 12, { categoryId, ageCategory: 'Adults', imageUrl: '/uploads/picture.png' });
    createQuestionRows(db, 10, { categoryId: other, ageCategory: 'Kids' });
    const items = await questionsFor({ categoryId, lang: 'en' }, cookie);
    expect(items).toHaveLength(15);
    for (const item of items) {
      expectApiQuestion(item);
      // The factory's right answers start with "Right": correctAnswer is the right one.
      expect(item.correctAnswer).toMatch(/^Right en /);
      expect(item.answers.filter((answer) => answer.startsWith('Right'))).toHaveLength(1);
      if (item.question.includes('(Adults)')) expect(item.imageUrl).toBe('/uploads/picture.png');
      else expect(item.imageUrl).toBeNull();
    }
    expect(new Set(items.map((item) => item.question)).size).toBe(15);
    // Only this category's questions: the other's numbers never appear.
    const ownTexts = new Set(
      db.$client.prepare('SELECT question_en FROM questions WHERE category_id = ?').pluck().all(categoryId) as string[],
    );
    for (const item of items) expect(ownTexts.has(item.question)).toBe(true);
  });

  it('serves every question when the category has fewer than 15', async () => {
    const { cookie } = signedIn();
    const categoryId = createCategoryRow(db);
    createQuestionRows(db, 4, { categoryId });
    const items = await questionsFor({ categoryId, lang: 'en' }, cookie);
    expect(items).toHaveLength(4);
    for (const item of items) expectApiQuestion(item);
  });

  it('takes the category id as a number, and "random"; nothing else is read as an id', async () => {
    const { cookie } = signedIn();
    const categoryId = createCategoryRow(db);
    createQuestionRows(db, 3, { categoryId });
    expect(await questionsFor({ categoryId, lang: 'en' }, cookie)).toHaveLength(3);
    for (const notAnId of [String(categoryId), [String(categoryId)], true, 1.5, null, 0]) {
      const response = await startGame({ categoryId: notAnId, lang: 'en' }, cookie);
      expect(response.statusCode, JSON.stringify(notAnId)).toBe(400);
      expect(response.json().error).toMatch(/categoryId \(a category id as a number, or "random"\)/);
    }
    const random = await questionsFor({ categoryId: 'random', lang: 'en' }, cookie);
    expect(random.length).toBeGreaterThan(0);
    expect(random.length).toBeLessThanOrEqual(15);
    for (const item of random) expectApiQuestion(item);
  });

  it("answers in Vietnamese for lang 'vi', in English where a question has no Vietnamese", async () => {
    const { cookie } = signedIn();
    const categoryId = createCategoryRow(db);
    createQuestionRows(db, 3, { categoryId, vi: true });
    createQuestionRows(db, 2, { categoryId, vi: false });
    const items = await questionsFor({ categoryId, lang: 'vi' }, cookie);
    expect(items).toHaveLength(5);
    const vietnamese = items.filter((item) => item.question.startsWith('Câu hỏi'));
    const english = items.filter((item) => item.question.startsWith('Question'));
    expect(vietnamese).toHaveLength(3);
    expect(english).toHaveLength(2);
    for (const item of vietnamese) {
      expectApiQuestion(item);
      expect(item.correctAnswer).toMatch(/^Right vi /);
      for (const answer of item.answers) expect(answer).toMatch(/ vi /);
    }
    for (const item of english) {
      expectApiQuestion(item);
      expect(item.correctAnswer).toMatch(/^Right en /);
      for (const answer of item.answers) expect(answer).toMatch(/ en /);
    }

    const inEnglish = await questionsFor({ categoryId, lang: 'en' }, cookie);
    for (const item of inEnglish) expect(item.question).toMatch(/^Question/);
  });

  it("is 404 for another account's profile, and for a profile that does not exist", async () => {
    const me = signedIn();
    const stranger = signedIn();
    const theirProfile = createProfileRow(db, stranger.userId, { age: 9 });
    const categoryId = createCategoryRow(db);
    createQuestionRows(db, 3, { categoryId });
    for (const profileId of [theirProfile, randomUUID()]) {
      const response = await startGame({ categoryId, lang: 'en', profileId }, me.cookie);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'Profile not found.' });
    }
    // The owner gets questions with it.
    expect(await questionsFor({ categoryId, lang: 'en', profileId: theirProfile }, stranger.cookie)).toHaveLength(3);
  });

  it("with the caller's Kids profile, serves only Kids questions when there are enough", async () => {
    const { userId, cookie } = signedIn();
    const kid = createProfileRow(db, userId, { age: 9 });
    const grownUp = createProfileRow(db, userId, { age: 40 });
    const categoryId = createCategoryRow(db);
    createQuestionRows(db, 18, { categoryId, ageCategory: 'Kids' });
    createQuestionRows(db, 18, { categoryId, ageCategory: 'Adults' });
    createQuestionRows(db, 18, { categoryId, ageCategory: 'Teenagers' });
    for (let round = 0; round < 5; round++) {
      const forKid = await questionsFor({ categoryId, lang: 'en', profileId: kid }, cookie);
      expect(forKid).toHaveLength(15);
      for (const item of forKid) expect(item.question).toContain('(Kids)');
      const forAdult = await questionsFor({ categoryId, lang: 'en', profileId: grownUp }, cookie);
      expect(forAdult).toHaveLength(15);
      for (const item of forAdult) expect(item.question).toContain('(Adults)');
    }
  });

  it('with a Kids profile, fills up from the nearest age when Kids questions run out', async () => {
    const { userId, cookie } = signedIn();
    const kid = createProfileRow(db, userId, { age: 7 });
    const categoryId = createCategoryRow(db);
    createQuestionRows(db, 5, { categoryId, ageCategory: 'Kids' });
    createQuestionRows(db, 20, { categoryId, ageCategory: 'Teenagers' });
    const items = await questionsFor({ categoryId, lang: 'en', profileId: kid }, cookie);
    expect(items).toHaveLength(15);
    expect(items.filter((item) => item.question.includes('(Kids)'))).toHaveLength(5);
  });
});

describe('englishMessage', () => {
  it('turns an errors: key into its English text, and leaves unknown keys alone', () => {
    expect(englishMessage('errors:category.notFound')).toBe('Category not found.');
    expect(englishMessage('errors:unauthorized')).toBe('Please sign in first.');
    expect(englishMessage('errors:no.such.key')).toBe('errors:no.such.key');
  });
});

import { randomUUID } from 'node:crypto';
import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { GeneratedQuestion } from '#shared/schemas/question-set.ts';
import { LOCAL_ONLY_CONFIG } from '../app';
import { SESSION_COOKIE } from '../auth/session';
import { questions } from '../db/schema';
import { createTestApp, TEST_ORIGIN } from '../test/app';
import { cpuMsOf } from '../test/cpu-time';
import { createTestDb } from '../test/db';
import { createAccount, createCategoryRow } from '../test/factories';
import { completion, startFakeAiService } from '../test/fake-ai-service';
import { createContextInner } from '../trpc/context';
import { createCaller } from '../trpc/router';

const ai = await startFakeAiService();
afterAll(() => ai.close());

const db = createTestDb();
const aiConfig = { ...LOCAL_ONLY_CONFIG, OPENAI_BASE_URL: ai.baseURL, OPENAI_MODEL: 'test-model' };
// Every call has all the time a busy machine needs; the one that must time out goes to an app whose
// timeout is short, against a reply held back far longer (a loaded machine only makes it later).
const app = await createTestApp(db, { config: aiConfig, aiTimeoutMs: 30_000 });
const impatient = await createTestApp(db, { config: aiConfig, aiTimeoutMs: 300 });
const withoutAi = await createTestApp(db);
const admin = createAccount(db, { admin: true });
const parent = createAccount(db);
const adminHeaders = {
  cookie: `${SESSION_COOKIE}=${admin.token}`,
  origin: TEST_ORIGIN,
  'content-type': 'application/json',
};
const categoryId = createCategoryRow(db, { en: 'Space', vi: 'Vũ trụ' });

let counter = 0;
/** A valid generated question with texts of its own. */
function made(overrides: Partial<GeneratedQuestion> & { difficulty?: number } = {}) {
  counter++;
  return {
    question_en: `Which planet is number ${counter} in our list?`,
    question_vi: `Hành tinh nào đứng thứ ${counter} trong danh sách của chúng ta?`,
    answers_en: ['Mars', 'Venus', 'Jupiter', 'Saturn'],
    answers_vi: ['Sao Hỏa', 'Sao Kim', 'Sao Mộc', 'Sao Thổ'],
    correctAnswerIndex: counter % 4,
    difficulty: 1 + (counter % 3),
    ...overrides,
  };
}
const set = (...items: unknown[]) => completion(JSON.stringify({ questions: items }));

function generate(body: unknown, headers: Record<string, string> = adminHeaders, target = app) {
  return target.inject({ method: 'POST', url: '/api/generate-questions', headers, payload: body as object });
}

beforeEach(() => ai.reset());

describe('POST /api/generate-questions', () => {
  it('answers spec §3’s array from structured output, having asked for the category, age, count, spread and prompt', async () => {
    const five = Array.from({ length: 5 }, () => made());
    ai.reply(set(...five));
    const response = await generate({
      categoryId,
      numQuestions: 5,
      ageCategory: 'Teenagers',
      customPrompt: '  about the Moon  ',
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as GeneratedQuestion[];
    expect(body).toHaveLength(5);
    expect(Object.keys(body[0] as object).sort()).toEqual([
      'answers_en',
      'answers_vi',
      'correctAnswerIndex',
      'question_en',
      'question_vi',
    ]);
    expect(body[0]).toMatchObject({ question_en: five[0]?.question_en, answers_vi: five[0]?.answers_vi });

    const request = ai.requests[0];
    expect(request?.model).toBe('test-model');
    expect(request?.response_format).toMatchObject({ type: 'json_schema' });
    const prompt = request?.messages.map((m) => m.content).join('\n') ?? '';
    expect(prompt).toContain('"Space"');
    expect(prompt).toContain('"Vũ trụ"');
    expect(prompt).toContain('teenagers');
    expect(prompt).toContain('Write 5 new');
    expect(prompt).toContain('easy to hard');
    expect(prompt).toContain('The admin also asks: about the Moon');
    expect(prompt).toMatch(/natural/i);
  });

  it('leaves a blank custom prompt out', async () => {
    ai.reply(set(made()));
    await generate({ categoryId, numQuestions: 1, ageCategory: 'Kids', customPrompt: '   ' });
    expect(ai.requests[0]?.messages.map((m) => m.content).join('\n')).not.toContain('The admin also asks');
  });

  it('drops invalid and duplicate questions and asks again for replacements', async () => {
    const good = made();
    ai.reply(
      set(
        good,
        { ...made(), answers_en: ['A', 'A', 'B', 'C'] }, // answers repeat
        { ...made(), question_vi: '' }, // no Vietnamese
        { ...made(), correctAnswerIndex: 7 },
        { ...good }, // the same question twice
      ),
      set(made(), made(), made(), made()),
    );
    const response = await generate({ categoryId, numQuestions: 4, ageCategory: 'Kids' });
    expect(response.json()).toHaveLength(4);
    expect(ai.requests).toHaveLength(2);
    // The second request asks for the three missing and names the one kept, to avoid it.
    expect(ai.requests[1]?.messages.at(-1)?.content).toContain('Write 3 new');
    expect(ai.requests[1]?.messages.at(-1)?.content).toContain(good.question_en);
  });

  it('drops a question that exists, in any category (text compared folded), and stops after a bounded number of tries', async () => {
    const existing = made();
    ai.reply(set(existing));
    // Saved under another category: asked for Space, it is still not a new question.
    const elsewhere = createCategoryRow(db, { en: 'Planets', vi: 'Hành tinh' });
    const saved = await app.inject({
      method: 'POST',
      url: '/api/admin/question-sets',
      headers: adminHeaders,
      payload: { setId: randomUUID(), questions: [{ ...existing, categoryId: elsewhere, ageCategory: 'Kids' }] },
    });
    expect(saved.statusCode).toBe(200);
    ai.reset();
    // The service keeps proposing it (in other case and without accents): nothing new can be made.
    const same = {
      ...existing,
      question_vi: existing.question_vi.toUpperCase(),
      question_en: existing.question_en.toLowerCase(),
    };
    ai.otherwise(set(same));
    const response = await generate({ categoryId, numQuestions: 2, ageCategory: 'Kids' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
    expect(ai.requests).toHaveLength(3);
    ai.otherwise({ status: 500 });
  });

  it('reads JSON out of plain text from a service without structured output', async () => {
    const two = [made(), made()];
    ai.reply(
      { status: 400, json: { error: { message: "response_format 'json_schema' is not supported by this model" } } },
      completion(`Sure! Here are your questions:\n\`\`\`json\n${JSON.stringify(two)}\n\`\`\`\nEnjoy.`),
    );
    const response = await generate({ categoryId, numQuestions: 2, ageCategory: 'Kids' });
    expect(response.statusCode, response.body).toBe(200);
    expect((response.json() as GeneratedQuestion[]).map((q) => q.question_en)).toEqual(two.map((q) => q.question_en));
    expect(ai.requests[1]?.response_format).toBeUndefined();
  });

  it.each([
    [
      { status: 500, json: { error: { message: 'boom' } } },
      502,
      'The AI service answered with an error (HTTP 500). Please try again.',
    ],
    [
      { status: 429, json: { error: { message: 'slow down' } } },
      502,
      'The AI service is busy (too many requests). Please wait a minute and try again.',
    ],
  ])('maps a failing service (%j) to %i with a clear error', async (reply, status, message) => {
    ai.reply(reply);
    const response = await generate({ categoryId, numQuestions: 1, ageCategory: 'Kids' });
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ error: message });
  });

  it('abandons a service slower than its timeout (504) with a clear error', async () => {
    ai.reply({ delayMs: 5_000, ...set(made()) });
    const response = await generate({ categoryId, numQuestions: 1, ageCategory: 'Kids' }, adminHeaders, impatient);
    const [status, message] = [
      504,
      'The AI service took longer than 60 seconds, so the request was abandoned. Please try again.',
    ];
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ error: message });
  });

  it('cuts off a reply far larger than a set as it arrives (502), and the server answers others meanwhile', async () => {
    ai.reply({ endless: true });
    const generation = generate({ categoryId, numQuestions: 20, ageCategory: 'Kids' });
    // While the reply pours in, another request is answered.
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    const response = await generation;
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({
      error: 'The AI service sent a reply far larger than a set of questions, so it was not read. Please try again.',
    });
  });

  it('refuses a reply announcing 50,000 questions by its length, before reading it', async () => {
    const many = Array.from({ length: 50_000 }, () => made());
    ai.reply(completion(JSON.stringify({ questions: many })));
    const { result: response, cpuMs } = await cpuMsOf(() =>
      generate({ categoryId, numQuestions: 3, ageCategory: 'Kids' }),
    );
    expect(response.statusCode).toBe(502);
    expect(cpuMs).toBeLessThan(2000);
  });

  it('treats a reply holding a NUL character as broken (502), saving nothing', async () => {
    const question = made();
    ai.reply(
      completion(JSON.stringify({ questions: [{ ...question, question_en: `${question.question_en}\u0000` }] })),
    );
    const response = await generate({ categoryId, numQuestions: 1, ageCategory: 'Kids' });
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({ error: 'The AI service sent a reply that is not text. Please try again.' });
  });

  it.each([0, 21, '5', 2.5, null])(
    'refuses numQuestions %j with the spec’s message, asking nothing',
    async (numQuestions) => {
      const response = await generate({ categoryId, numQuestions, ageCategory: 'Kids' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: 'Please select a category and specify a valid number of questions.' });
      expect(ai.requests).toHaveLength(0);
    },
  );

  it('refuses an unknown category with a 400', async () => {
    const response = await generate({ categoryId: 999_999, numQuestions: 3 });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'Category not found.' });
  });

  it('is 401 signed out and 403 to a signed-in parent', async () => {
    expect(
      (await generate({ categoryId, numQuestions: 1 }, { origin: TEST_ORIGIN, 'content-type': 'application/json' }))
        .statusCode,
    ).toBe(401);
    const asParent = await generate(
      { categoryId, numQuestions: 1 },
      { ...adminHeaders, cookie: `${SESSION_COOKIE}=${parent.token}` },
    );
    expect(asParent.statusCode).toBe(403);
    expect(ai.requests).toHaveLength(0);
  });

  it('without a configured service answers 503 saying how to set one up', async () => {
    const response = await generate({ categoryId, numQuestions: 1 }, adminHeaders, withoutAi);
    expect(response.statusCode).toBe(503);
    expect(response.json().error).toContain('OPENAI_BASE_URL');
  });

  it('limits each admin to a few generations a minute', async () => {
    const limited = await createTestApp(db, {
      config: aiConfig,
      rateLimits: {
        gameStarts: 100,
        answers: 100,
        reports: 100,
        profileWrites: 100,
        generations: 2,
        speech: 100,
        pinTries: 100,
        showJoins: 100,
        showJoinsPerCode: 100,
        showJoinMisses: 100,
        showAnswers: 100,
        windowSeconds: 60,
      },
    });
    ai.otherwise(set(made()));
    for (let i = 0; i < 2; i++) {
      expect((await generate({ categoryId, numQuestions: 1 }, adminHeaders, limited)).statusCode).toBe(200);
    }
    const refused = await generate({ categoryId, numQuestions: 1 }, adminHeaders, limited);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    ai.otherwise({ status: 500 });
  });
});

describe('the tRPC procedures the page uses', () => {
  const callerOn = (account: ReturnType<typeof createAccount> | null) => {
    const deps = {
      db,
      writer: undefined as never,
      limiter: undefined as never,
      images: undefined as never,
      generator: null,
      speech: null,
      shows: undefined as never,
    };
    return account ? account.caller() : createCaller(createContextInner({ ...deps, user: null, session: null }));
  };

  it('status and generate are for admins only', async () => {
    for (const call of [
      (api: ReturnType<typeof callerOn>) => api.admin.questionSets.status(),
      (api: ReturnType<typeof callerOn>) =>
        api.admin.questionSets.generate({ categoryId, numQuestions: 1, ageCategory: 'Kids' }),
    ]) {
      await expect(call(callerOn(parent))).rejects.toMatchObject({ code: 'FORBIDDEN' });
      await expect(call(callerOn(null))).rejects.toBeInstanceOf(TRPCError);
    }
  });
});

describe('saving a reviewed set', () => {
  const save = (payload: object, headers = adminHeaders) =>
    app.inject({
      method: 'POST',
      url: '/api/admin/question-sets',
      headers,
      payload: { setId: randomUUID(), ...payload },
    });
  const count = () => db.select().from(questions).where(eq(questions.categoryId, categoryId)).all().length;

  it('writes every selected question in one go, with a random key, its age category and difficulty', async () => {
    const before = count();
    const three = [made({ difficulty: 1 }), made({ difficulty: 2 }), made({ difficulty: 3 })];
    const response = await save({ questions: three.map((q) => ({ ...q, categoryId, ageCategory: 'Adults' })) });
    expect(response.json()).toEqual({ saved: 3 });
    const rows = db.select().from(questions).where(eq(questions.categoryId, categoryId)).all().slice(-3);
    expect(count()).toBe(before + 3);
    expect(rows.map((r) => [r.ageCategory, r.difficulty])).toEqual([
      ['Adults', 1],
      ['Adults', 2],
      ['Adults', 3],
    ]);
    expect(new Set(rows.map((r) => r.randomKey)).size).toBe(3);
  });

  it('saving the same set again (a retry, a double click) answers as the first save and adds nothing', async () => {
    const before = count();
    const setId = randomUUID();
    const set = { setId, questions: [made(), made()].map((q) => ({ ...q, categoryId, ageCategory: 'Teenagers' })) };
    const [first, second] = await Promise.all([save(set), save(set)]);
    expect(first.json()).toEqual({ saved: 2 });
    expect(second.json()).toEqual({ saved: 2 });
    expect((await save(set)).json()).toEqual({ saved: 2 });
    expect(count()).toBe(before + 2);
    // Another set (another id) of other questions is saved as usual.
    expect((await save({ questions: [{ ...made(), categoryId, ageCategory: 'Kids' }] })).json()).toEqual({ saved: 1 });
    expect(count()).toBe(before + 3);
  });

  it('refuses a save without its set’s id, saving nothing', async () => {
    const before = count();
    const questions = [{ ...made(), categoryId, ageCategory: 'Kids' }];
    for (const setId of [undefined, 'not-a-uuid']) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/admin/question-sets',
        headers: adminHeaders,
        payload: { setId, questions },
      });
      expect(response.statusCode, String(setId)).toBe(400);
    }
    expect(count()).toBe(before);
  });

  it('saves nothing when one question is invalid, the list is empty, or a category is missing', async () => {
    const before = count();
    const bad = await save({
      questions: [
        { ...made(), categoryId, ageCategory: 'Kids' },
        { ...made(), answers_vi: ['a', 'b', 'c'], categoryId, ageCategory: 'Kids' },
      ],
    });
    expect(bad.statusCode).toBe(400);
    const empty = await save({ questions: [] });
    expect(empty.json()).toEqual({ error: 'No questions selected to save.' });
    const gone = await save({ questions: [{ ...made(), categoryId: 999_999, ageCategory: 'Kids' }] });
    expect(gone.statusCode).toBe(400);
    expect(count()).toBe(before);
  });

  it('a generated <script> is stored as the text it is', async () => {
    const script = made({ question_en: 'Is <script>alert(1)</script> a planet?' });
    await save({ questions: [{ ...script, categoryId, ageCategory: 'Kids' }] });
    expect(
      db.select().from(questions).where(eq(questions.questionEn, 'Is <script>alert(1)</script> a planet?')).get(),
    ).toBeDefined();
  });

  it('is for admins only', async () => {
    const response = await save(
      { questions: [{ ...made(), categoryId, ageCategory: 'Kids' }] },
      { ...adminHeaders, cookie: `${SESSION_COOKIE}=${parent.token}` },
    );
    expect(response.statusCode).toBe(403);
  });
});

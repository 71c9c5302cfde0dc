import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { QuestionInput } from '#shared/schemas/admin.ts';
import { categories, questionReports, questionStats, questions } from '../../db/schema';
import { createTestDb } from '../../test/db';
import {
  anonymousCaller,
  createAccount,
  createCategoryRow,
  createProfileRow,
  createQuestionRows,
} from '../../test/factories';
import { rightAnswerAt } from '../../test/game-helpers';
import { rejection } from '../../test/trpc';

const db = createTestDb();
const admin = createAccount(db, { admin: true });
const parent = createAccount(db);

function questionInput(categoryId: number, overrides: Partial<QuestionInput> = {}): QuestionInput {
  return {
    categoryId,
    ageCategory: 'Kids',
    difficulty: 1,
    correctAnswerIndex: 2,
    en: { question: 'Which city is the capital of Vietnam?', answers: ['Huế', 'Đà Nẵng', 'Hà Nội', 'Cần Thơ'] },
    vi: { question: 'Thành phố nào là thủ đô của Việt Nam?', answers: ['Huế', 'Đà Nẵng', 'Hà Nội', 'Cần Thơ'] },
    imageUrl: null,
    ...overrides,
  };
}

const questionCount = () => db.select().from(questions).all().length;
const categoryCount = () => db.select().from(categories).all().length;

describe('every admin procedure, by who asks', () => {
  const categoryId = createCategoryRow(db);
  const [questionId] = createQuestionRows(db, 1, { categoryId });
  const calls: [string, (api: ReturnType<typeof admin.caller>) => Promise<unknown>][] = [
    ['overview', (api) => api.admin.overview()],
    ['questions.list', (api) => api.admin.questions.list({})],
    ['questions.count', (api) => api.admin.questions.count({ search: 'question' })],
    [
      'questions.move',
      (api) => api.admin.questions.move({ questionIds: [questionId as number], categoryId: createCategoryRow(db) }),
    ],
    ['questions.byId', (api) => api.admin.questions.byId({ questionId: questionId as number })],
    ['questions.create', (api) => api.admin.questions.create(questionInput(categoryId))],
    [
      'questions.update',
      (api) => api.admin.questions.update({ questionId: questionId as number, question: questionInput(categoryId) }),
    ],
    [
      'categories.create',
      (api) => api.admin.categories.create({ nameEn: `Access ${Math.random()}`, nameVi: `Quyền ${Math.random()}` }),
    ],
    ['categories.update', (api) => api.admin.categories.update({ categoryId, nameEn: 'Renamed', nameVi: 'Đổi tên' })],
    ['questions.retag', (api) => api.admin.questions.retag({ questionId: questionId as number, difficulty: 2 })],
    ['reports.list', (api) => api.admin.reports.list()],
    ['reports.dismiss', (api) => api.admin.reports.dismiss({ questionId: questionId as number })],
    // Last: what these two delete, the calls before use.
    ['questions.remove', (api) => api.admin.questions.remove({ questionId: questionId as number })],
    ['categories.remove', (api) => api.admin.categories.remove({ categoryId: createCategoryRow(db) })],
  ];

  it.each(calls)('%s is FORBIDDEN to a signed-in non-admin and changes nothing', async (_name, call) => {
    const before = { questions: questionCount(), categories: categoryCount() };
    const error = await rejection(call(parent.caller()));
    expect(error.code).toBe('FORBIDDEN');
    expect(error.message).toBe('errors:forbidden');
    expect({ questions: questionCount(), categories: categoryCount() }).toEqual({
      ...before,
      categories: categoryCount(),
    });
  });

  it.each(calls)('%s is UNAUTHORIZED signed out', async (_name, call) => {
    const error = await rejection(call(anonymousCaller(db)));
    expect(error.code).toBe('UNAUTHORIZED');
  });

  it.each(calls)('%s works for an admin', async (_name, call) => {
    await expect(call(admin.caller())).resolves.toBeDefined();
  });
});

describe('Manage Questions: what play says', () => {
  /** `answered` answers to a question by players of `age`, `right` of them right (as game.answer counts them). */
  function played(questionId: number, age: 'Kids' | 'Teenagers' | 'Adults', answered: number, right: number) {
    db.insert(questionStats).values({ questionId, ageCategory: age, answered, answeredRight: right }).run();
  }

  it('counts a real pick on the question’s row, and lists questions by play, once judged', async () => {
    const categoryId = createCategoryRow(db);
    const family = createAccount(db);
    const profileId = createProfileRow(db, family.userId, { age: 8 });
    createQuestionRows(db, 15, { categoryId });
    const game = (await family.caller().game.start({ profileId, categoryId, lang: 'en' }))!;
    await family
      .caller()
      .game.answer({ gameId: game.gameId, position: 0, answerIndex: rightAnswerAt(db, game.gameId, 0) });
    const api = admin.caller();
    const [first] = (await api.admin.questions.list({ categoryId, view: 'mostPlayed' })).items;
    expect(first).toMatchObject({ questionEn: game.questions[0]!.question, answered: 1, answeredRight: 1, reports: 0 });

    const [easy, hard, unjudged] = createQuestionRows(db, 3, { categoryId, difficulty: 3 }) as [number, number, number];
    played(easy, 'Kids', 40, 38);
    played(hard, 'Kids', 40, 8);
    played(unjudged, 'Kids', 10, 10);
    // Answers by another age group do not count for a Kids question's figures.
    played(hard, 'Adults', 500, 499);
    const ids = async (view: 'mostPlayed' | 'mostRight' | 'leastRight') =>
      (await api.admin.questions.list({ categoryId, view })).items.map((q) => q.id);
    expect((await ids('mostPlayed')).slice(0, 3)).toEqual([hard, easy, unjudged]);
    // Shares of right answers only once 30 have answered.
    expect(await ids('mostRight')).toEqual([easy, hard]);
    expect(await ids('leastRight')).toEqual([hard, easy]);
  });

  it('lists what needs a look (tagged hard, answered right 95 %; reported) and retags it in a click', async () => {
    const categoryId = createCategoryRow(db);
    const [tooEasy, fine, reported] = createQuestionRows(db, 3, { categoryId, difficulty: 3 }) as [
      number,
      number,
      number,
    ];
    played(tooEasy, 'Kids', 40, 38);
    played(fine, 'Kids', 40, 10);
    const family = createAccount(db);
    const profileId = createProfileRow(db, family.userId);
    db.insert(questionReports).values({ questionId: reported, profileId, reason: 'unclear' }).run();

    const api = admin.caller();
    const look = await api.admin.questions.list({ categoryId, view: 'needsLook' });
    expect(look.items.map((q) => [q.id, q.reports])).toEqual([
      [reported, 1],
      [tooEasy, 0],
    ]);
    await api.admin.questions.retag({ questionId: tooEasy, difficulty: 1 });
    expect(db.select().from(questions).where(eq(questions.id, tooEasy)).get()).toMatchObject({
      difficulty: 1,
      bankHash: null,
    });
    expect((await api.admin.questions.list({ categoryId, view: 'needsLook' })).items.map((q) => q.id)).toEqual([
      reported,
    ]);

    expect((await rejection(api.admin.questions.retag({ questionId: 999_999, difficulty: 1 }))).code).toBe('NOT_FOUND');
    expect((await rejection(api.admin.questions.retag({ questionId: fine, difficulty: 4 }))).code).toBe('BAD_REQUEST');
  });
});

describe('Manage Questions: the list', () => {
  it('pages 50 at a time by English text, every question exactly once even when texts are equal', async () => {
    const categoryId = createCategoryRow(db);
    const ids = createQuestionRows(db, 130, { categoryId });
    // Three texts shared by many questions, in an order that is not the ids'.
    for (const [i, id] of ids.entries()) {
      db.update(questions)
        .set({ questionEn: ['Same C?', 'Same A?', 'Same B?'][i % 3] as string })
        .where(eq(questions.id, id))
        .run();
    }
    const api = admin.caller();
    const seen: { id: number; questionEn: string }[] = [];
    let cursor = null;
    let pages = 0;
    do {
      const page = await api.admin.questions.list({ categoryId, cursor });
      expect(page.items.length).toBeLessThanOrEqual(50);
      seen.push(...page.items);
      cursor = page.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen.map((q) => q.id).sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
    const order = seen.map((q) => `${q.questionEn}#${String(q.id).padStart(8, '0')}`);
    expect(order).toEqual([...order].sort());
  });

  it('filters by category', async () => {
    const mine = createCategoryRow(db);
    const other = createCategoryRow(db);
    const ids = createQuestionRows(db, 3, { categoryId: mine });
    createQuestionRows(db, 2, { categoryId: other });
    const page = await admin.caller().admin.questions.list({ categoryId: mine });
    expect(page.items.map((q) => q.id).sort()).toEqual([...ids].sort());
    expect(page.nextCursor).toBeNull();
  });

  describe('search', () => {
    const categoryId = createCategoryRow(db);
    const api = admin.caller();
    const created = async (en: string, vi: string) =>
      (
        await api.admin.questions.create(
          questionInput(categoryId, {
            en: { question: en, answers: ['One', 'Two', 'Three', 'Four'] },
            vi: { question: vi, answers: ['Một', 'Hai', 'Ba', 'Bốn'] },
          }),
        )
      ).id;
    const found = async (search: string) =>
      (await api.admin.questions.list({ categoryId, search })).items.map((q) => q.id);

    it('finds the Vietnamese text without its diacritics, đ as d, and the English text in any case', async () => {
      const hanoi = await created('Where is the Temple of Literature?', 'Văn Miếu nằm ở Hà Nội phải không?');
      const danang = await created('Which city has the Dragon Bridge?', 'Cầu Rồng ở thành phố Đà Nẵng phải không?');
      expect(await found('ha noi')).toEqual([hanoi]);
      expect(await found('HÀ NỘI')).toEqual([hanoi]);
      expect(await found('da nang')).toEqual([danang]);
      expect(await found('dragon BRIDGE')).toEqual([danang]);
      expect(await found('temple of lit')).toEqual([hanoi]);
      expect(await found('nowhere to be found')).toEqual([]);
    });

    it('takes % and _ as the characters they are, not wildcards', async () => {
      const percent = await created('Is 100% of a pie the whole pie?', 'Có phải 100% cái bánh là cả cái bánh?');
      const decoy = await created('Is 1000 of a pie a lot?', 'Có phải 1000 cái bánh là nhiều?');
      const underscore = await created('What does snake_case look like?', 'snake_case trông như thế nào?');
      await created('What does snakeXcase look like?', 'snakeXcase trông như thế nào?');
      expect(await found('100%')).toEqual([percent]);
      expect(await found('snake_case')).toEqual([underscore]);
      expect(await found('100')).toEqual(expect.arrayContaining([percent, decoy]));
    });

    it('needs three characters, and says so', async () => {
      const error = await rejection(api.admin.questions.list({ search: 'hà' }));
      expect(error.code).toBe('BAD_REQUEST');
      expect(error.message).toBe('errors:admin.searchTooShort');
    });

    it('follows edits and deletions', async () => {
      const id = await created('Which river flows through Huế?', 'Sông nào chảy qua Huế?');
      expect(await found('song nao chay')).toEqual([id]);
      await api.admin.questions.update({
        questionId: id,
        question: questionInput(categoryId, {
          en: { question: 'Which river is called the Perfume River?', answers: ['One', 'Two', 'Three', 'Four'] },
          vi: { question: 'Sông nào được gọi là sông Hương?', answers: ['Một', 'Hai', 'Ba', 'Bốn'] },
        }),
      });
      expect(await found('song nao chay')).toEqual([]);
      expect(await found('song huong')).toEqual([id]);
      await api.admin.questions.remove({ questionId: id });
      expect(await found('song huong')).toEqual([]);
    });
  });
});

describe('adding and editing a question', () => {
  const categoryId = createCategoryRow(db);
  const api = admin.caller();

  it('adds one, readable in the edit form as it was sent, NFC-normalized', async () => {
    const input = questionInput(categoryId, {
      vi: {
        question: '  Thành phố nào là thủ đô của Vie\u0323\u0302t Nam?  ',
        answers: ['Huế', 'Đà Nẵng', 'Hà Nội', 'Cần Thơ'],
      },
    });
    const { id } = await api.admin.questions.create(input);
    const stored = await api.admin.questions.byId({ questionId: id });
    expect(stored).toMatchObject({
      categoryId,
      ageCategory: 'Kids',
      difficulty: 1,
      correctAnswerIndex: 2,
      en: input.en,
      vi: { question: 'Thành phố nào là thủ đô của Việt Nam?', answers: input.vi.answers },
      imageUrl: null,
    });
  });

  it.each([
    ['an empty English question', { en: { question: ' ', answers: ['A', 'B', 'C', 'D'] } }, 'errors:question.required'],
    [
      'an empty Vietnamese question',
      { vi: { question: '', answers: ['A', 'B', 'C', 'D'] } },
      'errors:question.required',
    ],
    ['no category', { categoryId: 0 }, 'errors:question.required'],
    ['an empty answer', { en: { question: 'Q?', answers: ['A', '', 'C', 'D'] } }, 'errors:question.answersRequired'],
    ['three answers', { vi: { question: 'Q?', answers: ['A', 'B', 'C'] } }, 'errors:question.answersRequired'],
    [
      'the same answer twice',
      { en: { question: 'Q?', answers: ['Paris', 'paris ', 'Rome', 'Oslo'] } },
      'errors:question.answersDistinct',
    ],
    ['a correct answer of 4', { correctAnswerIndex: 4 }, 'errors:question.invalid'],
    ['an image from elsewhere', { imageUrl: 'https://evil.example/x.png' }, 'errors:question.invalid'],
  ] as const)('refuses %s with its message, and adds nothing', async (_label, change, message) => {
    const before = questionCount();
    const error = await rejection(
      api.admin.questions.create({ ...questionInput(categoryId), ...change } as QuestionInput),
    );
    expect(error.code).toBe('BAD_REQUEST');
    expect(error.message).toBe(message);
    expect(questionCount()).toBe(before);
  });

  it('refuses an unknown category, and a question that is not there', async () => {
    const error = await rejection(api.admin.questions.create(questionInput(999_999)));
    expect(error.message).toBe('errors:category.notFound');
    const missing = await rejection(api.admin.questions.byId({ questionId: 999_999 }));
    expect(missing).toMatchObject({ code: 'NOT_FOUND', message: 'errors:question.notFound' });
    const update = await rejection(
      api.admin.questions.update({ questionId: 999_999, question: questionInput(categoryId) }),
    );
    expect(update.code).toBe('NOT_FOUND');
  });

  it('edits one, and deletes it once', async () => {
    const { id } = await api.admin.questions.create(questionInput(categoryId));
    await api.admin.questions.update({
      questionId: id,
      question: questionInput(categoryId, { difficulty: 3, correctAnswerIndex: 0 }),
    });
    expect(await api.admin.questions.byId({ questionId: id })).toMatchObject({ difficulty: 3, correctAnswerIndex: 0 });
    await api.admin.questions.remove({ questionId: id });
    expect((await rejection(api.admin.questions.remove({ questionId: id }))).code).toBe('NOT_FOUND');
  });
});

describe('Manage Categories', () => {
  const api = admin.caller();

  it('adds with both names, trimmed; refuses a missing one with the spec’s messages', async () => {
    const added = await api.admin.categories.create({ nameEn: '  Space  ', nameVi: ' Vũ trụ ' });
    expect(added).toMatchObject({ name_en: 'Space', name_vi: 'Vũ trụ' });
    const before = categoryCount();
    expect((await rejection(api.admin.categories.create({ nameEn: 'Oceans', nameVi: '   ' }))).message).toBe(
      'errors:category.namesRequired',
    );
    expect(
      (await rejection(api.admin.categories.update({ categoryId: added.id, nameEn: '', nameVi: 'Vũ trụ' }))).message,
    ).toBe('errors:category.namesRequiredForUpdate');
    expect(categoryCount()).toBe(before);
  });

  it('refuses a name another category has, case and diacritics aside', async () => {
    const first = await api.admin.categories.create({ nameEn: 'Rivers', nameVi: 'Sông ngòi' });
    const error = await rejection(api.admin.categories.create({ nameEn: 'Lakes', nameVi: 'SONG NGOI' }));
    expect(error).toMatchObject({ code: 'CONFLICT', message: 'errors:category.duplicate' });
    const other = await api.admin.categories.create({ nameEn: 'Lakes', nameVi: 'Hồ' });
    const rename = await rejection(
      api.admin.categories.update({ categoryId: other.id, nameEn: 'rivers', nameVi: 'Hồ' }),
    );
    expect(rename.code).toBe('CONFLICT');
    // Renaming to its own names (say, a capital letter) is fine.
    await api.admin.categories.update({ categoryId: first.id, nameEn: 'Rivers', nameVi: 'Sông Ngòi' });
  });

  it('refuses to delete a category that has questions, saying how many, and loses nothing', async () => {
    const { id } = await api.admin.categories.create({ nameEn: 'Full', nameVi: 'Đầy' });
    createQuestionRows(db, 3, { categoryId: id });
    const error = await rejection(api.admin.categories.remove({ categoryId: id }));
    expect(error).toMatchObject({ code: 'CONFLICT', message: 'errors:category.hasQuestions' });
    expect(error.cause).toMatchObject({ params: { count: 3 } });
    expect(db.select().from(questions).where(eq(questions.categoryId, id)).all()).toHaveLength(3);
    const empty = await api.admin.categories.create({ nameEn: 'Empty', nameVi: 'Trống' });
    await api.admin.categories.remove({ categoryId: empty.id });
    expect(db.select().from(categories).where(eq(categories.id, empty.id)).get()).toBeUndefined();
  });
});

describe('reported questions', () => {
  it('a player reports a question of their game; the admin sees counts and notes, and dismisses them', async () => {
    const categoryId = createCategoryRow(db);
    createQuestionRows(db, 20, { categoryId });
    const family = createAccount(db);
    const profileId = createProfileRow(db, family.userId);
    const player = family.caller();
    const game = (await player.game.start({ profileId, categoryId, lang: 'en' }))!;
    await player.game.answer({ gameId: game.gameId, position: 0, answerIndex: rightAnswerAt(db, game.gameId, 0) });

    await player.game.report({ gameId: game.gameId, position: 0, reason: 'unclear', note: 'Hard to read' });
    // Again from the same profile: the same report, updated.
    await player.game.report({ gameId: game.gameId, position: 0, reason: 'wrongAnswer', note: 'The answer is B' });
    // A question not shown yet cannot be reported.
    const early = await rejection(player.game.report({ gameId: game.gameId, position: 5, reason: 'other' }));
    expect(early.message).toBe('errors:report.notShown');
    // Nor another family's game.
    const stranger = await rejection(
      createAccount(db).caller().game.report({ gameId: game.gameId, position: 0, reason: 'other' }),
    );
    expect(stranger.code).toBe('NOT_FOUND');

    const reported = await admin.caller().admin.reports.list();
    const entry = reported.find((r) => r.questionEn === game.questions[0]?.question);
    expect(entry).toMatchObject({
      reports: 1,
      reasons: { wrongAnswer: 1 },
      notes: [{ reason: 'wrongAnswer', note: 'The answer is B' }],
    });
    expect(JSON.stringify(reported)).not.toContain(profileId);
    expect((await admin.caller().admin.overview()).openReports).toBeGreaterThanOrEqual(1);

    await admin.caller().admin.reports.dismiss({ questionId: entry?.questionId as number });
    expect((await admin.caller().admin.reports.list()).find((r) => r.questionId === entry?.questionId)).toBeUndefined();
  });
});

describe('the dashboard', () => {
  it('counts questions by category and age category', async () => {
    const categoryId = createCategoryRow(db);
    createQuestionRows(db, 4, { categoryId, ageCategory: 'Kids' });
    createQuestionRows(db, 2, { categoryId, ageCategory: 'Adults' });
    const overview = await admin.caller().admin.overview();
    expect(overview.categories.find((c) => c.id === categoryId)).toMatchObject({
      byAge: { Kids: 4, Teenagers: 0, Adults: 2 },
      total: 6,
    });
    expect(overview.totalQuestions).toBe(questionCount());
  });

  it('lists a category without questions, with zeros', async () => {
    const categoryId = createCategoryRow(db);
    const overview = await admin.caller().admin.overview();
    expect(overview.categories.find((c) => c.id === categoryId)).toMatchObject({
      byAge: { Kids: 0, Teenagers: 0, Adults: 0 },
      total: 0,
    });
  });
});

import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MOVE_MAX, type QuestionInput } from '#shared/schemas/admin.ts';
import { questionStats, questions } from '../../db/schema';
import { countQuestions } from '../../services/admin-questions';
import { indexQuestion } from '../../services/question-search';
import { createTestDb } from '../../test/db';
import { createAccount, createCategoryRow, createQuestionRows } from '../../test/factories';
import { rejection } from '../../test/trpc';

// Issue 19: the search looks in the answers too (matches in the text first), the list's total,
// and moving questions to another category in one step.
const db = createTestDb();
const admin = createAccount(db, { admin: true });
const parent = createAccount(db);
const api = admin.caller();

type Texts = { en: string; vi: string; answersEn?: string[]; answersVi?: string[] };

function questionInput(categoryId: number, texts: Texts): QuestionInput {
  return {
    categoryId,
    ageCategory: 'Adults',
    difficulty: 2,
    correctAnswerIndex: 0,
    en: { question: texts.en, answers: texts.answersEn ?? ['One', 'Two', 'Three', 'Four'] },
    vi: { question: texts.vi, answers: texts.answersVi ?? ['Một', 'Hai', 'Ba', 'Bốn'] },
    imageUrl: null,
  };
}

const created = async (categoryId: number, texts: Texts) =>
  (await api.admin.questions.create(questionInput(categoryId, texts))).id;

/** Every page of a search, in order, and how many pages it took. */
async function allPages(input: { categoryId: number | null; search: string }) {
  const ids: number[] = [];
  let cursor = null;
  let pages = 0;
  do {
    const page = await api.admin.questions.list({ ...input, cursor });
    expect(page.items.length).toBeLessThanOrEqual(50);
    ids.push(...page.items.map((q) => q.id));
    cursor = page.nextCursor;
    pages++;
  } while (cursor);
  return { ids, pages };
}

const newestFirst = (ids: number[]) => [...ids].sort((a, b) => b - a);

describe('the search reads the answers too', () => {
  const categoryId = createCategoryRow(db);

  it('finds Hồ Chí Minh City as an answer, typed with or without diacritics, in part, in either language', async () => {
    const capital = await created(categoryId, {
      en: 'What is the capital city of Vietnam?',
      vi: 'Thủ đô của Việt Nam là thành phố nào?',
      answersEn: ['Hanoi', 'Ho Chi Minh City', 'Đà Nẵng', 'Huế'],
      answersVi: ['Hà Nội', 'Thành phố Hồ Chí Minh', 'Đà Nẵng', 'Huế'],
    });
    const fruit = await created(categoryId, {
      en: 'Which fruit smells strongly?',
      vi: 'Loại quả nào có mùi rất nồng?',
      answersEn: ['Durian', 'Apple', 'Pear', 'Plum'],
      answersVi: ['Sầu riêng', 'Táo', 'Lê', 'Mận'],
    });
    const found = async (search: string) =>
      (await api.admin.questions.list({ categoryId, search })).items.map((q) => q.id);
    for (const search of ['ho chi minh', 'Hồ Chí Minh', 'chi minh', 'HO CHI MINH CITY', 'thanh pho ho']) {
      expect(await found(search), search).toEqual([capital]);
    }
    // An answer only in Vietnamese, and only in English.
    expect(await found('sau rieng')).toEqual([fruit]);
    expect(await found('durian')).toEqual([fruit]);
    // Never across two answers (each is a line of its own).
    expect(await found('hanoi ho chi')).toEqual([]);
    expect(await found('nowhere at all')).toEqual([]);
  });

  it('lists matches in the question text first, then in answers alone, newest first in each', async () => {
    const mine = createCategoryRow(db);
    const inText: number[] = [];
    const inAnswers: number[] = [];
    for (let i = 0; i < 4; i++) {
      inAnswers.push(
        await created(mine, { en: `Which animal ${i}?`, vi: `Con vật nào ${i}?`, answersEn: ['Okapi', 'B', 'C', 'D'] }),
      );
      inText.push(await created(mine, { en: `Where does the okapi live ${i}?`, vi: `Con okapi sống ở đâu ${i}?` }));
    }
    // In both its text and its answers: listed once, with the text matches.
    inText.push(
      await created(mine, {
        en: 'Is the okapi a giraffe?',
        vi: 'Okapi có phải hươu cao cổ?',
        answersEn: ['Okapi', 'Yes', 'No', 'Maybe'],
      }),
    );
    const page = await api.admin.questions.list({ categoryId: mine, search: 'okapi' });
    expect(page.items.map((q) => q.id)).toEqual([...newestFirst(inText), ...newestFirst(inAnswers)]);
    expect(page.nextCursor).toBeNull();
    expect(await api.admin.questions.count({ categoryId: mine, search: 'okapi' })).toEqual({ total: 9, more: false });
  });

  // 50 a page: the tiers' boundary inside a page, at a page's end, and with one tier empty.
  it.each([
    [61, 60],
    [50, 7],
    [0, 51],
    [51, 0],
  ])('pages %i text matches and %i answer matches: each exactly once, in order', async (textCount, answerCount) => {
    const mine = createCategoryRow(db);
    const textIds = createQuestionRows(db, textCount, { categoryId: mine });
    const answerIds = createQuestionRows(db, answerCount, { categoryId: mine });
    const other = createQuestionRows(db, 5, { categoryId: mine });
    // Texts and answers set directly (as a bulk load would), then the index written as services do.
    const word = `quokka${textCount}x${answerCount}`;
    const rewrite = (id: number, question: string, answers: string[]) => {
      db.update(questions).set({ questionEn: question, answersEn: answers }).where(eq(questions.id, id)).run();
      indexQuestion(db, id, { questionEn: question, questionVi: null, answersEn: answers, answersVi: null });
    };
    // Interleaved ids: the order is the tiers', not the ids'.
    for (const id of textIds) rewrite(id, `Where does the ${word} live (${id})?`, ['A', 'B', 'C', 'D']);
    for (const id of answerIds) rewrite(id, `Which animal (${id})?`, [`A ${word}`, 'B', 'C', 'D']);
    for (const id of other) rewrite(id, `Something else (${id})?`, ['A', 'B', 'C', 'D']);

    const { ids, pages } = await allPages({ categoryId: mine, search: word.toUpperCase() });
    expect(ids).toEqual([...newestFirst(textIds), ...newestFirst(answerIds)]);
    expect(pages).toBe(Math.max(1, Math.ceil((textCount + answerCount) / 50)));
    expect(await api.admin.questions.count({ categoryId: mine, search: word })).toEqual({
      total: textCount + answerCount,
      more: false,
    });
    // Without the category filter too (the word is nowhere else).
    expect((await allPages({ categoryId: null, search: word })).ids).toEqual(ids);
    expect(await api.admin.questions.count({ categoryId: null, search: word })).toEqual({
      total: textCount + answerCount,
      more: false,
    });
  });

  it('refuses a cursor that is no search tier, and a search under 3 letters', async () => {
    const badCursor = await rejection(api.admin.questions.list({ search: 'okapi', cursor: { key: 'Okapi', id: 5 } }));
    expect(badCursor.code).toBe('BAD_REQUEST');
    expect(badCursor.message).toBe('errors:admin.badCursor');
    for (const search of ['hà', ' ab ', 'Đ']) {
      const list = await rejection(api.admin.questions.list({ search }));
      expect(list.message).toBe('errors:admin.searchTooShort');
      const count = await rejection(api.admin.questions.count({ search }));
      expect(count.message).toBe('errors:admin.searchTooShort');
    }
  });
});

describe('the list’s total', () => {
  it('counts what the filter, the search and the view list, all pages together', async () => {
    const mine = createCategoryRow(db);
    const ids = createQuestionRows(db, 73, { categoryId: mine });
    expect(await api.admin.questions.count({ categoryId: mine })).toEqual({ total: 73, more: false });
    expect((await api.admin.questions.list({ categoryId: mine })).items).toHaveLength(50);
    const everything = db.select({ id: questions.id }).from(questions).all().length;
    expect(await api.admin.questions.count({})).toEqual({ total: everything, more: false });
    // Views of play count only the questions played (by their own age group).
    expect(await api.admin.questions.count({ categoryId: mine, view: 'mostPlayed' })).toEqual({
      total: 0,
      more: false,
    });
    expect(await api.admin.questions.count({ categoryId: mine, view: 'needsLook' })).toEqual({ total: 0, more: false });
    db.insert(questionStats)
      .values([
        { questionId: ids[0] as number, ageCategory: 'Kids', answered: 40, answeredRight: 39 },
        { questionId: ids[1] as number, ageCategory: 'Kids', answered: 3, answeredRight: 1 },
        { questionId: ids[2] as number, ageCategory: 'Adults', answered: 50, answeredRight: 1 },
      ])
      .run();
    expect(await api.admin.questions.count({ categoryId: mine, view: 'mostPlayed' })).toEqual({
      total: 2,
      more: false,
    });
    expect(await api.admin.questions.count({ categoryId: mine, view: 'mostRight' })).toEqual({ total: 1, more: false });
    expect(await api.admin.questions.count({ categoryId: mine, view: 'leastRight' })).toEqual({
      total: 1,
      more: false,
    });
    // Answered right 39 times in 40 but tagged hard: it needs a look.
    db.update(questions)
      .set({ difficulty: 3 })
      .where(eq(questions.id, ids[0] as number))
      .run();
    expect(await api.admin.questions.count({ categoryId: mine, view: 'needsLook' })).toEqual({ total: 1, more: false });
  });

  it('stops at its limit and says "more than"; a search counts only when each index holds few matches', () => {
    const mine = createCategoryRow(db);
    const ids = createQuestionRows(db, 12, { categoryId: mine });
    const filter = { categoryId: mine, search: '', view: 'byText' as const };
    expect(countQuestions(db, filter, { list: 12, search: 100 })).toEqual({ total: 12, more: false });
    expect(countQuestions(db, filter, { list: 11, search: 100 })).toEqual({ total: 11, more: true });
    // 5 text matches and 7 answer-only ones: the answers' index over the limit, or neither.
    const word = 'capybaralimit';
    ids.forEach((id, i) => {
      const [question, answers] =
        i < 5
          ? [`Where does the ${word} live (${id})?`, ['A', 'B', 'C', 'D']]
          : [`Which (${id})?`, [word, 'B', 'C', 'D']];
      db.update(questions).set({ questionEn: question, answersEn: answers }).where(eq(questions.id, id)).run();
      indexQuestion(db, id, { questionEn: question, questionVi: null, answersEn: answers, answersVi: null });
    });
    const search = { ...filter, search: word };
    expect(countQuestions(db, search)).toEqual({ total: 12, more: false });
    expect(countQuestions(db, search, { list: 10_000, search: 7 })).toEqual({ total: 12, more: false });
    expect(countQuestions(db, search, { list: 10_000, search: 6 })).toEqual({ total: null, more: true });
    expect(countQuestions(db, search, { list: 10_000, search: 4 })).toEqual({ total: null, more: true });
    // In another category the same search counts none (its matches are counted in the filter).
    const other = { ...search, categoryId: createCategoryRow(db) };
    expect(countQuestions(db, other)).toEqual({ total: 0, more: false });
  });

  it('is FORBIDDEN to a non-admin', async () => {
    expect((await rejection(parent.caller().admin.questions.count({}))).code).toBe('FORBIDDEN');
  });
});

describe('moving questions to another category', () => {
  const categoryOf = (ids: number[]) =>
    db
      .select({ id: questions.id, categoryId: questions.categoryId })
      .from(questions)
      .where(inArray(questions.id, ids))
      .all()
      .map((row) => row.categoryId);

  it('moves 81 in one step, so the emptied category can be deleted', async () => {
    const from = createCategoryRow(db);
    const to = createCategoryRow(db);
    const ids = createQuestionRows(db, 81, { categoryId: from });
    db.update(questions).set({ bankHash: 'from-the-bank' }).where(inArray(questions.id, ids)).run();
    // The same id twice counts once.
    expect(await api.admin.questions.move({ questionIds: [...ids, ids[0] as number], categoryId: to })).toEqual({
      moved: 81,
    });
    expect(new Set(categoryOf(ids))).toEqual(new Set([to]));
    // Moved bank questions are the admin's now (later bank versions leave them where they are).
    expect(
      db
        .select()
        .from(questions)
        .where(inArray(questions.id, ids))
        .all()
        .every((q) => q.bankHash === null),
    ).toBe(true);
    expect(await api.admin.questions.count({ categoryId: from })).toEqual({ total: 0, more: false });
    await api.admin.categories.remove({ categoryId: from });
  });

  it('changes nothing when the category or a question is missing', async () => {
    const from = createCategoryRow(db);
    const to = createCategoryRow(db);
    const ids = createQuestionRows(db, 3, { categoryId: from });
    const noCategory = await rejection(api.admin.questions.move({ questionIds: ids, categoryId: 999_999 }));
    expect(noCategory.code).toBe('NOT_FOUND');
    expect(noCategory.message).toBe('errors:category.notFound');
    const noQuestion = await rejection(api.admin.questions.move({ questionIds: [...ids, 999_999], categoryId: to }));
    expect(noQuestion.code).toBe('NOT_FOUND');
    expect(noQuestion.message).toBe('errors:question.notFound');
    expect(categoryOf(ids)).toEqual([from, from, from]);
  });

  it.each([
    ['no question', { questionIds: [], categoryId: 1 }],
    ['too many', { questionIds: Array.from({ length: MOVE_MAX + 1 }, (_, i) => i + 1), categoryId: 1 }],
    ['an id that is no id', { questionIds: [1.5], categoryId: 1 }],
    ['no category', { questionIds: [1] }],
  ])('refuses %s (BAD_REQUEST)', async (_label, input) => {
    const error = await rejection(api.admin.questions.move(input as { questionIds: number[]; categoryId: number }));
    expect(error.code).toBe('BAD_REQUEST');
  });

  it('is FORBIDDEN to a non-admin, and moves nothing', async () => {
    const from = createCategoryRow(db);
    const to = createCategoryRow(db);
    const ids = createQuestionRows(db, 2, { categoryId: from });
    const error = await rejection(parent.caller().admin.questions.move({ questionIds: ids, categoryId: to }));
    expect(error.code).toBe('FORBIDDEN');
    expect(categoryOf(ids)).toEqual([from, from]);
  });
});

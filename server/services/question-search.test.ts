import { describe, expect, it } from 'vitest';
import { ANSWER_SEARCH_TABLE, meta } from '../db/schema';
import { createTestDb } from '../test/db';
import { createCategoryRow, createQuestionRows } from '../test/factories';
import { listQuestions } from './admin-questions';
import { ensureSearchIndex, searchMatch, searchTextOf } from './question-search';

const db = createTestDb();

describe('the search index', () => {
  it('keeps texts and answers apart, one text a line, folded', () => {
    expect(
      searchTextOf({
        questionEn: 'What is the capital of Vietnam?',
        questionVi: 'Thủ đô của Việt Nam là gì?',
        answersEn: ['Hanoi', 'Ho Chi Minh City', 'Huế', 'Đà Nẵng'],
        answersVi: null,
      }),
    ).toEqual({
      question: 'what is the capital of vietnam?\nthu do cua viet nam la gi?',
      answers: 'hanoi\nho chi minh city\nhue\nda nang',
    });
  });

  it('quotes the phrase, so nothing typed is an FTS5 operator', () => {
    expect(searchMatch('say "hi" OR NOT*')).toBe('"say ""hi"" OR NOT*"');
  });

  it('is rebuilt at start-up once when built by an older version (an install from before answers were searched)', () => {
    const categoryId = createCategoryRow(db);
    const [id] = createQuestionRows(db, 1, { categoryId, correctAnswerIndex: 0 });
    const search = (text: string) =>
      listQuestions(db, { categoryId, search: text, view: 'byText', cursor: null }).items.map((q) => q.id);
    // As migration 0009 leaves it: the answers' table empty, the version still the old one.
    db.$client.exec(`INSERT INTO ${ANSWER_SEARCH_TABLE} (${ANSWER_SEARCH_TABLE}) VALUES ('delete-all')`);
    db.insert(meta)
      .values({ key: 'question_search_version', value: '1' })
      .onConflictDoUpdate({ target: meta.key, set: { value: '1' } })
      .run();
    expect(search('right vi')).toEqual([]);
    expect(ensureSearchIndex(db)).toBeGreaterThanOrEqual(1);
    // Found by its answers (the factory's right answer is "Right en <n>", its Vietnamese one "Right vi <n>").
    expect(search('right vi')).toContain(id);
    expect(ensureSearchIndex(db)).toBe(0);
  });
});

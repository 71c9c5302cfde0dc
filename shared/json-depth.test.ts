import { describe, expect, test } from 'vitest';
import { jsonTooDeepAt, MAX_JSON_DEPTH } from './json-depth';
import type { QuestionInput } from './schemas/admin';
import type { SetQuestion } from './schemas/question-set';

/** How deep JSON text nests: the smallest bound it stays within. */
function depthOf(text: string): number {
  let depth = 0;
  while (jsonTooDeepAt(text, depth) >= 0) depth++;
  return depth;
}

describe('jsonTooDeepAt', () => {
  test('flat and shallow texts are within the bound', () => {
    for (const text of ['', '1', '"x"', 'null', '[]', '{}', '{"a":[1,{"b":[]}]}', 'not json at all']) {
      expect(jsonTooDeepAt(text), text).toBe(-1);
    }
    expect(depthOf('{"a":[1,{"b":[]}]}')).toBe(4);
  });

  test('answers the offset of the bracket that opens the first level past the bound', () => {
    const atBound = `${'['.repeat(MAX_JSON_DEPTH)}${']'.repeat(MAX_JSON_DEPTH)}`;
    expect(jsonTooDeepAt(atBound)).toBe(-1);
    expect(jsonTooDeepAt(`[${atBound}]`)).toBe(MAX_JSON_DEPTH);
    expect(jsonTooDeepAt('{"a": {"b": [1]}}', 2)).toBe(12);
    // Siblings do not add up: depth is nesting, not count.
    expect(jsonTooDeepAt(`[${'[1],'.repeat(10_000)}[2]]`, 2)).toBe(-1);
  });

  test('brackets inside strings are text, whatever the escapes around them', () => {
    expect(jsonTooDeepAt(`["${'['.repeat(100)}"]`, 1)).toBe(-1);
    // An escaped quote does not end the string…
    expect(jsonTooDeepAt(`["\\"${'{'.repeat(100)}"]`, 1)).toBe(-1);
    // …an escaped backslash before a quote does, and what follows counts again.
    expect(jsonTooDeepAt('["\\\\", [[1]]]', 2)).toBe(8);
    expect(jsonTooDeepAt('["\\u005b\\n[", [1]]', 2)).toBe(-1);
  });

  test('stops at the first level past the bound: an 8 MB run of brackets costs it nothing', () => {
    expect(jsonTooDeepAt('['.repeat(8 * 1024 * 1024))).toBe(MAX_JSON_DEPTH);
    expect(jsonTooDeepAt(`"${'x'.repeat(1000)}"${'{'.repeat(8 * 1024 * 1024)}`)).toBe(1002 + MAX_JSON_DEPTH);
  });

  test('reads a whole text that stays shallow in one pass, quicker than parsing it', () => {
    const text = `[${'[1,{"a":"b\\"["}],'.repeat(120_000)}[]]`;
    expect(text.length).toBeGreaterThan(2_000_000);
    // The quickest of three runs of each: compared, not timed, and little moved by a busy machine.
    const quickest = (run: () => unknown) =>
      Math.min(
        ...[1, 2, 3].map(() => {
          const started = performance.now();
          run();
          return performance.now() - started;
        }),
      );
    expect(jsonTooDeepAt(text)).toBe(-1);
    expect(quickest(() => jsonTooDeepAt(text))).toBeLessThan(quickest(() => JSON.parse(text)));
  });
});

describe('what the app itself sends stays well within the bound', () => {
  const texts = { question: 'Which river flows through Hà Nội?', answers: ['Red', 'Mekong', 'Perfume', 'Đà'] };
  const formQuestion: QuestionInput = {
    categoryId: 1,
    ageCategory: 'Kids',
    difficulty: 2,
    correctAnswerIndex: 0,
    en: texts,
    vi: texts,
    imageUrl: null,
  };
  const setQuestion: SetQuestion = {
    question_en: texts.question,
    question_vi: texts.question,
    answers_en: texts.answers,
    answers_vi: texts.answers,
    correctAnswerIndex: 0,
    categoryId: 0,
    ageCategory: 'Kids',
    difficulty: 1,
    line: 2,
    newCategory: { name_en: 'Rivers', name_vi: 'Sông' },
  };

  test.each([
    // The deepest tRPC call: an edit of a question, batched as the client's link sends it.
    ['admin.questions.update, batched', { 0: { questionId: 1, question: formQuestion } }, 5],
    // POST /api/admin/question-sets, as the Add Question Set page sends it.
    ['a reviewed set saved', { setId: crypto.randomUUID(), questions: [setQuestion] }, 4],
    // An imported questions.json: a list, or { questions: [...] }.
    ['an imported questions.json', { questions: [setQuestion] }, 4],
  ])('%s', (_what, payload, depth) => {
    const text = JSON.stringify(payload);
    expect(depthOf(text)).toBe(depth);
    expect(depth * 3).toBeLessThanOrEqual(MAX_JSON_DEPTH);
  });
});

import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { acceptedFileValues } from '#shared/schemas/question-set.ts';
import { LOCAL_ONLY_CONFIG } from '../app';
import { SESSION_COOKIE } from '../auth/session';
import { questions } from '../db/schema';
import type { ExportedQuestion } from '../services/question-sets';
import { createTestApp, TEST_ORIGIN } from '../test/app';
import { createTestDb } from '../test/db';
import { createAccount, createCategoryRow } from '../test/factories';
import { multipartFile } from '../test/multipart';
import { CSV_COLUMNS, fromCsvCell, toCsvCell } from './csv-cells';
import { EXPORT_CHUNK_ROWS, exportChunks, exportFileName } from './export-file';
import { jsonElementLines, parseQuestionFile } from './read-file';

const categories = [
  { id: 1, name_en: 'Animals', name_vi: 'Động vật' },
  { id: 2, name_en: 'Geography', name_vi: 'Địa lý' },
];
const nothingKnown = () => [];
const header = CSV_COLUMNS.join(',');
const row = (cells: (string | number)[]) =>
  cells.map((c) => (/[",\n]/.test(String(c)) ? `"${String(c).replaceAll('"', '""')}"` : c)).join(',');
const good = (question: string, category = 'Animals') => [
  category,
  '',
  'Kids',
  1,
  `Which animal ${question}?`,
  'Cat',
  'Dog',
  'Cow',
  'Duck',
  `Con vật nào ${question}?`,
  'Mèo',
  'Chó',
  'Bò',
  'Vịt',
  2,
];

describe('reading a question set file', () => {
  it('reads CSV as Excel writes it: BOM, CRLF, quotes, Vietnamese intact; problems named by line', () => {
    const csv = [
      `\uFEFF${header}`,
      row(good('barks')),
      row([
        'Động vật',
        '',
        'Teenagers',
        'hard',
        'Which "big" cat\nroars?',
        'Lion',
        'Cat',
        'Lynx',
        'Puma',
        'Con mèo "lớn" nào gầm?',
        'Sư tử',
        'Mèo',
        'Linh miêu',
        'Báo sư tử',
        'A',
      ]),
      row(good('has no answer').map((c, i) => (i === 6 ? '' : c))),
      row(good('lives in space', 'Astronomy')),
      row(good('barks')),
      row(good('quacks').map((c, i) => (i === 2 ? 'Toddlers' : c))),
      '',
    ].join('\r\n');
    const parsed = parseQuestionFile('set.csv', csv, categories, nothingKnown);
    expect(parsed.questions).toHaveLength(2);
    expect(parsed.questions[0]).toMatchObject({
      categoryId: 1,
      ageCategory: 'Kids',
      difficulty: 1,
      correctAnswerIndex: 1,
      question_vi: 'Con vật nào barks?',
    });
    expect(parsed.questions[1]).toMatchObject({
      categoryId: 1,
      ageCategory: 'Teenagers',
      difficulty: 3,
      correctAnswerIndex: 0,
      question_en: 'Which "big" cat\nroars?',
      answers_vi: ['Sư tử', 'Mèo', 'Linh miêu', 'Báo sư tử'],
    });
    // Line 3 holds a line break inside quotes: the rows after it start a line later.
    expect(parsed.problems).toEqual([
      { line: 5, message: 'errors:question.answersRequired' },
      { line: 6, message: 'errors:questionSet.unknownCategory', params: { name: 'Astronomy' } },
      { line: 7, message: 'errors:questionSet.duplicateInFile', params: { line: 2 } },
      {
        line: 8,
        message: 'errors:questionSet.badAgeCategory',
        params: { allowed: 'Kids, Teenagers, Adults, Thiếu nhi, Thiếu niên, Người lớn' },
      },
    ]);
  });

  it('reads JSON (spec §3 plus where each goes), naming the line each problem starts on', () => {
    const json = JSON.stringify(
      [
        {
          category: 'Geography',
          ageCategory: 'Adults',
          difficulty: 2,
          question_en: 'Capital of Peru?',
          answers_en: ['Lima', 'Quito', 'Bogotá', 'La Paz'],
          question_vi: 'Thủ đô của Peru?',
          answers_vi: ['Lima', 'Quito', 'Bogotá', 'La Paz'],
          correctAnswerIndex: 0,
        },
        {
          category: 'Geography',
          ageCategory: 'Adults',
          difficulty: 9,
          question_en: 'X?',
          answers_en: ['a', 'b', 'c', 'd'],
          question_vi: 'X?',
          answers_vi: ['a', 'b', 'c', 'd'],
          correctAnswerIndex: 0,
        },
      ],
      null,
      2,
    );
    const parsed = parseQuestionFile('set.json', json, categories, nothingKnown);
    expect(parsed.questions).toHaveLength(1);
    expect(parsed.questions[0]).toMatchObject({
      categoryId: 2,
      ageCategory: 'Adults',
      difficulty: 2,
      answers_en: ['Lima', 'Quito', 'Bogotá', 'La Paz'],
    });
    // The line of the second question's "{" in the pretty-printed file (not its position, 2).
    const second = json.split('\n').lastIndexOf('  {') + 1;
    expect(second).toBeGreaterThan(10);
    expect(parsed.problems).toEqual([
      {
        line: second,
        message: 'errors:questionSet.badDifficulty',
        params: { allowed: '1, 2, 3, easy, medium, hard, dễ, vừa, khó' },
      },
    ]);
    expect(parseQuestionFile('set.json', '{ not json', categories, nothingKnown).problems).toEqual([
      { line: 1, message: 'errors:questionSet.badJsonSyntax', params: { line: 1, column: 3 } },
    ]);
    expect(parseQuestionFile('set.json', '{ "questions": [] }', categories, nothingKnown).problems).toEqual([]);
    expect(parseQuestionFile('set.json', '{ "list": 1 }', categories, nothingKnown).problems).toEqual([
      { line: 1, message: 'errors:questionSet.badJson' },
    ]);
  });

  it('names the real line and column of a JSON syntax error', () => {
    // A missing comma after line 3's value: V8 stops at the next key, line 4 column 5.
    const broken = '[\n  {\n    "category": "Animals"\n    "difficulty": 1\n  }\n]';
    expect(parseQuestionFile('set.json', broken, categories, nothingKnown).problems).toEqual([
      { line: 4, message: 'errors:questionSet.badJsonSyntax', params: { line: 4, column: 5 } },
    ]);
    // Cut short: the end of the text.
    expect(parseQuestionFile('set.json', '[\n{"a": "b"', categories, nothingKnown).problems).toEqual([
      { line: 2, message: 'errors:questionSet.badJsonSyntax', params: { line: 2, column: 10 } },
    ]);
  });

  it('a JSON file nested deeper than any question list is refused where it goes too deep, unparsed', () => {
    // 256 KB of brackets: JSON.parse takes its time over them; the scan stops at the 17th level
    // (column 55: the 15th bracket of the answers, after the list and its first object).
    const deep = `[\n  {"question_en": "[[[[", "answers_en": ${'['.repeat(256 * 1024)}`;
    const started = performance.now();
    expect(parseQuestionFile('set.json', deep, categories, nothingKnown)).toEqual({
      questions: [],
      newCategories: [],
      problems: [{ line: 2, message: 'errors:questionSet.jsonTooDeep', params: { line: 2, column: 55 } }],
    });
    const refusing = performance.now() - started;
    const parseStarted = performance.now();
    expect(() => JSON.parse(deep)).toThrow();
    // Compared, not timed: the machine is shared.
    expect(refusing).toBeLessThan((performance.now() - parseStarted) / 10);
  });

  it('lines of a JSON list: a top-level array, or the one under "questions", strings with brackets aside', () => {
    expect(jsonElementLines('[\n{"a": "[,]"},\n\n{"b": [1,\n2]}, 3\n]')).toEqual([2, 4, 5]);
    expect(jsonElementLines('{\n"name": "x",\n"questions": [\n{},\n"\\"{"\n]}')).toEqual([4, 5]);
    expect(jsonElementLines('[]')).toEqual([]);
  });

  it('says which correct answers a CSV may give', () => {
    const csv = [
      header,
      row(good('meows').map((c, i) => (i === 14 ? 'E' : c))),
      row(good('moos').map((c, i) => (i === 14 ? 'd' : c))),
    ].join('\n');
    const parsed = parseQuestionFile('set.csv', csv, categories, nothingKnown);
    expect(parsed.problems).toEqual([
      {
        line: 2,
        message: 'errors:questionSet.badCorrectAnswer',
        params: { value: 'E', allowed: 'A, B, C, D, 1, 2, 3, 4' },
      },
    ]);
    expect(parsed.questions.map((q) => q.correctAnswerIndex)).toEqual([3]);
  });

  it('keeps a question of a category the file names in both languages but that does not exist, as a new one', () => {
    const csv = [
      header,
      row(good('swims').map((c, i) => (i === 0 ? 'Sea life' : i === 1 ? 'Sinh vật biển' : c))),
      row(good('dives').map((c, i) => (i === 0 ? 'sea LIFE' : i === 1 ? 'Sinh vat bien' : c))),
      row(good('flies').map((c, i) => (i === 0 ? 'Birds' : c))),
    ].join('\n');
    const parsed = parseQuestionFile('set.csv', csv, categories, nothingKnown);
    expect(parsed.newCategories).toEqual([{ name_en: 'Sea life', name_vi: 'Sinh vật biển' }]);
    expect(parsed.questions.map((q) => [q.categoryId, q.newCategory?.name_en, q.line])).toEqual([
      [0, 'Sea life', 2],
      [0, 'sea LIFE', 3],
    ]);
    // Named in one language only: it cannot be created.
    expect(parsed.problems).toEqual([
      { line: 4, message: 'errors:questionSet.unknownCategory', params: { name: 'Birds' } },
    ]);
  });

  it('flags a question already in its category or in another one (saying which), and a file over 5,000 rows', () => {
    const csv = [
      header,
      row(good('barks')),
      row(good('meows')),
      row(good('hops').map((c, i) => (i === 0 ? 'Pets' : i === 1 ? 'Thú cưng' : c))),
      row(good('flies')),
    ].join('\n');
    // "barks" is in its own category; "meows" in Geography; "hops" too, though the file says a new category.
    const where: Record<string, number[]> = {
      'con vat nao barks?': [1],
      'which animal meows?': [2],
      'which animal hops?': [2, 1],
    };
    const known = parseQuestionFile('set.csv', csv, categories, (folded) => where[folded] ?? []);
    const elsewhere = {
      message: 'errors:questionSet.alreadyInOtherCategory',
      params: { name: 'Geography', categoryId: 2 },
    };
    expect(known.problems).toEqual([
      { line: 2, message: 'errors:questionSet.alreadyInCategory' },
      { line: 3, ...elsewhere },
      { line: 4, ...elsewhere },
    ]);
    expect(known.questions.map((q) => q.question_en)).toEqual(['Which animal flies?']);
    // The category the file names is not offered: every question of it exists already.
    expect(known.newCategories).toEqual([]);
    const huge = [header, ...Array.from({ length: 5001 }, (_, i) => row(good(`number ${i}`)))].join('\n');
    expect(parseQuestionFile('big.csv', huge, categories, nothingKnown)).toEqual({
      questions: [],
      problems: [{ line: 1, message: 'errors:questionSet.tooMany', params: { max: 5000 } }],
      newCategories: [],
    });
  });
});

describe('export, then import into another install', () => {
  async function install() {
    const db = createTestDb();
    const app = await createTestApp(db, { config: LOCAL_ONLY_CONFIG });
    const admin = createAccount(db, { admin: true });
    const headers = { cookie: `${SESSION_COOKIE}=${admin.token}`, origin: TEST_ORIGIN };
    const categoryId = createCategoryRow(db, { en: 'Oceans', vi: 'Đại dương' });
    return { db, app, headers, categoryId };
  }

  it.each(['csv', 'json'] as const)('a %s export imports back unchanged', async (format) => {
    const from = await install();
    const set = [
      {
        question_en: 'Which ocean is the largest?',
        question_vi: 'Đại dương nào lớn nhất?',
        answers_en: ['Pacific', 'Atlantic', 'Indian', 'Arctic'],
        answers_vi: ['Thái Bình Dương', 'Đại Tây Dương', 'Ấn Độ Dương', 'Bắc Băng Dương'],
        correctAnswerIndex: 0,
        difficulty: 1,
        ageCategory: 'Kids',
      },
      {
        question_en: 'How salty is "brackish" water, compared with the sea?',
        question_vi: 'Nước lợ mặn thế nào so với nước biển?',
        answers_en: ['Less salty', 'Saltier', 'The same', 'Not salty at all'],
        answers_vi: ['Ít mặn hơn', 'Mặn hơn', 'Mặn như nhau', 'Không mặn chút nào'],
        correctAnswerIndex: 0,
        difficulty: 3,
        ageCategory: 'Adults',
      },
      {
        // Cells a spreadsheet would run as formulas, and one already quoted.
        question_en: '=1+2 in a spreadsheet cell shows what?',
        question_vi: '=1+2 trong một ô bảng tính hiện ra gì?',
        answers_en: ['+3', '-3', "'=3", '@3'],
        answers_vi: ['+3', '-3', "'=3", '@3'],
        correctAnswerIndex: 0,
        difficulty: 2,
        ageCategory: 'Teenagers',
      },
    ];
    const saved = await from.app.inject({
      method: 'POST',
      url: '/api/admin/question-sets',
      headers: { ...from.headers, 'content-type': 'application/json' },
      payload: { setId: randomUUID(), questions: set.map((q) => ({ ...q, categoryId: from.categoryId })) },
    });
    expect(saved.json()).toEqual({ saved: 3 });
    const exported = await from.app.inject({
      method: 'GET',
      url: `/api/admin/questions/export?format=${format}&categoryId=${from.categoryId}`,
      headers: from.headers,
    });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-disposition']).toMatch(
      new RegExp(`attachment; filename="quiz-ladder-questions-oceans-\\d{4}-\\d{2}-\\d{2}\\.${format}"`),
    );
    // From the Vietnamese admin, named as they read it.
    const inVietnamese = await from.app.inject({
      method: 'HEAD',
      url: `/api/admin/questions/export?format=${format}&categoryId=${from.categoryId}&lang=vi`,
      headers: from.headers,
    });
    expect(inVietnamese.headers['content-disposition']).toMatch(
      new RegExp(`attachment; filename="quiz-ladder-questions-dai-duong-\\d{4}-\\d{2}-\\d{2}\\.${format}"`),
    );
    if (format === 'csv') {
      expect(exported.body.startsWith('\uFEFF')).toBe(true);
      // No cell a spreadsheet would run (OWASP: a leading ' makes it text).
      const cells = exported.body.split(/\r\n/).flatMap((line) => line.split(','));
      expect(cells.filter((cell) => /^"?[=+\-@\t\r]/.test(cell))).toEqual([]);
      expect(exported.body).toContain("'=1+2 in a spreadsheet cell shows what?");
      expect(exported.body).toContain("''=3");
    }

    const to = await install();
    const file = multipartFile(`export.${format}`, exported.rawPayload, 'text/csv');
    const imported = await to.app.inject({
      method: 'POST',
      url: '/api/admin/question-sets/import',
      headers: { ...to.headers, 'content-type': file.contentType },
      payload: file.payload,
    });
    expect(imported.statusCode, imported.body).toBe(200);
    const { questions: read, problems } = imported.json() as { questions: unknown[]; problems: unknown[] };
    expect(problems).toEqual([]);
    const save = await to.app.inject({
      method: 'POST',
      url: '/api/admin/question-sets',
      headers: { ...to.headers, 'content-type': 'application/json' },
      payload: { setId: randomUUID(), questions: read },
    });
    expect(save.json()).toEqual({ saved: 3 });
    const fields = (db: typeof from.db, categoryId: number) =>
      db
        .select({
          en: questions.questionEn,
          vi: questions.questionVi,
          answersEn: questions.answersEn,
          answersVi: questions.answersVi,
          correct: questions.correctAnswerIndex,
          age: questions.ageCategory,
          difficulty: questions.difficulty,
        })
        .from(questions)
        .where(eq(questions.categoryId, categoryId))
        .all();
    expect(fields(to.db, to.categoryId)).toEqual(fields(from.db, from.categoryId));

    // Imported twice, everything is already there: nothing new to save.
    const again = await to.app.inject({
      method: 'POST',
      url: '/api/admin/question-sets/import',
      headers: { ...to.headers, 'content-type': file.contentType },
      payload: file.payload,
    });
    expect((again.json() as { questions: unknown[] }).questions).toEqual([]);
  });

  it('refuses a file over 5 MB, and anyone but an admin', async () => {
    const { app, headers, db } = await install();
    const file = multipartFile('big.csv', Buffer.alloc(5 * 1024 * 1024 + 10, 'a'), 'text/csv');
    const tooBig = await app.inject({
      method: 'POST',
      url: '/api/admin/question-sets/import',
      headers: { ...headers, 'content-type': file.contentType },
      payload: file.payload,
    });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toMatchObject({
      error: 'Files can be at most 5 MB.',
      key: 'errors:questionSet.fileTooLarge',
    });
    const parent = createAccount(db);
    const small = multipartFile('set.csv', header, 'text/csv');
    const asParent = await app.inject({
      method: 'POST',
      url: '/api/admin/question-sets/import',
      headers: { cookie: `${SESSION_COOKIE}=${parent.token}`, origin: TEST_ORIGIN, 'content-type': small.contentType },
      payload: small.payload,
    });
    expect(asParent.statusCode).toBe(403);
    const exportAsParent = await app.inject({
      method: 'GET',
      url: '/api/admin/questions/export',
      headers: { cookie: `${SESSION_COOKIE}=${parent.token}` },
    });
    expect(exportAsParent.statusCode).toBe(403);
  });
});

describe('the export as a stream', () => {
  const row = (n: number): ExportedQuestion => ({
    category: 'Oceans',
    category_vi: 'Đại dương',
    ageCategory: 'Kids',
    difficulty: 1,
    question_en: `Question ${n}?`,
    question_vi: `Câu hỏi ${n}?`,
    answers_en: ['A', 'B', 'C', 'D'],
    answers_vi: ['A', 'B', 'C', 'D'],
    correctAnswerIndex: 0,
    imageUrl: null,
  });
  /** 10,000 rows, counting how many have been read. */
  function counted() {
    const seen = { rows: 0 };
    function* rows() {
      for (let n = 0; n < 10_000; n++) {
        seen.rows++;
        yield row(n);
      }
    }
    return { seen, rows: rows() };
  }

  it.each(['csv', 'json'] as const)('%s: reads the rows a chunk at a time, as the chunks are taken', async (format) => {
    const { seen, rows } = counted();
    const chunks = exportChunks(rows, format);
    await chunks.next(); // the header, or the opening bracket
    await chunks.next();
    expect(seen.rows).toBeLessThanOrEqual(EXPORT_CHUNK_ROWS + 1);
    await chunks.next();
    expect(seen.rows).toBeLessThanOrEqual(2 * EXPORT_CHUNK_ROWS + 1);
  });

  it('lets other work run between chunks', async () => {
    const chunks = exportChunks(counted().rows, 'csv');
    const order: string[] = [];
    await chunks.next();
    await chunks.next();
    setImmediate(() => order.push('another request'));
    await chunks.next();
    order.push('the next chunk');
    expect(order).toEqual(['another request', 'the next chunk']);
  });

  it.each(['csv', 'json'] as const)('%s: all chunks together are the whole file', async (format) => {
    let text = '';
    for await (const chunk of exportChunks(counted().rows, format)) text += chunk;
    if (format === 'json') {
      const parsed = JSON.parse(text) as ExportedQuestion[];
      expect(parsed).toHaveLength(10_000);
      // A plain file carries no picture URL (it means nothing to another install).
      const { imageUrl: _url, ...plain } = row(9_999);
      expect(parsed[9_999]).toEqual(plain);
    } else {
      expect(text.split('\r\n').filter(Boolean)).toHaveLength(10_001);
    }
  });

  it('quotes a formula cell and reads it back as it was', () => {
    for (const text of ['=SUM(A1)', '+1', '-1', '@x', '\tx', '\rx', "'=x", "''+y", 'plain', "'quoted", '']) {
      expect(fromCsvCell(toCsvCell(text)), JSON.stringify(text)).toBe(text);
    }
    expect(toCsvCell('=1+1')).toBe("'=1+1");
    expect(toCsvCell('Hà Nội')).toBe('Hà Nội');
  });
});

describe('an export file name', () => {
  const day = new Date('2026-11-28T12:00:00Z');
  it('carries the category name folded to ASCII, or "all", and the day', () => {
    expect(exportFileName('Night sky', 'zip', day)).toBe('quiz-ladder-questions-night-sky-2026-11-28.zip');
    expect(exportFileName('Địa lý Việt Nam!', 'csv', day)).toBe('quiz-ladder-questions-dia-ly-viet-nam-2026-11-28.csv');
    expect(exportFileName(null, 'json', day)).toBe('quiz-ladder-questions-all-2026-11-28.json');
    expect(exportFileName('★★', 'zip', day)).toBe('quiz-ladder-questions-all-2026-11-28.zip');
  });
});

describe('the accepted values', () => {
  it('docs/admin.md lists them as the import reads them (shared/schemas/question-set.ts)', () => {
    const readme = readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'admin.md'), 'utf8');
    const values = acceptedFileValues();
    expect(readme).toContain(`- \`age_category\`: ${values.ages}\n`);
    expect(readme).toContain(`- \`difficulty\`: ${values.difficulties}\n`);
    expect(readme).toContain(`- \`correct_answer\`: ${values.answers}\n`);
  });

  it('every listed value imports', () => {
    const values = acceptedFileValues();
    const ages = values.ages.split(', ');
    const difficulties = values.difficulties.split(', ');
    const answers = values.answers.split(', ');
    const csv = [
      header,
      ...ages.map((age, i) =>
        row(
          good(`age ${i}`).map((c, at) =>
            at === 2 ? age : at === 3 ? (difficulties[i % difficulties.length] ?? 1) : c,
          ),
        ),
      ),
      ...difficulties.map((d, i) => row(good(`difficulty ${i}`).map((c, at) => (at === 3 ? d : c)))),
      ...answers.map((a, i) => row(good(`answer ${i}`).map((c, at) => (at === 14 ? a : c)))),
    ].join('\n');
    const parsed = parseQuestionFile('set.csv', csv, categories, nothingKnown);
    expect(parsed.problems).toEqual([]);
    expect(parsed.questions).toHaveLength(ages.length + difficulties.length + answers.length);
  });
});

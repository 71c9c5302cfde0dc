import Papa from 'papaparse';
import { AGE_CATEGORIES, type AgeCategory } from '../../shared/age';
import type { Language } from '../../shared/i18n';
import { questionInput } from '../../shared/schemas/admin';
import {
  type FileProblem,
  IMPORT_MAX_ROWS,
  type SetQuestion,
  toQuestionInput,
} from '../../shared/schemas/question-set';
import { cleanText, foldForSearch } from '../../shared/text';
import type { CategoryView } from './categories';
import type { ExportedQuestion } from './question-sets';

/**
 * A question set's file: CSV (one row a question, as Excel and Google Sheets write it, UTF-8 with
 * or without a byte-order mark) or JSON (spec §3's generated questions plus where they go). What
 * Manage Questions exports, an import reads back unchanged.
 */
export const CSV_COLUMNS = [
  'category',
  'category_vi',
  'age_category',
  'difficulty',
  'question_en',
  'answer_en_1',
  'answer_en_2',
  'answer_en_3',
  'answer_en_4',
  'question_vi',
  'answer_vi_1',
  'answer_vi_2',
  'answer_vi_3',
  'answer_vi_4',
  'correct_answer',
] as const;

/** Excel opens a CSV as UTF-8 (Vietnamese intact) only when it starts with a byte-order mark. */
const BOM = '\uFEFF';

/**
 * OWASP's rule against CSV formula injection: a cell a spreadsheet would run as a formula (one
 * starting with =, +, -, @, a tab or a carriage return) is written after a ' (text to Excel,
 * LibreOffice and Google Sheets), and so is one that already starts with quotes before those, so
 * that reading takes exactly one ' away and every text comes back as it was.
 */
const FORMULA_START = /^'*[=+\-@\t\r]/;
const QUOTED_FORMULA_START = /^'+[=+\-@\t\r]/;
export const toCsvCell = (text: string) => (FORMULA_START.test(text) ? `'${text}` : text);
export const fromCsvCell = (text: string) => (QUOTED_FORMULA_START.test(text) ? text.slice(1) : text);

const csvLine = (row: ExportedQuestion) =>
  [
    row.category,
    row.category_vi,
    row.ageCategory,
    row.difficulty,
    row.question_en,
    ...row.answers_en,
    row.question_vi,
    ...row.answers_vi,
    row.correctAnswerIndex + 1,
  ].map((cell) => (typeof cell === 'string' ? toCsvCell(cell) : cell));

/**
 * Rows a chunk of the export: ~35 KB of text, a millisecond or so of work, so that a request
 * arriving meanwhile waits at most that long (500 rows a chunk: game starts' p50 15 ms during
 * a million-question export in npm run bench).
 */
export const EXPORT_CHUNK_ROWS = 100;

/** Lets the requests waiting behind a chunk of the export be answered before the next is made. */
const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Manage Questions' export as chunks of text, made as they are read: memory stays at a chunk or
 * two (the HTTP stream asks for the next one once the last is sent) and other requests run between
 * chunks, for a bank of any size. CSV (with a byte-order mark, for Excel) or a JSON array, a
 * question a line.
 */
export async function* exportChunks(rows: Iterable<ExportedQuestion>, format: 'csv' | 'json'): AsyncGenerator<string> {
  const csv = format === 'csv';
  yield csv ? `${BOM}${Papa.unparse({ fields: [...CSV_COLUMNS], data: [] }, { newline: '\r\n' })}\r\n` : '[';
  let batch: ExportedQuestion[] = [];
  let first = true;
  const chunkOf = (questions: ExportedQuestion[]) => {
    if (csv) return `${Papa.unparse(questions.map(csvLine), { newline: '\r\n' })}\r\n`;
    const text = questions.map((question, i) => `${first && i === 0 ? '' : ','}\n${JSON.stringify(question)}`).join('');
    first = false;
    return text;
  };
  for (const row of rows) {
    batch.push(row);
    if (batch.length === EXPORT_CHUNK_ROWS) {
      yield chunkOf(batch);
      batch = [];
      await yieldToOthers();
    }
  }
  if (batch.length > 0) yield chunkOf(batch);
  if (!csv) yield '\n]\n';
}

export type ParsedFile = { questions: SetQuestion[]; problems: FileProblem[] };

type Row = Record<string, unknown>;

const matchOne = <T extends string>(value: unknown, options: readonly T[]): T | null => {
  const folded = foldForSearch(String(value ?? ''));
  return options.find((option) => foldForSearch(option) === folded) ?? null;
};

const DIFFICULTY_WORDS: Record<string, number> = { easy: 1, medium: 2, hard: 3, de: 1, vua: 2, kho: 3 };
const AGE_WORDS: Record<string, AgeCategory> = {
  'thieu nhi': 'Kids',
  'thieu nien': 'Teenagers',
  'nguoi lon': 'Adults',
};

/**
 * One row (a CSV line, or a JSON element) as a set question, or the i18n key of what is wrong
 * with it. `category` may be a category's id or its name in either language.
 */
function readRow(
  row: Row,
  findCategory: (value: unknown) => CategoryView | null,
): SetQuestion | Omit<FileProblem, 'line'> {
  const category = findCategory(row.categoryId) ?? findCategory(row.category) ?? findCategory(row.category_vi);
  if (!category) {
    return {
      message: 'errors:questionSet.unknownCategory',
      params: { name: String(row.category ?? row.category_vi ?? row.categoryId ?? '') },
    };
  }
  const age =
    matchOne(row.ageCategory ?? row.age_category, AGE_CATEGORIES) ??
    AGE_WORDS[foldForSearch(String(row.ageCategory ?? row.age_category ?? ''))];
  if (!age) return { message: 'errors:questionSet.badAgeCategory' };
  const difficultyText = String(row.difficulty ?? '').trim();
  const difficulty = DIFFICULTY_WORDS[foldForSearch(difficultyText)] ?? Number(difficultyText);
  if (![1, 2, 3].includes(difficulty)) return { message: 'errors:questionSet.badDifficulty' };
  const csvCorrect = row.correct_answer === undefined ? null : String(row.correct_answer).trim().toUpperCase();
  const correctAnswerIndex =
    csvCorrect === null
      ? Number(row.correctAnswerIndex)
      : 'ABCD'.includes(csvCorrect) && csvCorrect.length === 1
        ? 'ABCD'.indexOf(csvCorrect)
        : Number(csvCorrect) - 1;
  const answers = (lang: Language) =>
    Array.isArray(row[`answers_${lang}`])
      ? (row[`answers_${lang}`] as unknown[]).map((a) => String(a ?? ''))
      : [1, 2, 3, 4].map((n) => String(row[`answer_${lang}_${n}`] ?? ''));
  const question: SetQuestion = {
    categoryId: category.id,
    ageCategory: age,
    difficulty,
    question_en: String(row.question_en ?? ''),
    question_vi: String(row.question_vi ?? ''),
    answers_en: answers('en'),
    answers_vi: answers('vi'),
    correctAnswerIndex,
  };
  const parsed = questionInput.safeParse(toQuestionInput(question));
  if (!parsed.success) return { message: parsed.error.issues[0]?.message ?? 'errors:question.invalid' };
  return {
    ...question,
    question_en: parsed.data.en.question,
    question_vi: parsed.data.vi.question,
    answers_en: parsed.data.en.answers,
    answers_vi: parsed.data.vi.answers,
  };
}

/** CSV rows with the line each starts on (a quoted answer may hold line breaks of its own). */
function csvRows(text: string): { rows: { row: Row; line: number }[]; problems: FileProblem[] } {
  const rows: { row: Row; line: number }[] = [];
  const problems: FileProblem[] = [];
  // Lines counted up to `counted`; each row starts at the first character after the last one's end.
  let counted = 0;
  let line = 1;
  let previousEnd = text.indexOf('\n') + 1; // the header's
  Papa.parse<Row>(text, {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (header) => cleanText(header).toLowerCase(),
    transform: fromCsvCell,
    step(result) {
      let start = previousEnd;
      while (text[start] === '\r' || text[start] === '\n') start++;
      for (; counted < start; counted++) if (text[counted] === '\n') line++;
      previousEnd = result.meta.cursor;
      if (result.errors.length > 0) problems.push({ line, message: 'errors:questionSet.badCsvRow' });
      else rows.push({ row: result.data, line });
    },
  });
  return { rows, problems };
}

/**
 * Reads a question set's file (its name says CSV or JSON; a JSON array or object is recognised
 * anyway). Every row is checked by the add-question form's rules, and against the other rows and
 * `isKnown` (the questions already in its category); each problem names its line (CSV) or its
 * position (JSON, 1-based). Nothing here writes anything.
 */
export function parseQuestionFile(
  name: string,
  content: string,
  categories: CategoryView[],
  isKnown: (categoryId: number, folded: string) => boolean,
): ParsedFile {
  const text = content.startsWith(BOM) ? content.slice(BOM.length) : content;
  const findCategory = (value: unknown) => {
    if (value === undefined || value === null || String(value).trim() === '') return null;
    if (typeof value === 'number' || /^\d+$/.test(String(value).trim())) {
      return categories.find((c) => c.id === Number(value)) ?? null;
    }
    const folded = foldForSearch(String(value ?? ''));
    return categories.find((c) => foldForSearch(c.name_en) === folded || foldForSearch(c.name_vi) === folded) ?? null;
  };

  let entries: { row: Row; line: number }[];
  const problems: FileProblem[] = [];
  const looksJson = /\.json$/i.test(name) || /^\s*[[{]/.test(text);
  if (looksJson) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return { questions: [], problems: [{ line: 1, message: 'errors:questionSet.badJson' }] };
    }
    const list = Array.isArray(parsed) ? parsed : (parsed as { questions?: unknown } | null)?.questions;
    if (!Array.isArray(list)) return { questions: [], problems: [{ line: 1, message: 'errors:questionSet.badJson' }] };
    entries = list.map((row, i) => ({ row: (typeof row === 'object' && row !== null ? row : {}) as Row, line: i + 1 }));
  } else {
    const csv = csvRows(text);
    entries = csv.rows;
    problems.push(...csv.problems);
  }
  if (entries.length > IMPORT_MAX_ROWS) {
    return {
      questions: [],
      problems: [{ line: 1, message: 'errors:questionSet.tooMany', params: { max: IMPORT_MAX_ROWS } }],
    };
  }

  const questions: SetQuestion[] = [];
  const seen = new Map<string, number>();
  for (const { row, line } of entries) {
    const read = readRow(row, findCategory);
    if ('message' in read) {
      problems.push({ line, ...read });
      continue;
    }
    const keys = [read.question_en, read.question_vi].map((t) => `${read.categoryId}:${foldForSearch(t)}`);
    const twin = keys.map((key) => seen.get(key)).find((at) => at !== undefined);
    if (twin !== undefined) {
      problems.push({ line, message: 'errors:questionSet.duplicateInFile', params: { line: twin } });
      continue;
    }
    if ([read.question_en, read.question_vi].some((t) => isKnown(read.categoryId, foldForSearch(t)))) {
      problems.push({ line, message: 'errors:questionSet.alreadyInCategory' });
      continue;
    }
    for (const key of keys) seen.set(key, line);
    questions.push(read);
  }
  problems.sort((a, b) => a.line - b.line);
  return { questions, problems };
}

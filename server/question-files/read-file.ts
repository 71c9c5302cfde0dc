import Papa from 'papaparse';
import { AGE_CATEGORIES, type AgeCategory } from '#shared/age.ts';
import type { Language } from '#shared/i18n.ts';
import { jsonTooDeepAt } from '#shared/json-depth.ts';
import { createCategoryInput, questionInput } from '#shared/schemas/admin.ts';
import {
  AGE_CATEGORY_WORDS,
  acceptedFileValues,
  CORRECT_ANSWER_LETTERS,
  DIFFICULTY_WORDS,
  type FileProblem,
  IMPORT_MAX_ROWS,
  type NewCategory,
  type SetQuestion,
  toQuestionInput,
} from '#shared/schemas/question-set.ts';
import { cleanText, foldForSearch } from '#shared/text.ts';
import type { CategoryView } from '../services/categories';
import { BOM, fromCsvCell, PICTURE_COLUMN } from './csv-cells';

/**
 * A question set's file: CSV (one row a question, as Excel and Google Sheets write it, UTF-8 with
 * or without a byte-order mark) or JSON (spec §3's generated questions plus where they go). What
 * Manage Questions exports, an import reads back unchanged.
 */
/** An imported question, with the path its file gives for its picture (read from a zip). */
export type ImportedQuestion = SetQuestion & { picture?: string };
export type ParsedFile = { questions: ImportedQuestion[]; problems: FileProblem[]; newCategories: NewCategory[] };

type Row = Record<string, unknown>;

const matchOne = <T extends string>(value: unknown, options: readonly T[]): T | null => {
  const folded = foldForSearch(String(value ?? ''));
  return options.find((option) => foldForSearch(option) === folded) ?? null;
};

const folded = <T>(words: Record<string, T>) =>
  Object.fromEntries(Object.entries(words).map(([word, value]) => [foldForSearch(word), value]));
const DIFFICULTY_BY_WORD: Record<string, number> = folded(DIFFICULTY_WORDS);
const AGE_BY_WORD: Record<string, AgeCategory> = folded(AGE_CATEGORY_WORDS);

/** The category a row names but no category has: both names, valid as the category form's. */
function newCategoryOf(row: Row): NewCategory | null {
  const names = createCategoryInput.safeParse({
    nameEn: String(row.category ?? ''),
    nameVi: String(row.category_vi ?? ''),
  });
  return names.success ? { name_en: names.data.nameEn, name_vi: names.data.nameVi } : null;
}

/** A CSV's correct_answer (A to D, or 1 to 4) as an index, or null for anything else. */
function correctAnswerOf(value: string): number | null {
  const letter = CORRECT_ANSWER_LETTERS.indexOf(value as (typeof CORRECT_ANSWER_LETTERS)[number]);
  if (letter >= 0) return letter;
  return /^[1-4]$/.test(value) ? Number(value) - 1 : null;
}

/**
 * One row (a CSV line, or a JSON element) as a set question, or the i18n key of what is wrong
 * with it. `category` may be a category's id or its name in either language; a category named in
 * both languages that does not exist comes back as a new one (categoryId 0).
 */
function readRow(
  row: Row,
  findCategory: (value: unknown) => CategoryView | null,
): ImportedQuestion | Omit<FileProblem, 'line'> {
  const category = findCategory(row.categoryId) ?? findCategory(row.category) ?? findCategory(row.category_vi);
  const newCategory = category ? null : newCategoryOf(row);
  if (!category && !newCategory) {
    return {
      message: 'errors:questionSet.unknownCategory',
      params: { name: String(row.category ?? row.category_vi ?? row.categoryId ?? '') },
    };
  }
  const accepted = acceptedFileValues();
  const age =
    matchOne(row.ageCategory ?? row.age_category, AGE_CATEGORIES) ??
    AGE_BY_WORD[foldForSearch(String(row.ageCategory ?? row.age_category ?? ''))];
  if (!age) return { message: 'errors:questionSet.badAgeCategory', params: { allowed: accepted.ages } };
  const difficultyText = String(row.difficulty ?? '').trim();
  const difficulty = DIFFICULTY_BY_WORD[foldForSearch(difficultyText)] ?? Number(difficultyText);
  if (![1, 2, 3].includes(difficulty)) {
    return { message: 'errors:questionSet.badDifficulty', params: { allowed: accepted.difficulties } };
  }
  const csvCorrect = row.correct_answer === undefined ? null : String(row.correct_answer).trim().toUpperCase();
  const correctAnswerIndex = csvCorrect === null ? Number(row.correctAnswerIndex) : correctAnswerOf(csvCorrect);
  if (correctAnswerIndex === null) {
    return {
      message: 'errors:questionSet.badCorrectAnswer',
      params: { value: String(row.correct_answer), allowed: accepted.answers },
    };
  }
  const answers = (lang: Language) =>
    Array.isArray(row[`answers_${lang}`])
      ? (row[`answers_${lang}`] as unknown[]).map((a) => String(a ?? ''))
      : [1, 2, 3, 4].map((n) => String(row[`answer_${lang}_${n}`] ?? ''));
  const picture = String(row[PICTURE_COLUMN] ?? '').trim();
  const question: ImportedQuestion = {
    categoryId: category?.id ?? 0,
    ageCategory: age,
    difficulty,
    question_en: String(row.question_en ?? ''),
    question_vi: String(row.question_vi ?? ''),
    answers_en: answers('en'),
    answers_vi: answers('vi'),
    correctAnswerIndex,
    ...(newCategory ? { newCategory } : {}),
    ...(picture ? { picture } : {}),
  };
  // A new category's question is judged as if its category existed.
  const parsed = questionInput.safeParse(toQuestionInput({ ...question, categoryId: category?.id ?? 1 }));
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

/** The line and column (1-based) of a character of a text. */
function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, Math.max(0, offset));
  const lineStart = before.lastIndexOf('\n') + 1;
  return { line: before.split('\n').length, column: offset - lineStart + 1 };
}

/**
 * Where JSON.parse stopped: V8 says "at position N" (and lately "(line L column C)"); the position
 * is turned into a line and column here, so every Node says the same.
 */
function jsonErrorPlace(text: string, error: unknown): { line: number; column: number } {
  const position = /position (\d+)/.exec(error instanceof Error ? error.message : '')?.[1];
  return lineAndColumn(text, position === undefined ? text.length : Number(position));
}

/**
 * The lines the elements of a JSON file's question list start on: a top-level array's, or the
 * array under a top-level "questions" key. Scans the text once, minding strings and nesting; the
 * file is valid JSON by then.
 */
export function jsonElementLines(text: string): number[] {
  const lines: number[] = [];
  let line = 1;
  let depth = 0;
  let listDepth = -1;
  let lastKey = '';
  let expectValue = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '\n') line++;
    if (c === '"') {
      let end = i + 1;
      while (end < text.length && text[end] !== '"') end += text[end] === '\\' ? 2 : 1;
      if (depth === 1 && listDepth < 0) lastKey = text.slice(i + 1, end);
      if (expectValue) lines.push(line);
      expectValue = false;
      i = end;
      continue;
    }
    if (/\s/.test(c ?? '')) continue;
    if (expectValue && c !== ']') lines.push(line);
    expectValue = false;
    if (c === '[' || c === '{') {
      depth++;
      const isList = c === '[' && listDepth < 0 && (depth === 1 || (depth === 2 && lastKey === 'questions'));
      if (isList) {
        listDepth = depth;
        expectValue = true;
      }
    } else if (c === ']' || c === '}') {
      depth--;
    } else if (c === ',' && depth === listDepth) {
      expectValue = true;
    }
  }
  return lines;
}

/**
 * Why a question of the file is already here, given the categories holding its text: in the very
 * category it is for, or in another (named, with its id for the review to name it in the admin's
 * language); null when it is nowhere.
 */
function alreadyHere(
  question: ImportedQuestion,
  holdingIds: number[],
  categories: CategoryView[],
): Omit<FileProblem, 'line'> | null {
  if (holdingIds.length === 0) return null;
  if (!question.newCategory && holdingIds.includes(question.categoryId)) {
    return { message: 'errors:questionSet.alreadyInCategory' };
  }
  const other = categories.find((category) => category.id === holdingIds[0]);
  return {
    message: 'errors:questionSet.alreadyInOtherCategory',
    params: { name: other?.name_en ?? '', categoryId: holdingIds[0] as number },
  };
}

/**
 * Reads a question set's file (its name says CSV or JSON; a JSON array or object is recognised
 * anyway). Every row is checked by the add-question form's rules, against the other rows (the same
 * text twice, in whatever categories) and against `holding` (the categories already holding a
 * question of that folded text, any of them: a question imported from another install under
 * another category is still the same question); each problem names its line, and where the
 * question already is. A category the file names in both languages that does not exist is listed
 * in `newCategories`, its questions kept with categoryId 0 (the review asks before creating it).
 * Nothing here writes anything.
 */
export function parseQuestionFile(
  name: string,
  content: string,
  categories: CategoryView[],
  holding: (folded: string) => number[],
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
  const none = (problem: FileProblem): ParsedFile => ({ questions: [], problems: [problem], newCategories: [] });

  let entries: { row: Row; line: number }[];
  const problems: FileProblem[] = [];
  const looksJson = /\.json$/i.test(name) || /^\s*[[{]/.test(text);
  if (looksJson) {
    // Deeper than any question list (shared/json-depth.ts): refused before JSON.parse spends its time on it.
    const tooDeepAt = jsonTooDeepAt(text);
    if (tooDeepAt >= 0) {
      const { line, column } = lineAndColumn(text, tooDeepAt);
      return none({ line, message: 'errors:questionSet.jsonTooDeep', params: { line, column } });
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      const { line, column } = jsonErrorPlace(text, error);
      return none({ line, message: 'errors:questionSet.badJsonSyntax', params: { line, column } });
    }
    const list = Array.isArray(parsed) ? parsed : (parsed as { questions?: unknown } | null)?.questions;
    if (!Array.isArray(list)) return none({ line: 1, message: 'errors:questionSet.badJson' });
    const lines = jsonElementLines(text);
    entries = list.map((row, i) => ({
      row: (typeof row === 'object' && row !== null ? row : {}) as Row,
      line: lines[i] ?? i + 1,
    }));
  } else {
    const csv = csvRows(text);
    entries = csv.rows;
    problems.push(...csv.problems);
  }
  if (entries.length > IMPORT_MAX_ROWS) {
    return none({ line: 1, message: 'errors:questionSet.tooMany', params: { max: IMPORT_MAX_ROWS } });
  }

  const questions: ImportedQuestion[] = [];
  const newCategories = new Map<string, NewCategory>();
  const seen = new Map<string, number>();
  for (const { row, line } of entries) {
    const read = readRow(row, findCategory);
    if ('message' in read) {
      problems.push({ line, ...read });
      continue;
    }
    const keys = [read.question_en, read.question_vi].map(foldForSearch).filter((key) => key !== '');
    const twin = keys.map((key) => seen.get(key)).find((at) => at !== undefined);
    if (twin !== undefined) {
      problems.push({ line, message: 'errors:questionSet.duplicateInFile', params: { line: twin } });
      continue;
    }
    const existing = alreadyHere(read, keys.flatMap(holding), categories);
    if (existing) {
      problems.push({ line, ...existing });
      continue;
    }
    for (const key of keys) seen.set(key, line);
    const newKey = read.newCategory && foldForSearch(read.newCategory.name_en);
    if (read.newCategory && newKey && !newCategories.has(newKey)) newCategories.set(newKey, read.newCategory);
    questions.push({ ...read, line });
  }
  problems.sort((a, b) => a.line - b.line);
  return { questions, problems, newCategories: [...newCategories.values()] };
}

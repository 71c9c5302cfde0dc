import Papa from 'papaparse';
import { foldForSearch } from '#shared/text.ts';
import type { ExportedQuestion } from '../services/question-sets';
import { BOM, CSV_COLUMNS, PICTURE_COLUMN, toCsvCell } from './csv-cells';

/** A question as exported, with the path of its picture inside the zip (when it goes into one). */
export type ExportRow = ExportedQuestion & { picture?: string };

const csvLine = (row: ExportRow, withPictures: boolean) =>
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
    ...(withPictures ? [row.picture ?? ''] : []),
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
export async function* exportChunks(
  rows: Iterable<ExportRow>,
  format: 'csv' | 'json',
  { withPictures = false } = {},
): AsyncGenerator<string> {
  const csv = format === 'csv';
  const fields = withPictures ? [...CSV_COLUMNS, PICTURE_COLUMN] : [...CSV_COLUMNS];
  // The header's names need no quoting (and Papa.unparse of a header alone ends with its own line break).
  yield csv ? `${BOM}${fields.join(',')}\r\n` : '[';
  let batch: ExportRow[] = [];
  let first = true;
  const chunkOf = (questions: ExportRow[]) => {
    if (csv)
      return `${Papa.unparse(
        questions.map((row) => csvLine(row, withPictures)),
        { newline: '\r\n' },
      )}\r\n`;
    // A plain file carries no picture: its URL means nothing to another install.
    const text = questions
      .map(
        ({ imageUrl: _url, picture: _picture, ...question }, i) =>
          `${first && i === 0 ? '' : ','}\n${JSON.stringify(question)}`,
      )
      .join('');
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

/**
 * An export's file name: the category's name folded to ASCII (Vietnamese diacritics and đ too),
 * or "all", and the day: quiz-ladder-questions-night-sky-2026-11-28.zip.
 */
export function exportFileName(categoryName: string | null, extension: string, now = new Date()): string {
  const slug =
    categoryName === null
      ? ''
      : foldForSearch(categoryName)
          .replace(/[^a-z0-9]+/g, '-')
          .replace(/^-|-$/g, '');
  return `quiz-ladder-questions-${slug || 'all'}-${now.toISOString().slice(0, 10)}.${extension}`;
}

/**
 * The cells of a question file's CSV, shared by the export and the import: its columns, the
 * byte-order mark Excel needs, and OWASP's guard against formulas.
 */
/** The CSV's columns, in order, as an export writes them and an import expects them. */
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

/** The column an export's zip adds: the picture's path inside the zip, empty for none. */
export const PICTURE_COLUMN = 'image';

/** Excel opens a CSV as UTF-8 (Vietnamese intact) only when it starts with a byte-order mark. */
export const BOM = '\uFEFF';

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

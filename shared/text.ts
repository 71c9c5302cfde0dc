/** Trimmed and NFC-normalized: macOS and some Vietnamese keyboards send decomposed (NFD) text. */
export function cleanText(value: string): string {
  return value.normalize('NFC').trim();
}

/**
 * Characters a name must not hold: controls (C0, C1), the bidirectional controls that can make a
 * name read backwards or hide part of it (U+061C, U+200E/F, U+202A–E, U+2066–9), line and paragraph
 * separators, the Hangul fillers (U+115F, U+1160, U+3164, U+FFA0: letters to Unicode, blank on
 * screen, and no Korean text needs them alone), and every other invisible format character except
 * the joiners (U+200C, U+200D) and the emoji tag characters (U+E0020–U+E007F), which emoji
 * sequences and some scripts need.
 */
const REFUSED_IN_NAMES = /[\p{Cc}\u2028\u2029\u115f\u1160\u3164\uffa0]|(?!\u200c|\u200d|[\u{e0020}-\u{e007f}])\p{Cf}/u;
const REFUSED_IN_NAMES_ALL = new RegExp(REFUSED_IN_NAMES.source, 'gu');
const VISIBLE_LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

export type NameProblem = 'empty' | 'invisibleCharacters' | 'noLetterOrDigit';

/** What is wrong with a name people will see (after cleanText), or null. */
export function nameProblem(name: string): NameProblem | null {
  const cleaned = cleanText(name);
  if (cleaned === '') return 'empty';
  if (REFUSED_IN_NAMES.test(cleaned)) return 'invisibleCharacters';
  if (!VISIBLE_LETTER_OR_DIGIT.test(cleaned)) return 'noLetterOrDigit';
  return null;
}

/**
 * A name from elsewhere (a Google account's) made fit to show: the refused characters removed;
 * `fallback` when nothing visible is left.
 */
export function showableName(name: string, fallback: string): string {
  const stripped = cleanText(name.replace(REFUSED_IN_NAMES_ALL, ''));
  return nameProblem(stripped) === null ? stripped : fallback;
}

/**
 * Text as the question search compares it: no diacritics (NFD without its marks, and đ/Đ, which
 * Unicode does not decompose, as d), lower case, spaces collapsed: 'Hà Nội' and 'ha noi', 'Đà
 * Nẵng' and 'da nang' fold alike.
 */
export function foldForSearch(value: string): string {
  return value.normalize('NFD').replace(/\p{M}/gu, '').replace(/[đĐ]/g, 'd').toLowerCase().replace(/\s+/g, ' ').trim();
}

/**
 * Whether a value from outside (a request's body, query or tRPC input, a file, an AI reply) holds
 * a NUL character in any of its strings or keys. No text of ours may hold one, and SQLite reads it
 * as the end of a string (an FTS5 query with one fails): such input is refused whole, a 400.
 * Nested deeper than `depth` counts as holding one (nothing sent to us nests that deep).
 */
export function holdsNul(value: unknown, depth = 32): boolean {
  if (typeof value === 'string') return value.includes('\0');
  if (typeof value !== 'object' || value === null) return false;
  if (depth === 0) return true;
  if (Array.isArray(value)) return value.some((item) => holdsNul(item, depth - 1));
  return Object.entries(value).some(([key, item]) => key.includes('\0') || holdsNul(item, depth - 1));
}

/**
 * How deep JSON text may nest before it is parsed. What the app is sent nests five levels at most:
 * a question edited over tRPC (the batch, its input, the question, a language, its answers); a
 * saved question set and an imported questions.json four (shared/json-depth.test.ts measures
 * them). Three times that leaves room for inputs to grow, and refuses before JSON.parse sees it
 * the text whose cost is its nesting: parsing millions of `[` takes seconds in which a
 * one-threaded server answers no one, and code that walks a parsed value (zod, shared/text.ts
 * holdsNul) goes one call deeper a level.
 */
export const MAX_JSON_DEPTH = 16;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const OPEN_OBJECT = 0x7b;
const CLOSE_ARRAY = 0x5d;
const CLOSE_OBJECT = 0x7d;

/** The offset of the quote that ends the string opened at `start` (the text's length when none does). */
function endOfString(text: string, start: number): number {
  let end = start;
  let escaped: boolean;
  do {
    end = text.indexOf('"', end + 1);
    if (end < 0) return text.length;
    // Escaped when an odd number of backslashes stands before it.
    let before = end - 1;
    while (text.charCodeAt(before) === BACKSLASH) before--;
    escaped = (end - 1 - before) % 2 === 1;
  } while (escaped);
  return end;
}

/**
 * Where JSON text first nests deeper than `max`: the offset of the `[` or `{` that opens level
 * `max + 1`, or -1 when it never does. One pass over the text, counting brackets outside strings
 * (a string's `\"` does not end it; its text is skipped at indexOf's speed); whether the text is
 * valid JSON is left to the parser.
 */
export function jsonTooDeepAt(text: string, max: number = MAX_JSON_DEPTH): number {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      i = endOfString(text, i);
    } else if (c === OPEN_ARRAY || c === OPEN_OBJECT) {
      if (++depth > max) return i;
    } else if (c === CLOSE_ARRAY || c === CLOSE_OBJECT) {
      depth--;
    }
  }
  return -1;
}

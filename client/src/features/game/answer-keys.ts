/** Keys that pick an answer: A–D, and 1–4 (a remote's or a number pad's digits). */
const KEY_TO_ANSWER: Readonly<Record<string, number>> = { a: 0, b: 1, c: 2, d: 3, '1': 0, '2': 1, '3': 2, '4': 3 };

/**
 * Where a key press must not pick: typed into a field, or inside (or while there is open) a
 * dialog: there `c` or `2` means something else, and a wrong pick ends the game (WCAG 2.1.4).
 * The account menu has no letters of its own: a key for an answer closes it and answers.
 */
const NOT_FOR_ANSWERS = 'input, select, textarea, [contenteditable=""], [contenteditable="true"], dialog';
const OPEN_OVERLAYS = 'dialog[open]';

type KeyPress = {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  repeat: boolean;
  target: { closest(selector: string): unknown } | null;
};

/** The answer a key press picks (0–3), or null: not an answer key, or pressed where it means something else. */
export function answerForKey(press: KeyPress, page: { querySelector(selector: string): unknown }): number | null {
  if (press.ctrlKey || press.metaKey || press.altKey || press.repeat) return null;
  const index = KEY_TO_ANSWER[press.key.toLowerCase()];
  if (index === undefined) return null;
  if (press.target?.closest(NOT_FOR_ANSWERS) || page.querySelector(OPEN_OVERLAYS)) return null;
  return index;
}

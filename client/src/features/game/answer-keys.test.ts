import { describe, expect, it } from 'vitest';
import { answerForKey } from './answer-keys';

/** A page where `open` selectors match something, and a target inside the elements `within` matches. */
const page = (open: string[] = []) => ({
  querySelector: (selector: string) => (open.some((o) => selector.includes(o)) ? {} : null),
});
const target = (within: string[] = []) => ({
  closest: (selector: string) => (within.some((w) => selector.split(', ').includes(w)) ? {} : null),
});
const press = (key: string, options: Partial<Parameters<typeof answerForKey>[0]> = {}) => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  repeat: false,
  target: target(),
  ...options,
});

describe('answerForKey', () => {
  it('maps A–D and 1–4 to the answers, either case', () => {
    expect(['a', 'B', 'c', 'D', '1', '2', '3', '4'].map((key) => answerForKey(press(key), page()))).toEqual([
      0, 1, 2, 3, 0, 1, 2, 3,
    ]);
    expect(answerForKey(press('e'), page())).toBeNull();
    expect(answerForKey(press('Enter'), page())).toBeNull();
  });

  it('ignores keys with a modifier or held down', () => {
    expect(answerForKey(press('a', { ctrlKey: true }), page())).toBeNull();
    expect(answerForKey(press('a', { metaKey: true }), page())).toBeNull();
    expect(answerForKey(press('a', { altKey: true }), page())).toBeNull();
    expect(answerForKey(press('a', { repeat: true }), page())).toBeNull();
  });

  it('picks nothing while a dialog is open, or when typed into a field', () => {
    expect(answerForKey(press('c'), page(['dialog[open]']))).toBeNull();
    for (const field of ['input', 'textarea', 'select', 'dialog']) {
      expect(answerForKey(press('b', { target: target([field]) }), page()), field).toBeNull();
    }
  });

  it('answers while the account menu is open, from inside it too (it has no letters of its own)', () => {
    const menuOpen = page(['.account-panel:not([hidden])']);
    expect(answerForKey(press('2'), menuOpen)).toBe(1);
    expect(answerForKey(press('d', { target: target(['.account-panel']) }), menuOpen)).toBe(3);
  });
});

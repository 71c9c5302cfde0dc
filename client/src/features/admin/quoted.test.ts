import { describe, expect, it } from 'vitest';
import { QUOTED_MAX, quoted } from './quoted';

describe('quoted', () => {
  it('keeps a text that fits whole', () => {
    const text = 'Which city is the capital of Vietnam?';
    expect(quoted(text)).toBe(text);
    expect(quoted('x'.repeat(QUOTED_MAX))).toBe('x'.repeat(QUOTED_MAX));
  });

  it('cuts a long one at a word, with an ellipsis', () => {
    const text = `${'Mỗi năm, Mặt Trời lên thiên đỉnh ở Thành phố Hồ Chí Minh mấy lần '.repeat(3)}?`;
    const short = quoted(text);
    expect(short.endsWith('…')).toBe(true);
    expect([...short].length).toBeLessThanOrEqual(QUOTED_MAX + 1);
    expect(text.startsWith(short.slice(0, -1))).toBe(true);
    expect(text.charAt(short.length - 1)).toBe(' ');
  });

  it('cuts a long word where it reaches the limit, never inside a character', () => {
    const text = `${'🦉'.repeat(QUOTED_MAX)}x`;
    expect(quoted(text)).toBe(`${'🦉'.repeat(QUOTED_MAX)}…`);
  });
});

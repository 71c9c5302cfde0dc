import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { uuidOf } from './uuid';

describe('uuidOf', () => {
  test('sets the version and variant bits over whatever the bytes held, and keeps the rest', () => {
    const ones = new Uint8Array(16).fill(0xff);
    expect(uuidOf(ones, 4)).toBe('ffffffff-ffff-4fff-bfff-ffffffffffff');
    expect(uuidOf(new Uint8Array(16), 7)).toBe('00000000-0000-7000-8000-000000000000');
    expect(ones[6]).toBe(0xff); // the caller's bytes are left as they were
  });

  test('gives ids the API accepts', () => {
    const bytes = crypto.getRandomValues(new Uint8Array(16));
    expect(z.uuid().safeParse(uuidOf(bytes, 4)).success).toBe(true);
    expect(z.uuid().safeParse(uuidOf(bytes, 7)).success).toBe(true);
  });
});

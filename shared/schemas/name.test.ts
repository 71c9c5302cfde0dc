import { describe, expect, it } from 'vitest';
import { holdsNul, showableName } from '../text';
import { localSignInInput } from './auth';
import { createProfileInput } from './profile';

const profileName = (name: string) => {
  const result = createProfileInput.safeParse({ name, age: 9 });
  return result.success ? { name: result.data.name } : { error: result.error.issues[0]?.message };
};

describe('names people see', () => {
  it.each([
    ['a right-to-left override', '\u202eAnh'],
    ['a left-to-right embedding', 'An\u202ah'],
    ['an isolate', '\u2066Lan\u2069'],
    ['a right-to-left mark', 'Minh\u200f'],
    ['a zero-width space', 'Mi\u200bnh'],
    ['a control character', 'Bé\u0007'],
    ['a line separator', 'Hoa\u2028Lan'],
    ['a byte-order mark inside', 'Ho\ufeffa'],
    ['a Hangul filler (U+3164)', '\u3164'],
    ['a Hangul filler beside a letter (U+3164)', 'An\u3164'],
    ['a Hangul choseong filler (U+115F)', '\u115f\u1160'],
    ['a Hangul jungseong filler (U+1160)', 'Lan\u1160'],
    ['a halfwidth Hangul filler (U+FFA0)', '\uffa0Bo'],
  ])('refuses %s', (_label, name) => {
    expect(profileName(name)).toEqual({ error: 'errors:name.invisibleCharacters' });
  });

  it('refuses names with nothing to read: blank, only invisible, only emoji or punctuation', () => {
    expect(profileName('   ')).toEqual({ error: 'errors:profile.required' });
    expect(profileName('\u200b')).toEqual({ error: 'errors:name.invisibleCharacters' });
    expect(profileName('😀')).toEqual({ error: 'errors:name.noLetterOrDigit' });
    expect(profileName('🎉 !!')).toEqual({ error: 'errors:name.noLetterOrDigit' });
  });

  it('keeps emoji sequences joined by ZWJ, flags, digits and Vietnamese, NFC', () => {
    expect(profileName('👨‍👩‍👧 An')).toEqual({ name: '👨‍👩‍👧 An' });
    expect(profileName('🏴󠁧󠁢󠁳󠁣󠁴󠁿 Lan')).toEqual({ name: '🏴󠁧󠁢󠁳󠁣󠁴󠁿 Lan' });
    expect(profileName('R2')).toEqual({ name: 'R2' });
    const decomposed = profileName('  Nguye\u0302\u0303n Đức ');
    expect(decomposed).toEqual({ name: 'Nguyễn Đức' });
    expect(decomposed.name).toBe(decomposed.name?.normalize('NFC'));
  });

  it('the local sign-in form and POST /auth/local share the rules', () => {
    const signIn = (name: string, email: string) => localSignInInput.safeParse({ name, email });
    expect(signIn('\u202eevilnimda', 'a@example.com').error?.issues[0]?.message).toBe(
      'errors:name.invisibleCharacters',
    );
    expect(signIn('', 'a@example.com').error?.issues[0]?.message).toBe('errors:signIn.nameRequired');
    expect(signIn('Ba', 'not-an-email').error?.issues[0]?.message).toBe('errors:signIn.invalidEmail');
    expect(signIn(' Ba ', ' ba@example.com ').data).toEqual({ name: 'Ba', email: 'ba@example.com' });
  });

  it('a provider’s name is shown less what could hide or reorder it, else the fallback', () => {
    expect(showableName('\u202eevil', 'parent')).toBe('evil');
    expect(showableName('Nguye\u0302\u0303n\u200f', 'parent')).toBe('Nguyễn');
    expect(showableName('\u200b\u202e', 'parent')).toBe('parent');
    expect(showableName('😀', 'parent')).toBe('parent');
    expect(showableName('\u3164\u3164', 'parent')).toBe('parent');
    expect(showableName('Min\u3164h', 'parent')).toBe('Minh');
  });

  it('keeps Korean names: Hangul syllables are letters, only the fillers are refused', () => {
    expect(profileName('김민준')).toEqual({ name: '김민준' });
  });
});

describe('holdsNul', () => {
  it('finds a NUL in any string or key, however nested', () => {
    expect(holdsNul('a\0b')).toBe(true);
    expect(holdsNul({ a: [1, { b: 'x\0' }] })).toBe(true);
    expect(holdsNul({ 'k\0': 1 })).toBe(true);
  });
  it('passes text without one, and values that are not text', () => {
    expect(holdsNul({ name: 'Nguyễn', age: 9, tags: ['a', null, true] })).toBe(false);
    expect(holdsNul(undefined)).toBe(false);
    expect(holdsNul('\\0 is two characters')).toBe(false);
  });
  it('counts nesting past its depth as holding one (nothing we take nests that deep)', () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 40; i++) deep = [deep];
    expect(holdsNul(deep)).toBe(true);
  });
});

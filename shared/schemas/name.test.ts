import { describe, expect, it } from 'vitest';
import { showableName } from '../text';
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
  });
});

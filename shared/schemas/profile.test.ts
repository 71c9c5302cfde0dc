import { describe, expect, it } from 'vitest';
import { createProfileInput, parseProfileForm, profileMessages } from './profile';

const form = (name: string, age: string, avatar = 'avatar1.svg') => parseProfileForm({ name, age, avatar });

describe('create-profile form (spec §5)', () => {
  it('asks for name and age first', () => {
    expect(form('', '')).toEqual({ success: false, message: profileMessages.required, fields: ['name', 'age'] });
    expect(form('Minh', '')).toEqual({ success: false, message: profileMessages.required, fields: ['age'] });
    expect(form('   ', '9')).toEqual({ success: false, message: profileMessages.required, fields: ['name'] });
  });

  it.each(['0', '-3', '2.5', 'abc', '1e999'])('refuses the age %s', (age) => {
    expect(form('Minh', age)).toEqual({ success: false, message: profileMessages.invalidAge, fields: ['age'] });
  });

  it('refuses ages over 120 and names over 40 characters', () => {
    expect(form('Minh', '121')).toEqual({ success: false, message: profileMessages.ageTooHigh, fields: ['age'] });
    expect(form('M'.repeat(41), '9')).toEqual({
      success: false,
      message: profileMessages.nameTooLong,
      fields: ['name'],
    });
  });

  it.each(['avatar13.svg', '../avatar1.svg', 'avatar1.png'])('refuses %s: not one of the offered avatars', (avatar) => {
    expect(form('Minh', '9', avatar)).toEqual({
      success: false,
      message: profileMessages.invalidAvatar,
      fields: ['avatar'],
    });
  });

  it('accepts the last of the offered avatars', () => {
    expect(form('Minh', '9', 'avatar12.svg')).toMatchObject({ success: true, data: { avatar: 'avatar12.svg' } });
  });

  it('accepts a valid profile, trimmed and NFC-normalized', () => {
    const decomposed = '  Nguye\u0302\u0303n  '; // "Nguyễn" typed as NFD
    const result = form(decomposed, '9', 'avatar2.svg');
    expect(result).toEqual({ success: true, data: { name: 'Nguyễn', age: 9, avatar: 'avatar2.svg' } });
    if (result.success) expect(result.data.name).toBe(result.data.name.normalize('NFC'));
  });

  it('defaults the avatar to the first one (spec §9)', () => {
    expect(createProfileInput.parse({ name: 'An', age: 7 }).avatar).toBe('avatar1.svg');
  });
});

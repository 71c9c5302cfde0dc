import { describe, expect, it } from 'vitest';
import { pickLanguage } from './i18n';

describe('pickLanguage', () => {
  it('takes the first tag that names a language we have, read as its language alone', () => {
    expect(pickLanguage(['fr-FR', null, 'VI_vn', 'en'])).toBe('vi');
    expect(pickLanguage([undefined, ' en-GB', 'vi'])).toBe('en');
  });

  it('falls back to English when none does', () => {
    expect(pickLanguage([])).toBe('en');
    expect(pickLanguage(['fr', '', 'v', 'zz-VI'])).toBe('en');
  });
});

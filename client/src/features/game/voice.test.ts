import { describe, expect, it } from 'vitest';
import { normalizeLocale, pickVoice, speechLines } from './voice';

const voice = (lang: string, extra: { default?: boolean; localService?: boolean; name?: string } = {}) => ({
  lang,
  name: extra.name ?? lang,
  ...extra,
});

describe('voice choice', () => {
  it('normalizes locale tags as browsers write them', () => {
    expect(normalizeLocale('vi_VN')).toBe('vi-vn');
    expect(normalizeLocale(' EN-us ')).toBe('en-us');
  });

  it('takes the exact locale first', () => {
    const voices = [voice('vi'), voice('vi-VN-x-south'), voice('vi_VN', { name: 'exact' })];
    expect(pickVoice(voices, 'vi-VN')?.name).toBe('exact');
  });

  it('then any voice of the language', () => {
    expect(pickVoice([voice('en-GB'), voice('vi-VN-X-CENTRAL')], 'vi-VN')?.lang).toBe('vi-VN-X-CENTRAL');
    expect(pickVoice([voice('en-GB')], 'en-US')?.lang).toBe('en-GB');
  });

  it('prefers a local, then a default voice among equals', () => {
    const voices = [voice('en-US', { name: 'remote' }), voice('en-US', { name: 'local', localService: true })];
    expect(pickVoice(voices, 'en-US')?.name).toBe('local');
  });

  it('never gives Vietnamese an English voice', () => {
    expect(pickVoice([voice('en-US', { default: true }), voice('en-GB')], 'vi-VN')).toBeNull();
    expect(pickVoice([], 'vi-VN')).toBeNull();
  });

  it('does not mistake a language that merely starts the same', () => {
    expect(pickVoice([voice('vie')], 'vi-VN')).toBeNull();
  });
});

describe('what is read', () => {
  it('is the question, then each answer with its letter', () => {
    expect(speechLines('Capital of France?', ['Paris', 'Rome', 'Oslo', 'Hanoi'])).toEqual([
      'Capital of France?',
      'A. Paris',
      'B. Rome',
      'C. Oslo',
      'D. Hanoi',
    ]);
  });
});

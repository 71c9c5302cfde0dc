import { describe, expect, it } from 'vitest';
import { readableParts } from './speech';
import { looksVietnamese, normalizeLocale, pickVoice, questionSpeech, speechParts } from './voice';

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
  it('is the announcement, the question, then each answer with its letter, in the game’s voice', () => {
    expect(
      questionSpeech('en', 'Capital of France?', ['Paris', 'Rome', 'Oslo', 'Hanoi'], 'Question 1, for 100.'),
    ).toEqual(
      ['Question 1, for 100.', 'Capital of France?', 'A. Paris', 'B. Rome', 'C. Oslo', 'D. Hanoi'].map((text) => ({
        text,
        lang: 'en',
      })),
    );
  });

  it('gives Vietnamese words in an English game the Vietnamese voice, the letter staying English', () => {
    expect(
      questionSpeech('en', 'How do you say "thank you" in Vietnamese?', ['Cảm ơn', 'Xin chào', 'Tạm biệt', 'Yes']),
    ).toEqual([
      { text: 'How do you say "thank you" in Vietnamese?', lang: 'en' },
      { text: 'A.', lang: 'en' },
      { text: 'Cảm ơn', lang: 'vi' },
      { text: 'B.', lang: 'en' },
      { text: 'Xin chào', lang: 'vi' },
      { text: 'C.', lang: 'en' },
      { text: 'Tạm biệt', lang: 'vi' },
      { text: 'D. Yes', lang: 'en' },
    ]);
  });

  it('splits a quoted Vietnamese phrase out of an English line', () => {
    expect(speechParts('What does “Cảm ơn” mean?', 'en')).toEqual([
      { text: 'What does', lang: 'en' },
      { text: '“Cảm ơn”', lang: 'vi' },
      { text: 'mean?', lang: 'en' },
    ]);
    expect(speechParts('Bánh mì là gì?', 'vi')).toEqual([{ text: 'Bánh mì là gì?', lang: 'vi' }]);
  });

  it('reads Vietnamese names in an English sentence with the Vietnamese voice, the rest with the English one', () => {
    expect(speechParts('Which city was formerly called Sài Gòn?', 'en')).toEqual([
      { text: 'Which city was formerly called', lang: 'en' },
      { text: 'Sài Gòn?', lang: 'vi' },
    ]);
    expect(speechParts('Phở is a famous Vietnamese dish. What kind of dish is it?', 'en')).toEqual([
      { text: 'Phở', lang: 'vi' },
      { text: 'is a famous Vietnamese dish. What kind of dish is it?', lang: 'en' },
    ]);
    // A name is never cut in two voices: a syllable without marks after a Vietnamese one goes with it.
    expect(speechParts('In the tale of Sơn Tinh and Thủy Tinh, who wins?', 'en')).toEqual([
      { text: 'In the tale of', lang: 'en' },
      { text: 'Sơn Tinh', lang: 'vi' },
      { text: 'and', lang: 'en' },
      { text: 'Thủy Tinh,', lang: 'vi' },
      { text: 'who wins?', lang: 'en' },
    ]);
    expect(speechParts('How far is it from Hanoi to Hạ Long?', 'en')).toEqual([
      { text: 'How far is it from Hanoi to', lang: 'en' },
      { text: 'Hạ Long?', lang: 'vi' },
    ]);
    // English words after a name stay English.
    expect(speechParts('Which river flows through Hồ Chí Minh City?', 'en')).toEqual([
      { text: 'Which river flows through', lang: 'en' },
      { text: 'Hồ Chí Minh', lang: 'vi' },
      { text: 'City?', lang: 'en' },
    ]);
    // A quoted name keeps the comma after it; every word is read once, in order.
    expect(speechParts('In the legend “Con Rồng cháu Tiên”, how many eggs were there?', 'en')).toEqual([
      { text: 'In the legend', lang: 'en' },
      { text: '“Con Rồng cháu Tiên”,', lang: 'vi' },
      { text: 'how many eggs were there?', lang: 'en' },
    ]);
    expect(speechParts('The Temple of Literature (Văn Miếu) is in Hanoi.', 'en')).toEqual([
      { text: 'The Temple of Literature', lang: 'en' },
      { text: '(Văn Miếu)', lang: 'vi' },
      { text: 'is in Hanoi.', lang: 'en' },
    ]);
    // Mostly Vietnamese: read whole in Vietnamese.
    expect(speechParts('Xin chào', 'en')).toEqual([{ text: 'Xin chào', lang: 'vi' }]);
  });

  it('does not take English loanwords for Vietnamese', () => {
    for (const word of ['café', 'naïve', 'Pokémon', 'jalapeño', 'Zürich', 'Paris'])
      expect(looksVietnamese(word)).toBe(false);
    // Decomposed input (NFD) is recognized too.
    for (const word of ['Cảm ơn', 'Xin chào', 'Đà Nẵng', 'phở'.normalize('NFD')])
      expect(looksVietnamese(word)).toBe(true);
  });
});

describe('what is read where a language has no voice', () => {
  const englishOnly = (lang: 'en' | 'vi') => lang === 'en';

  it('reads a Vietnamese name within its English sentence, not leaving a hole', () => {
    const parts = questionSpeech(
      'en',
      'How far is it from Hanoi to Hạ Long by road?',
      ['100 km', '150 km'],
      'Question 3.',
    );
    expect(readableParts(parts, 'en', englishOnly)).toEqual([
      { text: 'Question 3.', lang: 'en' },
      { text: 'How far is it from Hanoi to Hạ Long by road?', lang: 'en' },
      { text: 'A. 100 km', lang: 'en' },
      { text: 'B. 150 km', lang: 'en' },
    ]);
  });

  it('keeps the parts as they are where both languages have a voice', () => {
    const parts = speechParts('In the tale of Sơn Tinh and Thủy Tinh, who wins?', 'en');
    expect(readableParts(parts, 'en', () => true)).toEqual(parts);
  });
});

import { describe, expect, it } from 'vitest';
import { AGE_CATEGORIES } from '../../../shared/age';
import { starterBank } from './bank';

const MIN_PER_AGE = 25;
const all = starterBank.flatMap(({ category, questions }) => questions.map((q) => ({ ...q, category: category.slug })));

describe('starter question bank', () => {
  it('has at least 8 categories and 600 questions', () => {
    expect(starterBank.length).toBeGreaterThanOrEqual(8);
    expect(all.length).toBeGreaterThanOrEqual(600);
  });

  it.each(starterBank.map((c) => [c.category.slug, c] as const))(
    '%s fills every age category',
    (_slug, { category, questions }) => {
      expect(category.name_en.trim()).not.toBe('');
      expect(category.name_vi.trim()).not.toBe('');
      for (const age of AGE_CATEGORIES) {
        const ofAge = questions.filter((q) => q.ageCategory === age);
        expect(ofAge.length, `${category.slug} ${age}`).toBeGreaterThanOrEqual(MIN_PER_AGE);
        // Every step of the ladder has questions: easy, medium and hard.
        for (const difficulty of [1, 2, 3]) {
          expect(
            ofAge.some((q) => q.difficulty === difficulty),
            `${category.slug} ${age} difficulty ${difficulty}`,
          ).toBe(true);
        }
      }
    },
  );

  it('gives every question four distinct non-empty answers in each language and a valid index', () => {
    for (const q of all) {
      expect(q.correctAnswerIndex, q.key).toBeGreaterThanOrEqual(0);
      expect(q.correctAnswerIndex, q.key).toBeLessThanOrEqual(3);
      for (const lang of ['en', 'vi'] as const) {
        const answers = q[lang].answers.map((a) => a.trim().toLowerCase());
        expect(answers, `${q.key} ${lang}`).toHaveLength(4);
        expect(
          answers.every((a) => a.length > 0),
          `${q.key} ${lang} empty answer`,
        ).toBe(true);
        expect(new Set(answers).size, `${q.key} ${lang} duplicate answers`).toBe(4);
        expect(q[lang].question.trim().length, `${q.key} ${lang} question`).toBeGreaterThan(5);
      }
    }
  });

  it('has no duplicate keys or question texts', () => {
    const duplicates = (values: string[]) => values.filter((v, i) => values.indexOf(v) !== i);
    expect(duplicates(all.map((q) => q.key))).toEqual([]);
    expect(duplicates(all.map((q) => q.en.question.trim().toLowerCase()))).toEqual([]);
    expect(duplicates(all.map((q) => q.vi.question.trim().toLowerCase()))).toEqual([]);
  });

  it('is stored NFC, with Vietnamese diacritics in the Vietnamese text', () => {
    const marks = /[àáảãạăằắẳẵặâầấẩẫậèéẻẽẹêềếểễệìíỉĩịòóỏõọôồốổỗộơờớởỡợùúủũụưừứửữựỳýỷỹỵđ]/i;
    for (const q of all) {
      for (const text of [q.en.question, q.vi.question, ...q.en.answers, ...q.vi.answers]) {
        expect(text, q.key).toBe(text.normalize('NFC'));
      }
      expect(`${q.vi.question} ${q.vi.answers.join(' ')}`, q.key).toMatch(marks);
    }
  });

  it('spreads the right answer over all four positions', () => {
    const counts = [0, 1, 2, 3].map((i) => all.filter((q) => q.correctAnswerIndex === i).length);
    for (const count of counts) expect(count / all.length).toBeGreaterThan(0.2);
  });
});

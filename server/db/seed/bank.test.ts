import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadStarterBank } from './bank';
import { BANK_RULES, bankProblems, categoryProblems, numbersIn, questionProblems, wordCount } from './bank-rules';
import { bankImagesFolder } from './seed';

const starterBank = loadStarterBank();
const imageExists = (file: string) => existsSync(join(bankImagesFolder(), file));

/** The rules code can check (bank-rules.ts, bank/README.md), held over the bank that ships. */
describe('the starter question bank', () => {
  it.each(starterBank.map((file) => [file.category.slug, file] as const))('%s keeps every rule', (_slug, file) => {
    expect(categoryProblems(file, imageExists)).toEqual([]);
  });

  it('keeps the rules across the whole bank: totals, pictures, unique keys and texts', () => {
    expect(bankProblems(starterBank, imageExists)).toEqual([]);
    const all = starterBank.flatMap((file) => file.questions);
    expect(all.length).toBeGreaterThanOrEqual(BANK_RULES.minTotal);
    expect(all.filter((q) => q.ageCategory === 'Kids' && q.image).length).toBeGreaterThanOrEqual(
      BANK_RULES.minKidsPictures,
    );
  });
});

/** The rules themselves: each finds what it is for, and only that. */
describe('the bank’s rules', () => {
  const good = {
    key: 'animals-k-99',
    ageCategory: 'Kids' as const,
    difficulty: 1 as const,
    correctAnswerIndex: 2,
    en: { question: 'What does a caterpillar turn into?', answers: ['Bird', 'Frog', 'Butterfly', 'Bee'] },
    vi: { question: 'Con sâu lớn lên sẽ thành con gì?', answers: ['Chim', 'Ếch', 'Bướm', 'Ong'] },
  };

  it('passes a good question', () => {
    expect(questionProblems(good)).toEqual([]);
  });

  it('finds an answer given away by the wording, in either language, but not a choice between options', () => {
    const giveaway = { ...good, vi: { ...good.vi, question: 'Khi lớn lên, sâu bướm sẽ biến thành con gì?' } };
    expect(questionProblems(giveaway)).toEqual(['animals-k-99: vi question gives its answer away: "Bướm"']);
    const choice = {
      ...good,
      en: { question: 'Which is bigger, 15 or 51?', answers: ['15', '51', '105', '501'] },
      vi: { question: 'Số nào lớn hơn, 15 hay 51?', answers: ['15', '51', '105', '501'] },
      correctAnswerIndex: 1,
    };
    expect(questionProblems(choice)).toEqual([]);
  });

  it('finds a note on the right answer only, twin answers, decomposed text and missing diacritics', () => {
    const noted = { ...good, en: { ...good.en, answers: ['Bird', 'Frog', 'Butterfly (adult)', 'Bee'] } };
    expect(questionProblems(noted)).toEqual(['animals-k-99: en only the correct answer carries a note']);
    const twins = { ...good, vi: { ...good.vi, answers: ['Chim', 'Ếch', 'Bướm', 'chim'] } };
    expect(questionProblems(twins)).toEqual(['animals-k-99: vi answers are not four distinct ones']);
    const nfd = { ...good, vi: { ...good.vi, question: good.vi.question.normalize('NFD') } };
    expect(questionProblems(nfd)[0]).toMatch(/vi text is not NFC/);
    const unmarked = {
      ...good,
      vi: { question: 'Con sau lon len thanh con gi?', answers: ['Chim', 'Ech', 'Buom', 'Ong'] },
    };
    expect(questionProblems(unmarked)).toEqual(['animals-k-99: vi text has no Vietnamese diacritics']);
  });

  it('compares numbers across languages, separators aside', () => {
    expect(numbersIn('It melts at 29.8 °C, 1,000 times')).toEqual(numbersIn('Nó nóng chảy ở 29,8 °C, 1.000 lần'));
    const differ = { ...good, vi: { ...good.vi, question: 'Con sâu lớn lên sau 2 tuần sẽ thành con gì?' } };
    expect(questionProblems(differ)).toEqual(['animals-k-99: numbers differ between en and vi question']);
  });

  it('keeps Kids questions short and finds a missing picture', () => {
    expect(wordCount('How many legs does a spider have?')).toBe(7);
    const long = { ...good, en: { ...good.en, question: `${'very '.repeat(20)}long question?` } };
    expect(questionProblems(long)).toEqual(['animals-k-99: Kids question over 18 words']);
    expect(questionProblems({ ...good, image: 'nowhere.svg' }, () => false)).toEqual([
      'animals-k-99: picture nowhere.svg is missing',
    ]);
  });

  it('counts cells, the Vietnam share and repeated answers per category', () => {
    const file = { category: { slug: 'animals', name_en: 'Animals', name_vi: 'Động vật' }, questions: [good] };
    const problems = categoryProblems(file);
    expect(problems).toContain('animals Kids difficulty 1: 1 < 25');
    expect(problems).toContain('animals Adults difficulty 3: 0 < 25');
    expect(problems).toContain('animals: 0 of 1 about Vietnam, under a fifth');
    const repeated = {
      ...file,
      questions: [1, 2, 3, 4].map((n) => ({ ...good, key: `animals-k-${n}`, aboutVietnam: true })),
    };
    expect(categoryProblems(repeated)).toContain('animals: "butterfly" is the answer 4 times');
  });
});

import { describe, expect, it } from 'vitest';
import { type BankCategory, type BankQuestion, loadStarterBank } from '../../server/bank/bank';
import { BANK_DEPTH, ENFORCED_DEPTH } from '../../server/bank/bank-rules';
import { planIntegration, planRetags } from './integration';

const bank = loadStarterBank();
const noPictures = { incoming: () => null, inBank: () => null };

/** A new question of the animals file, right by every rule unless changed. */
function fresh(key: string, extra: Partial<BankQuestion> = {}): BankQuestion {
  return {
    key,
    ageCategory: 'Kids',
    difficulty: 1,
    correctAnswerIndex: 2,
    en: {
      question: 'Which animal hums as it flies from flower to flower?',
      answers: ['Cat', 'Dog', 'Hummingbird', 'Cow'],
    },
    vi: { question: 'Con vật nào vừa bay vừa kêu vo vo khắp vườn hoa?', answers: ['Mèo', 'Chó', 'Chim ruồi', 'Bò'] },
    ...extra,
  };
}
const animals = (plan: { bank: BankCategory[] }) => plan.bank.find((file) => file.category.slug === 'animals');

describe('integrating new questions', { timeout: 60_000 }, () => {
  it('appends a question that keeps every rule to its category, and leaves the bank given alone', () => {
    const plan = planIntegration(bank, [fresh('animals-k-901')], new Set(), noPictures);
    expect(plan.refusals).toEqual([]);
    expect(animals(plan)?.questions.at(-1)?.key).toBe('animals-k-901');
    expect(bank.flatMap((file) => file.questions).some((q) => q.key === 'animals-k-901')).toBe(false);
  });

  it('refuses a key the bank has or had, a key that misnames its age group, a repeated text and a broken rule', () => {
    const existing = bank[0]?.questions[0] as BankQuestion;
    const plan = planIntegration(
      bank,
      [
        fresh(existing.key),
        fresh('animals-k-902', { ageCategory: 'Adults' }),
        fresh('animals-k-903', { en: { ...existing.en }, vi: { ...existing.vi } }),
        fresh('animals-k-904', {
          en: { question: 'Which bird is a hummingbird?', answers: ['Cat', 'Dog', 'Hummingbird', 'Cow'] },
          vi: { question: 'Con vật nào là loài chim?', answers: ['Mèo', 'Chó', 'Chim ruồi', 'Bò'] },
        }),
        fresh('animals-k-905', { image: 'animals-k-905.svg' }),
      ],
      new Set(['animals-k-905']),
      noPictures,
    );
    expect(plan.refusals).toEqual(
      expect.arrayContaining([
        `${existing.key}: the key is in the bank already`,
        'animals-k-902: a new key is <category>-<k|t|a>-<number>, its letter the age group (Adults)',
        `animals-k-903: the en question is ${existing.key}'s, word for word`,
        'animals-k-904: en question gives its answer away: "hummingbird" of "Hummingbird"',
        'animals-k-905: the key was in the bank before; keys are never used again',
        'animals-k-905: its picture animals-k-905.svg is missing',
      ]),
    );
  });

  it('takes a new picture, refuses one that would replace a different picture of the bank', () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"/>');
    const withPicture = fresh('animals-k-906', { image: 'animals-k-906.svg' });
    expect(
      planIntegration(bank, [withPicture], new Set(), { incoming: () => svg, inBank: () => null }).refusals,
    ).toEqual([]);
    const other = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 20 20"/>');
    expect(
      planIntegration(bank, [withPicture], new Set(), { incoming: () => svg, inBank: () => other }).refusals,
    ).toEqual(['animals-k-906: the bank has another picture named animals-k-906.svg']);
  });

  it('names a new question close in wording to one the bank has, for a reader to judge', () => {
    const existing = bank[0]?.questions.find((q) => q.en.question.split(' ').length >= 6) as BankQuestion;
    const twin = fresh('animals-k-907', {
      en: { question: `${existing.en.question.replace(/\?$/, '')}, really?`, answers: existing.en.answers },
      correctAnswerIndex: existing.correctAnswerIndex,
    });
    const plan = planIntegration(bank, [twin], new Set(), noPictures);
    expect(plan.close.some((line) => line.startsWith(`animals-k-907 and ${existing.key} share`))).toBe(true);
  });
});

describe('retagging', { timeout: 60_000 }, () => {
  it('sets the difficulties read, refuses unknown and repeated keys, and a cell left under its floor', () => {
    const hard = bank[0]?.questions.find((q) => q.difficulty === 3) as BankQuestion;
    const moved = planRetags(bank, [{ key: hard.key, difficulty: 2 }]);
    expect(moved.refusals).toEqual([]);
    expect(moved.retagged).toEqual([hard.key]);
    expect(moved.bank[0]?.questions.find((q) => q.key === hard.key)?.difficulty).toBe(2);

    expect(planRetags(bank, [{ key: 'animals-k-999', difficulty: 1 }]).refusals).toEqual([
      'animals-k-999: no such question in the bank',
    ]);
    expect(
      planRetags(bank, [
        { key: hard.key, difficulty: 2 },
        { key: hard.key, difficulty: 1 },
      ]).refusals,
    ).toContain(`${hard.key}: listed twice`);
    // Every hard Kids animals question made medium: the cell falls under its floor.
    const allHard = (bank[0]?.questions ?? [])
      .filter((q) => q.ageCategory === 'Kids' && q.difficulty === 3)
      .map((q) => ({ key: q.key, difficulty: 2 as const }));
    const { perCell } = BANK_DEPTH[ENFORCED_DEPTH].perAge.Kids;
    expect(planRetags(bank, allHard).refusals).toContain(
      `would break a rule: animals Kids difficulty 3: 0 < ${perCell}`,
    );
  });
});

import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestDb } from '../../test/db';
import { categories, questions } from '../schema';
import { starterBank } from './bank';
import { seedStarterBank } from './seed';

const total = starterBank.reduce((sum, c) => sum + c.questions.length, 0);
const countQuestions = (db: ReturnType<typeof createTestDb>) => db.select({ n: count() }).from(questions).get()?.n;

describe('seeding the starter bank', () => {
  it('loads every category and question once, and a restart changes nothing', () => {
    const db = createTestDb();
    expect(seedStarterBank(db)).toEqual({ categories: starterBank.length, questions: total });
    expect(countQuestions(db)).toBe(total);
    expect(seedStarterBank(db)).toEqual({ categories: 0, questions: 0 });
    expect(countQuestions(db)).toBe(total);
  });

  it('never overwrites an admin’s edit nor brings back a deleted question, even when the bank changes', () => {
    const db = createTestDb();
    seedStarterBank(db);
    const [first, second] = db.select({ id: questions.id, seedKey: questions.seedKey }).from(questions).limit(2).all();
    db.update(questions).set({ questionEn: 'Edited by an admin?' }).where(eq(questions.id, first!.id)).run();
    db.delete(questions).where(eq(questions.id, second!.id)).run();

    // A newer bank (one more question) is applied on the next start: only the new question arrives.
    const newer = structuredClone(starterBank);
    newer[0]!.questions.push({
      ...newer[0]!.questions[0]!,
      key: 'animals-new-01',
      en: { question: 'A brand new question?', answers: ['a', 'b', 'c', 'd'] },
      vi: { question: 'Một câu hỏi mới toanh?', answers: ['a', 'b', 'c', 'd'] },
    });
    expect(seedStarterBank(db, newer)).toEqual({ categories: 0, questions: 2 });
    const edited = db.select({ text: questions.questionEn }).from(questions).where(eq(questions.id, first!.id)).get();
    expect(edited?.text).toBe('Edited by an admin?');
    expect(countQuestions(db)).toBe(total + 1);
  });

  it('stores the text NFC-normalized', () => {
    const db = createTestDb();
    const decomposed = structuredClone(starterBank.slice(0, 1));
    decomposed[0]!.category.name_vi = 'Đô\u0323ng vâ\u0323t';
    decomposed[0]!.questions = decomposed[0]!.questions.slice(0, 1);
    decomposed[0]!.questions[0]!.vi.question = 'Con gi\u0300 keu?';
    seedStarterBank(db, decomposed);
    expect(db.select({ name: categories.nameVi }).from(categories).get()?.name).toBe('Động vật');
    expect(db.select({ text: questions.questionVi }).from(questions).get()?.text).toBe('Con gì keu?');
  });
});

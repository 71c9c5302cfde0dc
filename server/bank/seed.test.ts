import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, eq, isNotNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { categories, questions } from '../db/schema';
import { createImageStore } from '../images/image-store';
import { deleteQuestion, getQuestion, updateQuestion } from '../services/admin-question-edits';
import { listQuestions } from '../services/admin-questions';
import { createTestDb } from '../test/db';
import { type BankCategory, type BankQuestion, loadStarterBank, readBankPictures } from './bank';
import { bankImageName, bankImageUrl, renderBankPictures } from './bank-images';
import { contentHash, givenBank, seedStarterBank } from './seed';

const starterBank = loadStarterBank();
const total = starterBank.reduce((sum, c) => sum + c.questions.length, 0);
const countQuestions = (db: ReturnType<typeof createTestDb>) => db.select({ n: count() }).from(questions).get()?.n;

/** A question of a small test bank: `text` in both languages (the Vietnamese with its marks). */
function bankQuestion(key: string, text: string, extra: Partial<BankQuestion> = {}): BankQuestion {
  return {
    key,
    ageCategory: 'Kids',
    difficulty: 1,
    correctAnswerIndex: 0,
    en: { question: `${text}?`, answers: ['One', 'Two', 'Three', 'Four'] },
    vi: { question: `${text} tiếng Việt?`, answers: ['Một', 'Hai', 'Ba', 'Bốn'] },
    ...extra,
  };
}

const bankOf = (...list: BankQuestion[]): BankCategory[] => [
  { category: { slug: 'test-category', name_en: 'Test', name_vi: 'Thử' }, questions: list },
];

const row = (db: ReturnType<typeof createTestDb>, key: string) =>
  db.select().from(questions).where(eq(questions.seedKey, key)).get();

describe('seeding the starter bank', () => {
  it('loads every category and question once, and a restart changes nothing', () => {
    const db = createTestDb();
    expect(seedStarterBank(db)).toEqual({ categories: starterBank.length, added: total, updated: 0, removed: 0 });
    expect(countQuestions(db)).toBe(total);
    expect(seedStarterBank(db)).toEqual({ categories: 0, added: 0, updated: 0, removed: 0 });
    expect(countQuestions(db)).toBe(total);
    // Every bank question is found by the search too.
    const found = listQuestions(db, {
      categoryId: null,
      search: starterBank[0]!.questions[0]!.en.question,
      view: 'byText',
      cursor: null,
    });
    expect(found.items.length).toBeGreaterThan(0);
  });

  it('upgrades an install: corrections reach untouched questions; an admin’s edit and deletion stay', () => {
    const db = createTestDb();
    const older = bankOf(
      bankQuestion('t-untouched', 'Untouched'),
      bankQuestion('t-edited', 'Edited'),
      bankQuestion('t-deleted', 'Deleted'),
      bankQuestion('t-retired', 'Retired'),
      bankQuestion('t-retired-edited', 'Retired but edited'),
    );
    seedStarterBank(db, givenBank(older));

    // An admin edits one question, deletes another (through the same services the admin pages use).
    const edited = row(db, 't-edited')!;
    const form = getQuestion(db, edited.id);
    updateQuestion(db, edited.id, { ...form, en: { ...form.en, question: 'The admin’s own text?' }, imageUrl: null });
    const retiredEdited = row(db, 't-retired-edited')!;
    const retiredForm = getQuestion(db, retiredEdited.id);
    updateQuestion(db, retiredEdited.id, { ...retiredForm, difficulty: 2, imageUrl: null });
    deleteQuestion(db, row(db, 't-deleted')!.id);

    // The next bank corrects the first three, drops the retired ones and adds one.
    const newer = bankOf(
      bankQuestion('t-untouched', 'Untouched, corrected', { difficulty: 2 }),
      bankQuestion('t-edited', 'Edited, corrected'),
      bankQuestion('t-deleted', 'Deleted, corrected'),
      bankQuestion('t-new', 'New'),
    );
    expect(seedStarterBank(db, givenBank(newer))).toEqual({ categories: 0, added: 1, updated: 1, removed: 1 });

    expect(row(db, 't-untouched')).toMatchObject({ questionEn: 'Untouched, corrected?', difficulty: 2 });
    expect(row(db, 't-untouched')?.questionVi).toBe('Untouched, corrected tiếng Việt?');
    expect(row(db, 't-edited')).toMatchObject({ questionEn: 'The admin’s own text?', bankHash: null });
    expect(row(db, 't-deleted')).toBeUndefined();
    expect(row(db, 't-retired')).toBeUndefined();
    expect(row(db, 't-retired-edited')).toMatchObject({ difficulty: 2 });
    expect(row(db, 't-new')?.questionEn).toBe('New?');
    // The search follows: the old wording is gone from it, the corrected one found.
    const search = (text: string) =>
      listQuestions(db, { categoryId: null, search: text, view: 'byText', cursor: null }).items;
    expect(search('untouched, corrected')).toHaveLength(1);
    expect(search('retired?')).toHaveLength(0);

    // And the version after that still leaves the deletion and the edit alone.
    expect(
      seedStarterBank(db, givenBank(bankOf(...newer[0]!.questions, bankQuestion('t-later', 'Later')))),
    ).toMatchObject({
      added: 1,
      updated: 0,
    });
    expect(row(db, 't-deleted')).toBeUndefined();
    expect(row(db, 't-edited')?.questionEn).toBe('The admin’s own text?');
  });

  it('tells an older install’s untouched bank questions from its admins’ edits and deletions, once', () => {
    const db = createTestDb();
    // An install from before versions were tracked: the bank as it was then, every row 'legacy' (migration 0006).
    const shipped = bankOf(
      bankQuestion('t-as-shipped', 'As shipped'),
      bankQuestion('t-changed-by-admin', 'Shipped'),
      bankQuestion('t-removed-by-admin', 'Shipped too'),
    );
    seedStarterBank(db, givenBank(shipped));
    db.update(questions).set({ bankHash: 'legacy' }).where(isNotNull(questions.seedKey)).run();
    db.update(questions)
      .set({ questionEn: 'Changed by an admin?' })
      .where(eq(questions.seedKey, 't-changed-by-admin'))
      .run();
    db.delete(questions).where(eq(questions.seedKey, 't-removed-by-admin')).run();
    const legacy = Object.fromEntries(
      shipped[0]!.questions.map((q) => [
        q.key,
        [
          contentHash({
            category: 'test-category',
            ageCategory: q.ageCategory,
            difficulty: q.difficulty,
            correctAnswerIndex: q.correctAnswerIndex,
            questionEn: q.en.question,
            answersEn: q.en.answers,
            questionVi: q.vi.question,
            answersVi: q.vi.answers,
            imageUrl: null,
          }),
        ],
      ]),
    );

    const corrected = bankOf(
      bankQuestion('t-as-shipped', 'As shipped, corrected'),
      bankQuestion('t-changed-by-admin', 'Shipped, corrected'),
      bankQuestion('t-removed-by-admin', 'Shipped too, corrected'),
    );
    seedStarterBank(db, givenBank(corrected), () => legacy);
    expect(row(db, 't-as-shipped')?.questionEn).toBe('As shipped, corrected?');
    expect(row(db, 't-changed-by-admin')).toMatchObject({ questionEn: 'Changed by an admin?', bankHash: null });
    expect(row(db, 't-removed-by-admin')).toBeUndefined();
  });

  it('stores the text NFC-normalized', () => {
    const db = createTestDb();
    const decomposed = bankOf(bankQuestion('t-nfc', 'Con gi\u0300 keu'));
    decomposed[0]!.category.name_vi = 'Đô\u0323ng vâ\u0323t';
    seedStarterBank(db, givenBank(decomposed));
    expect(db.select({ name: categories.nameVi }).from(categories).get()?.name).toBe('Động vật');
    expect(row(db, 't-nfc')?.questionVi).toBe('Con gì keu tiếng Việt?');
  });

  it('gives picture questions their picture, rendered to the stored image format once', async () => {
    const db = createTestDb();
    const folder = mkdtempSync(join(tmpdir(), 'bank-images-'));
    writeFileSync(
      join(folder, 'three-dots.svg'),
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 100"><circle cx="50" cy="50" r="30" fill="red"/>' +
        '<circle cx="150" cy="50" r="30" fill="red"/><circle cx="250" cy="50" r="30" fill="red"/></svg>',
    );
    const bank = bankOf(bankQuestion('t-picture', 'How many dots', { image: 'three-dots.svg' }));
    const pictures = readBankPictures(folder);
    seedStarterBank(db, givenBank(bank, pictures));
    const imageUrl = row(db, 't-picture')?.imageUrl;
    expect(imageUrl).toBe(bankImageUrl(pictures.get('three-dots.svg')!.hash));

    const store = createImageStore(join(folder, 'uploads'));
    const errors: unknown[] = [];
    expect(await renderBankPictures(store, pictures.values(), (e) => errors.push(e)).ready).toBe(1);
    const file = store.fileOf(imageUrl!)!;
    expect(readFileSync(file).subarray(8, 12).toString()).toBe('WEBP');
    // Already there: nothing is rendered again.
    expect(await renderBankPictures(store, pictures.values(), (e) => errors.push(e)).ready).toBe(0);
    expect(errors).toEqual([]);
    expect(existsSync(file)).toBe(true);

    // A redrawn picture is a new image, and the question (untouched) takes it.
    writeFileSync(
      join(folder, 'three-dots.svg'),
      readFileSync(join(folder, 'three-dots.svg'), 'utf8').replace(/red/g, 'blue'),
    );
    const redrawn = readBankPictures(folder);
    expect(seedStarterBank(db, givenBank(bank, redrawn))).toMatchObject({ updated: 1 });
    expect(row(db, 't-picture')?.imageUrl).toBe(bankImageUrl(redrawn.get('three-dots.svg')!.hash));
    expect(row(db, 't-picture')?.imageUrl).not.toBe(imageUrl);
  });

  it('copies a picture the build rendered instead of rendering it', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'bank-images-'));
    writeFileSync(
      join(folder, 'dot.svg'),
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="4"/></svg>',
    );
    const pictures = readBankPictures(folder);
    const picture = pictures.get('dot.svg')!;
    const built = join(folder, 'built');
    mkdirSync(built);
    const rendered = Buffer.from('RIFF\0\0\0\0WEBP as the build rendered it');
    writeFileSync(join(built, bankImageName(picture.hash)), rendered);

    const store = createImageStore(join(folder, 'uploads'));
    expect(await renderBankPictures(store, pictures.values(), (e) => expect.fail(String(e)), built).ready).toBe(1);
    expect(readFileSync(store.fileOf(bankImageUrl(picture.hash))!)).toEqual(rendered);
  });
});

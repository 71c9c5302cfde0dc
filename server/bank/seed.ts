import { readFileSync } from 'node:fs';
import { eq, isNotNull } from 'drizzle-orm';
import { cleanText } from '#shared/text.ts';
import type { Db } from '../db/database';
import { bankRemovals, categories, meta, questions } from '../db/schema';
import { installPath } from '../install-dir';
import { indexQuestion, unindexQuestion } from '../services/question-search';
import {
  type BankCategory,
  type BankPicture,
  type BankQuestion,
  bankFilesVersion,
  bankFolder,
  bankImagesFolder,
  loadStarterBank,
  readBankPictures,
  shortHash,
} from './bank';
import { bankImageUrl } from './bank-images';

const BANK_VERSION_KEY = 'starter_bank_version';

/** What a bank question puts in its row, as stored (cleaned text, the picture's URL). */
type StoredContent = {
  category: string;
  ageCategory: BankQuestion['ageCategory'];
  difficulty: number;
  correctAnswerIndex: number;
  questionEn: string;
  answersEn: string[];
  questionVi: string | null;
  answersVi: string[] | null;
  imageUrl: string | null;
};

/** The version of a question's content: what tells a bank correction, and an admin's edit, apart. */
export function contentHash(content: StoredContent): string {
  return shortHash(
    JSON.stringify([
      content.category,
      content.ageCategory,
      content.difficulty,
      content.correctAnswerIndex,
      content.questionEn,
      content.answersEn,
      content.questionVi,
      content.answersVi,
      content.imageUrl,
    ]),
  );
}

function storedContent(slug: string, q: BankQuestion, pictures: Map<string, BankPicture>): StoredContent {
  const picture = q.image ? pictures.get(q.image) : undefined;
  return {
    category: slug,
    ageCategory: q.ageCategory,
    difficulty: q.difficulty,
    correctAnswerIndex: q.correctAnswerIndex,
    questionEn: cleanText(q.en.question),
    answersEn: q.en.answers.map(cleanText),
    questionVi: cleanText(q.vi.question),
    answersVi: q.vi.answers.map(cleanText),
    imageUrl: picture ? bankImageUrl(picture.hash) : null,
  };
}

function versionOf(bank: BankCategory[], pictures: Map<string, BankPicture>): string {
  return shortHash(JSON.stringify([bank, [...pictures.values()].map((p) => p.hash)]));
}

/** The bank to load: the shipped one (read from disk only when it is not the one loaded), or one given. */
type BankSource = { version: string; bank: () => BankCategory[]; pictures: () => Map<string, BankPicture> };

export function shippedBank(folder: string = bankFolder()): BankSource {
  return {
    version: bankFilesVersion(folder),
    bank: () => loadStarterBank(folder),
    pictures: () => readBankPictures(bankImagesFolder(folder)),
  };
}

export function givenBank(bank: BankCategory[], pictures: Map<string, BankPicture> = new Map()): BankSource {
  return { version: versionOf(bank, pictures), bank: () => bank, pictures: () => pictures };
}

export type SeedResult = { categories: number; added: number; updated: number; removed: number };

/**
 * Loads the starter bank, or a newer version of it over an older one, in one transaction
 * (bank/README.md, "Upgrades"): a question nobody edited takes the bank's version; one an admin
 * edited (bank_hash null) keeps the admin's text; one an admin deleted (bank_removals) stays
 * deleted; one taken out of the bank goes unless an admin edited it. An unchanged bank is not read
 * again. The pictures' stored images are rendered apart (images/bank-images.ts): no image work here.
 */
export function seedStarterBank(
  db: Db,
  source: BankSource = shippedBank(),
  legacy: () => LegacyHashes = LEGACY_HASHES,
): SeedResult {
  const { version } = source;
  const applied = db.select({ value: meta.value }).from(meta).where(eq(meta.key, BANK_VERSION_KEY)).get();
  const result: SeedResult = { categories: 0, added: 0, updated: 0, removed: 0 };
  if (applied?.value === version) return result;
  const bank = source.bank();
  const pictures = source.pictures();

  return db.transaction(
    (tx) => {
      const categoryIds = new Map<string, number>();
      for (const { category } of bank) {
        const inserted = tx
          .insert(categories)
          .values({ seedKey: category.slug, nameEn: cleanText(category.name_en), nameVi: cleanText(category.name_vi) })
          .onConflictDoNothing()
          .run();
        result.categories += inserted.changes;
      }
      for (const row of tx
        .select({ id: categories.id, slug: categories.seedKey })
        .from(categories)
        .where(isNotNull(categories.seedKey))
        .all()) {
        if (row.slug) categoryIds.set(row.slug, row.id);
      }

      const installed = new Map(bankRowsOf(tx, categoryIds, legacy).map((row) => [row.seedKey, row]));
      const removedByAdmin = new Set(
        tx
          .select({ key: bankRemovals.seedKey })
          .from(bankRemovals)
          .all()
          .map((r) => r.key),
      );
      const inBank = new Set<string>();
      const insertQuestion = questionInserter(db);

      for (const { category, questions: bankQuestions } of bank) {
        const categoryId = categoryIds.get(category.slug);
        if (categoryId === undefined) throw new Error(`Seeding lost category ${category.slug}`);
        for (const q of bankQuestions) {
          inBank.add(q.key);
          if (removedByAdmin.has(q.key)) continue;
          const content = storedContent(category.slug, q, pictures);
          const hash = contentHash(content);
          const row = installed.get(q.key);
          const values = { ...columnsOf(content, categoryId), bankHash: hash };
          if (!row) {
            const id = insertQuestion(q.key, content, categoryId, hash);
            indexQuestion(db, id, content);
            result.added++;
          } else if (row.bankHash !== null && row.bankHash !== hash) {
            tx.update(questions).set(values).where(eq(questions.id, row.id)).run();
            indexQuestion(db, row.id, content);
            result.updated++;
          }
        }
      }
      for (const row of installed.values()) {
        if (inBank.has(row.seedKey) || row.bankHash === null) continue;
        tx.delete(questions).where(eq(questions.id, row.id)).run();
        unindexQuestion(db, row.id);
        result.removed++;
      }

      tx.insert(meta)
        .values({ key: BANK_VERSION_KEY, value: version })
        .onConflictDoUpdate({ target: meta.key, set: { value: version } })
        .run();
      return result;
    },
    { behavior: 'immediate' },
  );
}

/**
 * Inserts a bank question, statement prepared once: a new install inserts ~2,000, and Drizzle's
 * query builder cost more than the insert itself (half the empty database's start-up).
 */
function questionInserter(db: Db) {
  const statement = db.$client.prepare<unknown[], { id: number }>(
    `INSERT INTO questions (seed_key, category_id, age_category, difficulty, correct_answer_index, image_url,
       question_en, answers_en, question_vi, answers_vi, bank_hash, random_key, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
  );
  const now = Date.now();
  return (seedKey: string, content: StoredContent, categoryId: number, bankHash: string): number => {
    const json = (answers: string[] | null) => (answers === null ? null : JSON.stringify(answers));
    const inserted = statement.get(
      seedKey,
      categoryId,
      content.ageCategory,
      content.difficulty,
      content.correctAnswerIndex,
      content.imageUrl,
      content.questionEn,
      json(content.answersEn),
      content.questionVi,
      json(content.answersVi),
      bankHash,
      Math.random(),
      now,
    );
    if (!inserted) throw new Error(`Seeding could not insert ${seedKey}`);
    return inserted.id;
  };
}

function columnsOf(content: StoredContent, categoryId: number) {
  return {
    categoryId,
    ageCategory: content.ageCategory,
    difficulty: content.difficulty,
    correctAnswerIndex: content.correctAnswerIndex,
    imageUrl: content.imageUrl,
    questionEn: content.questionEn,
    answersEn: content.answersEn,
    questionVi: content.questionVi,
    answersVi: content.answersVi,
  };
}

/** For each question key of the banks shipped before versions were tracked, the content hashes it had. */
export type LegacyHashes = Record<string, string[]>;

/** Read only where an install still has rows from before versions were tracked. */
const LEGACY_HASHES = (): LegacyHashes =>
  JSON.parse(readFileSync(installPath('server', 'bank', 'legacy-bank-hashes.json'), 'utf8')) as LegacyHashes;

type InstalledRow = { id: number; seedKey: string; bankHash: string | null };

/**
 * The install's bank questions with the version each holds. Rows loaded before versions were tracked
 * (bank_hash 'legacy', migration 0006) are told apart here, once: one whose content is a version some
 * earlier bank shipped (legacy-bank-hashes.json) was not edited; any other was. An earlier bank's
 * question missing from an install that loaded one was deleted by an admin, and stays so.
 */
function bankRowsOf(
  tx: Parameters<Parameters<Db['transaction']>[0]>[0],
  categoryIds: Map<string, number>,
  legacyHashes: () => LegacyHashes,
) {
  const rows = tx
    .select({
      id: questions.id,
      seedKey: questions.seedKey,
      bankHash: questions.bankHash,
      categoryId: questions.categoryId,
      ageCategory: questions.ageCategory,
      difficulty: questions.difficulty,
      correctAnswerIndex: questions.correctAnswerIndex,
      imageUrl: questions.imageUrl,
      questionEn: questions.questionEn,
      answersEn: questions.answersEn,
      questionVi: questions.questionVi,
      answersVi: questions.answersVi,
    })
    .from(questions)
    .where(isNotNull(questions.seedKey))
    .all();
  const legacy = rows.filter((row) => row.bankHash === 'legacy');
  if (legacy.length > 0) {
    const shipped = legacyHashes();
    const slugOf = new Map([...categoryIds].map(([slug, id]) => [id, slug]));
    for (const row of legacy) {
      const hash = contentHash({ ...row, category: slugOf.get(row.categoryId) ?? '' });
      row.bankHash = shipped[row.seedKey as string]?.includes(hash) ? hash : null;
      tx.update(questions).set({ bankHash: row.bankHash }).where(eq(questions.id, row.id)).run();
    }
    const present = new Set(rows.map((row) => row.seedKey));
    const deleted = Object.keys(shipped).filter((key) => !present.has(key));
    if (deleted.length > 0) {
      tx.insert(bankRemovals)
        .values(deleted.map((seedKey) => ({ seedKey })))
        .onConflictDoNothing()
        .run();
    }
  }
  return rows.map((row): InstalledRow => ({ id: row.id, seedKey: row.seedKey as string, bankHash: row.bankHash }));
}

import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq, isNotNull } from 'drizzle-orm';
import { cleanText } from '../../../shared/text';
import { bankImageUrl } from '../../images/bank-images';
import { indexQuestion, unindexQuestion } from '../../services/question-search';
import type { Db } from '../database';
import { bankRemovals, categories, meta, questions } from '../schema';
import { type BankCategory, type BankQuestion, starterBank } from './bank';
import legacyHashes from './legacy-bank-hashes.json' with { type: 'json' };

const BANK_VERSION_KEY = 'starter_bank_version';

/** A bank picture as the seed uses it: its SVG and the hash that names its stored image. */
export type BankPicture = { file: string; svg: Buffer; hash: string };

/** bank/images sits in the source tree; the build copies it beside dist/server.js as bank-images. */
export function bankImagesFolder(): string {
  const here = import.meta.dirname;
  const candidates = [join(here, 'bank-images'), join(here, 'bank', 'images')];
  return candidates.find((dir) => existsSync(dir)) ?? (candidates[1] as string);
}

const sha = (value: string | Buffer) => createHash('sha256').update(value).digest('hex').slice(0, 16);

/** The bank's pictures, read from `folder`: one per file a question names. */
export function readBankPictures(bank: BankCategory[], folder: string = bankImagesFolder()): Map<string, BankPicture> {
  const pictures = new Map<string, BankPicture>();
  for (const q of bank.flatMap((c) => c.questions)) {
    if (!q.image || pictures.has(q.image)) continue;
    const svg = readFileSync(join(folder, q.image));
    pictures.set(q.image, { file: q.image, svg, hash: sha(svg) });
  }
  return pictures;
}

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
  return sha(
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

export function bankVersion(bank: BankCategory[], pictures: Map<string, BankPicture>): string {
  return sha(JSON.stringify([bank, [...pictures.values()].map((p) => p.hash)]));
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
  bank: BankCategory[] = starterBank,
  pictures: Map<string, BankPicture> = readBankPictures(bank),
  legacy: LegacyHashes = legacyHashes,
): SeedResult {
  const version = bankVersion(bank, pictures);
  const applied = db.select({ value: meta.value }).from(meta).where(eq(meta.key, BANK_VERSION_KEY)).get();
  const result: SeedResult = { categories: 0, added: 0, updated: 0, removed: 0 };
  if (applied?.value === version) return result;

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
            const { id } = tx
              .insert(questions)
              .values({ ...values, seedKey: q.key, randomKey: Math.random() })
              .returning({ id: questions.id })
              .get();
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
  shipped: LegacyHashes,
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

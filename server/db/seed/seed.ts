import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { cleanText } from '../../../shared/text';
import { indexQuestion } from '../../services/question-search';
import type { Db } from '../database';
import { categories, meta, questions } from '../schema';
import { type BankCategory, starterBank } from './bank';

const BANK_VERSION_KEY = 'starter_bank_version';

export function bankVersion(bank: BankCategory[]): string {
  return createHash('sha256').update(JSON.stringify(bank)).digest('hex').slice(0, 16);
}

/**
 * Loads the starter bank. Idempotent: rows are keyed by the bank's own keys and inserted only
 * when missing, so a restart never duplicates a question nor overwrites an admin's edit; an
 * unchanged bank is not even read again.
 */
export function seedStarterBank(db: Db, bank: BankCategory[] = starterBank): { categories: number; questions: number } {
  const version = bankVersion(bank);
  const applied = db.select({ value: meta.value }).from(meta).where(eq(meta.key, BANK_VERSION_KEY)).get();
  if (applied?.value === version) return { categories: 0, questions: 0 };

  return db.transaction(
    (tx) => {
      let addedCategories = 0;
      let addedQuestions = 0;
      for (const { category, questions: bankQuestions } of bank) {
        const inserted = tx
          .insert(categories)
          .values({ seedKey: category.slug, nameEn: cleanText(category.name_en), nameVi: cleanText(category.name_vi) })
          .onConflictDoNothing()
          .run();
        addedCategories += inserted.changes;
        const row = tx
          .select({ id: categories.id })
          .from(categories)
          .where(eq(categories.seedKey, category.slug))
          .get();
        if (!row) throw new Error(`Seeding lost category ${category.slug}`);
        for (const q of bankQuestions) {
          const question = {
            questionEn: cleanText(q.en.question),
            questionVi: cleanText(q.vi.question),
          };
          const result = tx
            .insert(questions)
            .values({
              seedKey: q.key,
              categoryId: row.id,
              ageCategory: q.ageCategory,
              difficulty: q.difficulty,
              correctAnswerIndex: q.correctAnswerIndex,
              questionEn: question.questionEn,
              answersEn: q.en.answers.map(cleanText),
              questionVi: question.questionVi,
              answersVi: q.vi.answers.map(cleanText),
            })
            .onConflictDoNothing()
            .run();
          if (result.changes > 0) indexQuestion(db, Number(result.lastInsertRowid), question);
          addedQuestions += result.changes;
        }
      }
      tx.insert(meta)
        .values({ key: BANK_VERSION_KEY, value: version })
        .onConflictDoUpdate({ target: meta.key, set: { value: version } })
        .run();
      return { categories: addedCategories, questions: addedQuestions };
    },
    { behavior: 'immediate' },
  );
}

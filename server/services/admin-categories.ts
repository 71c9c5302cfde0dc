import { count, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { createCategoryInput, updateCategoryInput } from '#shared/schemas/admin.ts';
import { foldForSearch } from '#shared/text.ts';
import { type Db, writeTransaction } from '../db/database';
import { categories, questions } from '../db/schema';
import { conflict, notFound } from '../errors';
import type { CategoryView } from './categories';

/** Another category already named so in either language (case and diacritics aside), if any. */
function assertNamesFree(db: Db, names: { nameEn: string; nameVi: string }, except?: number) {
  const taken = db
    .select({ id: categories.id, nameEn: categories.nameEn, nameVi: categories.nameVi })
    .from(categories)
    .all()
    .find(
      (other) =>
        other.id !== except &&
        (foldForSearch(other.nameEn) === foldForSearch(names.nameEn) ||
          foldForSearch(other.nameVi) === foldForSearch(names.nameVi)),
    );
  if (taken) throw conflict('errors:category.duplicate', { nameEn: taken.nameEn, nameVi: taken.nameVi });
}

const view = (row: { id: number; nameEn: string; nameVi: string }): CategoryView => ({
  id: row.id,
  name_en: row.nameEn,
  name_vi: row.nameVi,
});

/** Adds a category (writer); both names required (spec §5), neither taken. */
export function createCategory(db: Db, input: z.output<typeof createCategoryInput>): CategoryView {
  return writeTransaction(db, () => {
    assertNamesFree(db, input);
    return view(db.insert(categories).values(input).returning().get());
  });
}

export function updateCategory(db: Db, input: z.output<typeof updateCategoryInput>): CategoryView {
  const { categoryId, ...names } = input;
  return writeTransaction(db, () => {
    assertNamesFree(db, names, categoryId);
    const row = db.update(categories).set(names).where(eq(categories.id, categoryId)).returning().get();
    if (!row) throw notFound('errors:category.notFound');
    return view(row);
  });
}

/**
 * Deletes an empty category (writer). One that still has questions is refused with their number:
 * nothing is lost by a click (questions reference their category, and games keep their history).
 */
export function deleteCategory(db: Db, categoryId: number): void {
  writeTransaction(db, () => {
    const inUse = db.select({ n: count() }).from(questions).where(eq(questions.categoryId, categoryId)).get()?.n ?? 0;
    if (inUse > 0) throw conflict('errors:category.hasQuestions', { count: inUse });
    const { changes } = db.delete(categories).where(eq(categories.id, categoryId)).run();
    if (changes === 0) throw notFound('errors:category.notFound');
  });
}

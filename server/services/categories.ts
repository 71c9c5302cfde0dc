import { asc } from 'drizzle-orm';
import type { Db } from '../db/database';
import { categories } from '../db/schema';

/** Spec §7: id, name_en, name_vi. Sorted by language in the client, where Intl.Collator('vi') is. */
export type CategoryView = { id: number; name_en: string; name_vi: string };

export function listCategories(db: Db): CategoryView[] {
  return db
    .select({ id: categories.id, name_en: categories.nameEn, name_vi: categories.nameVi })
    .from(categories)
    .orderBy(asc(categories.id))
    .all();
}

/** A game's length: a category with fewer questions than this gives a shorter game. */
const FULL_GAME = 15;

/**
 * The categories with fewer questions than a game asks, and how many they have (each counted up to
 * 15 through the index, whatever the bank's size): /pre-game says so before such a game starts.
 */
export function shortCategories(db: Db): { id: number; questions: number }[] {
  const count = db.$client.prepare<[number], { n: number }>(
    `SELECT count(*) AS n FROM (SELECT 1 FROM questions WHERE category_id = ? LIMIT ${FULL_GAME})`,
  );
  return listCategories(db)
    .map((category) => ({ id: category.id, questions: count.get(category.id)?.n ?? 0 }))
    .filter((category) => category.questions < FULL_GAME);
}

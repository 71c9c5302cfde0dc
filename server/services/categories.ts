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

import { count, isNull } from 'drizzle-orm';
import { AGE_CATEGORIES, type AgeCategory } from '#shared/age.ts';
import type { Db } from '../db/database';
import { questionReports, questions } from '../db/schema';
import { listCategories } from './categories';

export type CategoryCounts = {
  id: number;
  name_en: string;
  name_vi: string;
  byAge: Record<AgeCategory, number>;
  total: number;
};

/**
 * The dashboard's figures (admin, read): questions per category and age category, from the
 * (category, age, ...) selection index without reading a row, and the open reports.
 */
export function adminOverview(db: Db) {
  const counts = db
    .select({ categoryId: questions.categoryId, ageCategory: questions.ageCategory, n: count() })
    .from(questions)
    .groupBy(questions.categoryId, questions.ageCategory)
    .all();
  const empty = () => Object.fromEntries(AGE_CATEGORIES.map((age) => [age, 0])) as Record<AgeCategory, number>;
  const categories: CategoryCounts[] = listCategories(db).map((category) => ({
    ...category,
    byAge: empty(),
    total: 0,
  }));
  const byId = new Map(categories.map((category) => [category.id, category]));
  for (const row of counts) {
    const category = byId.get(row.categoryId);
    if (!category) continue;
    category.byAge[row.ageCategory] = row.n;
    category.total += row.n;
  }
  const openReports =
    db.select({ n: count() }).from(questionReports).where(isNull(questionReports.dismissedAt)).get()?.n ?? 0;
  return { categories, totalQuestions: categories.reduce((sum, c) => sum + c.total, 0), openReports };
}

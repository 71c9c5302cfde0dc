import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { SaveQuestion, SetQuestion } from '#shared/schemas/question-set.ts';
import { foldForSearch } from '#shared/text.ts';
import { type Db, writeTransaction } from '../db/database';
import { categories, QUESTION_SEARCH_TABLE, questions, savedQuestionSets } from '../db/schema';
import { invalid } from '../errors';
import { indexQuestion, searchableOf, searchMatch } from './question-search';

/**
 * The categories holding a question with this folded text (English or Vietnamese), in any
 * category: the search index narrows it to the questions containing the text, then their texts
 * are compared whole, folded alike (the admin issue: "compare normalized text"). What an import
 * and an AI set recognise as already there, wherever it is.
 */
export function categoriesHolding(db: Db, foldedText: string): number[] {
  if ([...foldedText].length < 3) return [];
  const search = sql.raw(QUESTION_SEARCH_TABLE);
  const candidates = db
    .select({ categoryId: questions.categoryId, questionEn: questions.questionEn, questionVi: questions.questionVi })
    .from(questions)
    .innerJoin(sql`${search}`, sql`${search}.rowid = ${questions.id}`)
    .where(sql`${search} MATCH ${searchMatch(foldedText)}`)
    .limit(KNOWN_CANDIDATES)
    .all();
  const holding = candidates.filter(
    (row) => foldForSearch(row.questionEn) === foldedText || foldForSearch(row.questionVi ?? '') === foldedText,
  );
  return [...new Set(holding.map((row) => row.categoryId))];
}

/**
 * The questions containing a text looked at whole: a whole question's text is rarely inside many
 * others (a longer question that quotes it), so the same one is among the first of them.
 */
const KNOWN_CANDIDATES = 200;

/**
 * Saves a question set (writer): every question in one transaction, each with a random key for
 * selection (spec §3), its category, age category and difficulty, and its search entry. A
 * category missing since the review fails the whole set: nothing is saved. The set's id (given
 * when its review began) makes the save idempotent: the same admin saving the same set again gets
 * the first save's answer, and nothing is added. The new categories an imported file named (the
 * admin agreed to them in the review) are created in the same transaction, or found if someone
 * created them meanwhile.
 */
export function saveQuestionSet(
  db: Db,
  userId: string,
  { setId, questions: set }: { setId: string; questions: SaveQuestion[] },
): { saved: number } {
  return writeTransaction(db, () => {
    const earlier = db
      .select({ saved: savedQuestionSets.saved })
      .from(savedQuestionSets)
      .where(and(eq(savedQuestionSets.userId, userId), eq(savedQuestionSets.setId, setId)))
      .get();
    if (earlier) return { saved: earlier.saved };
    const existing = db.select().from(categories).all();
    const known = new Set(existing.map((c) => c.id));
    const categoryOf = (names: { nameEn: string; nameVi: string }) => {
      const found = existing.find(
        (c) =>
          foldForSearch(c.nameEn) === foldForSearch(names.nameEn) ||
          foldForSearch(c.nameVi) === foldForSearch(names.nameVi),
      );
      if (found) return found.id;
      const created = db.insert(categories).values(names).returning().get();
      existing.push(created);
      return created.id;
    };
    for (const question of set) {
      const categoryId = question.newCategory ? categoryOf(question.newCategory) : question.categoryId;
      if (!question.newCategory && !known.has(categoryId)) throw invalid('errors:category.notFound');
      const { id } = db
        .insert(questions)
        .values({
          categoryId,
          ageCategory: question.ageCategory,
          difficulty: question.difficulty,
          correctAnswerIndex: question.correctAnswerIndex,
          imageUrl: question.imageUrl,
          questionEn: question.en.question,
          answersEn: question.en.answers,
          questionVi: question.vi.question,
          answersVi: question.vi.answers,
          randomKey: Math.random(),
        })
        .returning({ id: questions.id })
        .get();
      indexQuestion(db, id, searchableOf(question));
    }
    db.insert(savedQuestionSets).values({ userId, setId, saved: set.length }).run();
    return { saved: set.length };
  });
}

/** An exported question: what an import reads back (CSV's columns, JSON's keys), and its picture's URL. */
export type ExportedQuestion = Omit<SetQuestion, 'categoryId' | 'imageUrl' | 'line' | 'newCategory'> & {
  category: string;
  category_vi: string;
  imageUrl: string | null;
};

/**
 * Every question of a category (or all), in id order, a batch at a time (read): for Manage
 * Questions' export, streamed so that a big bank never sits in memory whole.
 */
/** Rows read from the database at once for the export: a few of its chunks (question-files/export-file.ts). */
const EXPORT_READ_ROWS = 200;

export function* exportedQuestions(db: Db, categoryId: number | null): Generator<ExportedQuestion> {
  const names = new Map(
    db
      .select()
      .from(categories)
      .all()
      .map((c) => [c.id, c]),
  );
  for (let after = 0; ; ) {
    const rows = db
      .select()
      .from(questions)
      .where(and(gt(questions.id, after), categoryId === null ? undefined : eq(questions.categoryId, categoryId)))
      .orderBy(asc(questions.id))
      .limit(EXPORT_READ_ROWS)
      .all();
    if (rows.length === 0) return;
    for (const row of rows) {
      const category = names.get(row.categoryId);
      yield {
        category: category?.nameEn ?? '',
        category_vi: category?.nameVi ?? '',
        ageCategory: row.ageCategory,
        difficulty: row.difficulty,
        question_en: row.questionEn,
        answers_en: row.answersEn,
        question_vi: row.questionVi ?? '',
        answers_vi: row.answersVi ?? ['', '', '', ''],
        correctAnswerIndex: row.correctAnswerIndex,
        imageUrl: row.imageUrl,
      };
    }
    after = rows.at(-1)?.id ?? after;
  }
}

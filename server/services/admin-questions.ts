import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  ADMIN_PAGE_SIZE,
  type ListCursor,
  type listQuestionsInput,
  type questionInput,
} from '../../shared/schemas/admin';
import type { Db } from '../db/database';
import { bankRemovals, categories, QUESTION_SEARCH_TABLE, questions } from '../db/schema';
import { invalid, notFound } from '../errors';
import { indexQuestion, searchExpression, unindexQuestion } from './question-search';

export type QuestionInput = z.output<typeof questionInput>;

/** A row of Manage Questions. */
export type QuestionListItem = {
  id: number;
  categoryId: number;
  ageCategory: QuestionInput['ageCategory'];
  difficulty: number;
  questionEn: string;
  questionVi: string | null;
  imageUrl: string | null;
};

export type QuestionPage = { items: QuestionListItem[]; nextCursor: ListCursor | null };

const listColumns = {
  id: questions.id,
  categoryId: questions.categoryId,
  ageCategory: questions.ageCategory,
  difficulty: questions.difficulty,
  questionEn: questions.questionEn,
  questionVi: questions.questionVi,
  imageUrl: questions.imageUrl,
};

/**
 * Spec §7: ordered by the English text, 50 a page, optionally one category, with keyset paging:
 * a page starts strictly after the last (English text, id) of the one before, so every question
 * comes exactly once however many share a text, and a page deep in the list costs what the first
 * does (the (category_id, question_en, id) and (question_en, id) indexes, walked from the cursor).
 *
 * A search (three characters or more, English and Vietnamese, case and diacritics aside) lists
 * its matches newest first: the trigram index yields them in id order, so a page is the next 50
 * ids below the cursor's whatever the term, where sorting every match by its text first would
 * cost the whole match set (a common word matches hundreds of thousands of questions at a
 * million; bench/README.md).
 */
export function listQuestions(db: Db, input: z.output<typeof listQuestionsInput>): QuestionPage {
  const page = input.search === '' ? byText(db, input) : bySearch(db, input);
  const items = page.slice(0, ADMIN_PAGE_SIZE);
  const last = items.at(-1);
  return {
    items,
    nextCursor: page.length > ADMIN_PAGE_SIZE && last ? { questionEn: last.questionEn, id: last.id } : null,
  };
}

function byText(db: Db, input: z.output<typeof listQuestionsInput>): QuestionListItem[] {
  const conditions = [];
  if (input.categoryId !== null) conditions.push(eq(questions.categoryId, input.categoryId));
  if (input.cursor) {
    // A row value: SQLite walks the index from it (an OR of the two comparisons would scan).
    conditions.push(sql`(${questions.questionEn}, ${questions.id}) > (${input.cursor.questionEn}, ${input.cursor.id})`);
  }
  return db
    .select(listColumns)
    .from(questions)
    .where(and(...conditions))
    .orderBy(asc(questions.questionEn), asc(questions.id))
    .limit(ADMIN_PAGE_SIZE + 1)
    .all();
}

function bySearch(db: Db, input: z.output<typeof listQuestionsInput>): QuestionListItem[] {
  const expression = searchExpression(input.search);
  if (!expression) throw invalid('errors:admin.searchTooShort');
  const search = sql.raw(QUESTION_SEARCH_TABLE);
  return db
    .select(listColumns)
    .from(questions)
    .innerJoin(sql`${search}`, sql`${search}.rowid = ${questions.id}`)
    .where(
      and(
        sql`${search} MATCH ${expression}`,
        input.categoryId !== null ? eq(questions.categoryId, input.categoryId) : undefined,
        input.cursor ? sql`${search}.rowid < ${input.cursor.id}` : undefined,
      ),
    )
    .orderBy(sql`${search}.rowid DESC`)
    .limit(ADMIN_PAGE_SIZE + 1)
    .all();
}

/** One question as the edit form shows it. */
export function getQuestion(db: Db, questionId: number) {
  const row = db.select().from(questions).where(eq(questions.id, questionId)).get();
  if (!row) throw notFound('errors:question.notFound');
  return {
    id: row.id,
    categoryId: row.categoryId,
    ageCategory: row.ageCategory,
    difficulty: row.difficulty,
    correctAnswerIndex: row.correctAnswerIndex,
    imageUrl: row.imageUrl,
    en: { question: row.questionEn, answers: row.answersEn },
    vi: { question: row.questionVi ?? '', answers: row.answersVi ?? ['', '', '', ''] },
  };
}

function assertCategory(db: Db, categoryId: number) {
  const found = db.select({ id: categories.id }).from(categories).where(eq(categories.id, categoryId)).get();
  if (!found) throw invalid('errors:category.notFound');
}

const columnsOf = (input: QuestionInput) => ({
  categoryId: input.categoryId,
  ageCategory: input.ageCategory,
  difficulty: input.difficulty,
  correctAnswerIndex: input.correctAnswerIndex,
  imageUrl: input.imageUrl,
  questionEn: input.en.question,
  answersEn: input.en.answers,
  questionVi: input.vi.question,
  answersVi: input.vi.answers,
});

/** Adds a question (writer): its row and its search entry, together. */
export function createQuestion(db: Db, input: QuestionInput): { id: number } {
  return db.transaction(() => {
    assertCategory(db, input.categoryId);
    const { id } = db
      .insert(questions)
      .values({ ...columnsOf(input), randomKey: Math.random() })
      .returning({ id: questions.id })
      .get();
    indexQuestion(db, id, { questionEn: input.en.question, questionVi: input.vi.question });
    return { id };
  });
}

/**
 * Replaces a question's texts, answers, category and image (writer). Returns the image it no
 * longer uses, for the caller to delete once this has committed.
 */
export function updateQuestion(db: Db, questionId: number, input: QuestionInput): { droppedImageUrl: string | null } {
  return db.transaction(() => {
    const before = db
      .select({ imageUrl: questions.imageUrl })
      .from(questions)
      .where(eq(questions.id, questionId))
      .get();
    if (!before) throw notFound('errors:question.notFound');
    assertCategory(db, input.categoryId);
    // An edited bank question is the admin's now: later bank versions leave it as it is (seed.ts).
    db.update(questions)
      .set({ ...columnsOf(input), bankHash: null })
      .where(eq(questions.id, questionId))
      .run();
    indexQuestion(db, questionId, { questionEn: input.en.question, questionVi: input.vi.question });
    return { droppedImageUrl: before.imageUrl && before.imageUrl !== input.imageUrl ? before.imageUrl : null };
  });
}

/**
 * Deletes a question (writer) with its search entry (its reports go by foreign key). Games that served it keep their
 * history (games record question ids, not rows); one still being played ends when it reaches the
 * missing question (services/game.ts). Returns its image, for the caller to delete.
 */
export function deleteQuestion(db: Db, questionId: number): { droppedImageUrl: string | null } {
  return db.transaction(() => {
    const row = db
      .delete(questions)
      .where(eq(questions.id, questionId))
      .returning({ imageUrl: questions.imageUrl, seedKey: questions.seedKey })
      .get();
    if (!row) throw notFound('errors:question.notFound');
    unindexQuestion(db, questionId);
    // A deleted bank question stays deleted through later bank versions (seed.ts).
    if (row.seedKey) db.insert(bankRemovals).values({ seedKey: row.seedKey }).onConflictDoNothing().run();
    return { droppedImageUrl: row.imageUrl };
  });
}

/** How many questions use an image (read): an image is deleted only when none does. */
export function imageUseCount(db: Db, imageUrl: string): number {
  return db.select({ n: count() }).from(questions).where(eq(questions.imageUrl, imageUrl)).get()?.n ?? 0;
}

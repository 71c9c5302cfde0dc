import { count, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { moveQuestionsInput } from '#shared/schemas/admin.ts';
import { type Db, writeTransaction } from '../db/database';
import { bankRemovals, categories, questions } from '../db/schema';
import { invalid, notFound } from '../errors';
import type { QuestionInput } from './admin-questions';
import { indexQuestion, searchableOf, unindexQuestion } from './question-search';

/*
 * An admin's changes to questions (each one transaction, run by the writer), and what the edit form
 * and the image sweep read. Manage Questions' listing, searching and counting are admin-questions.ts's.
 */

/** Sets a question's difficulty alone (what play suggests, in a click); an edit like any other. */
export function retagQuestion(db: Db, questionId: number, difficulty: number): { ok: true } {
  const { changes } = db
    .update(questions)
    .set({ difficulty, bankHash: null })
    .where(eq(questions.id, questionId))
    .run();
  if (changes === 0) throw notFound('errors:question.notFound');
  return { ok: true };
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

/**
 * Gives questions another category (writer), all or none: a missing category or question changes
 * nothing. Moved bank questions are the admin's now, as after an edit (seed.ts keeps them where
 * they were put).
 */
export function moveQuestions(db: Db, input: z.output<typeof moveQuestionsInput>): { moved: number } {
  return writeTransaction(db, () => {
    const target = db.select({ id: categories.id }).from(categories).where(eq(categories.id, input.categoryId)).get();
    if (!target) throw notFound('errors:category.notFound');
    const ids = [...new Set(input.questionIds)];
    const { changes } = db
      .update(questions)
      .set({ categoryId: input.categoryId, bankHash: null })
      .where(inArray(questions.id, ids))
      .run();
    // Thrown inside the transaction, so the rows it did move are moved back.
    if (changes !== ids.length) throw notFound('errors:question.notFound');
    return { moved: changes };
  });
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
  return writeTransaction(db, () => {
    assertCategory(db, input.categoryId);
    const { id } = db
      .insert(questions)
      .values({ ...columnsOf(input), randomKey: Math.random() })
      .returning({ id: questions.id })
      .get();
    indexQuestion(db, id, searchableOf(input));
    return { id };
  });
}

/**
 * Replaces a question's texts, answers, category and image (writer). Returns the image it no
 * longer uses, for the caller to delete once this has committed.
 */
export function updateQuestion(db: Db, questionId: number, input: QuestionInput): { droppedImageUrl: string | null } {
  return writeTransaction(db, () => {
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
    indexQuestion(db, questionId, searchableOf(input));
    return { droppedImageUrl: before.imageUrl && before.imageUrl !== input.imageUrl ? before.imageUrl : null };
  });
}

/**
 * Deletes a question (writer) with its search entry (its reports go by foreign key). Games that served it keep their
 * history (games record question ids, not rows); one still being played ends when it reaches the
 * missing question (services/game.ts). Returns its image, for the caller to delete.
 */
export function deleteQuestion(db: Db, questionId: number): { droppedImageUrl: string | null } {
  return writeTransaction(db, () => {
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

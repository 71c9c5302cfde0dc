import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { AGE_CATEGORIES } from '#shared/age.ts';
import { REPORT_REASONS } from '#shared/schemas/report.ts';
import { profiles, users } from './accounts';
import { createdAt } from './common';

// Questions and their categories, with what play, players and admins add to them.

export const categories = sqliteTable('categories', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  /** Set for categories of the starter bank, so seeding stays idempotent. */
  seedKey: text('seed_key').unique(),
  nameEn: text('name_en').notNull(),
  nameVi: text('name_vi').notNull(),
  createdAt: createdAt(),
});

export const questions = sqliteTable(
  'questions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    seedKey: text('seed_key').unique(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    ageCategory: text('age_category', { enum: AGE_CATEGORIES }).notNull(),
    difficulty: integer('difficulty').notNull().default(2),
    correctAnswerIndex: integer('correct_answer_index').notNull(),
    imageUrl: text('image_url'),
    questionEn: text('question_en').notNull(),
    answersEn: text('answers_en', { mode: 'json' }).$type<string[]>().notNull(),
    questionVi: text('question_vi'),
    answersVi: text('answers_vi', { mode: 'json' }).$type<string[]>(),
    /**
     * For a question of the starter bank: the hash of the bank's version it holds, or null once an
     * admin has edited it (the admin's text is kept through later bank versions; seed.ts).
     */
    bankHash: text('bank_hash'),
    /** Uniform in [0, 1): random selection seeks this index instead of scanning (ORDER BY random()). */
    randomKey: real('random_key')
      .notNull()
      .$defaultFn(() => Math.random()),
    createdAt: createdAt(),
  },
  (t) => [
    index('questions_pick_category_idx').on(t.categoryId, t.ageCategory, t.difficulty, t.randomKey),
    index('questions_pick_any_idx').on(t.ageCategory, t.difficulty, t.randomKey),
    index('questions_list_idx').on(t.categoryId, t.questionEn, t.id),
    index('questions_text_idx').on(t.questionEn, t.id),
    // Is a stored image still used (cleaning up uploads, replacing an image)?
    index('questions_image_idx').on(t.imageUrl).where(sql`${t.imageUrl} IS NOT NULL`),
  ],
);

/**
 * The question search (admin's Manage Questions) is two FTS5 tables kept beside `questions`:
 * `questions_search(rowid = questions.id, text)` over the English and Vietnamese texts, and
 * `questions_answers_search(rowid = questions.id, answers)` over the eight answers, tokenized in
 * trigrams over text folded by `foldForSearch` (shared/text.ts), so a substring of three characters
 * or more is found through the index, case and diacritics aside. Two tables, not two columns of
 * one: a search of the texts (the first of a search's results) reads only the texts' postings, as
 * fast as before the answers were searched. Created by migrations (Drizzle has no virtual tables)
 * and written by server/services/question-search.ts.
 */
export const QUESTION_SEARCH_TABLE = 'questions_search';
export const ANSWER_SEARCH_TABLE = 'questions_answers_search';

/**
 * Question sets saved, by the id the review gave its set: saving the same set again (a double
 * click, a retry after a lost answer, a second tab) answers as the first save did and adds nothing.
 */
export const savedQuestionSets = sqliteTable(
  'saved_question_sets',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    setId: text('set_id').notNull(),
    saved: integer('saved').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.setId] })],
);

/** Starter-bank questions an admin deleted: a later bank version does not bring them back. */
export const bankRemovals = sqliteTable('bank_removals', {
  seedKey: text('seed_key').primaryKey(),
});

/**
 * How often a question was answered, and answered right, by players of each age group (counted with
 * the pick): what Manage Questions holds a question's difficulty tag against.
 */
export const questionStats = sqliteTable(
  'question_stats',
  {
    questionId: integer('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    ageCategory: text('age_category', { enum: AGE_CATEGORIES }).notNull(),
    answered: integer('answered').notNull().default(0),
    answeredRight: integer('answered_right').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.questionId, t.ageCategory] })],
);

/** A player's report of a problem with a question: one per profile and question. */
export const questionReports = sqliteTable(
  'question_reports',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    questionId: integer('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    profileId: text('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    reason: text('reason', { enum: REPORT_REASONS }).notNull(),
    note: text('note'),
    createdAt: createdAt(),
    /** Set when an admin dismisses the question's reports; a later report opens it again. */
    dismissedAt: integer('dismissed_at', { mode: 'timestamp_ms' }),
  },
  (t) => [
    uniqueIndex('question_reports_profile_question_idx').on(t.profileId, t.questionId),
    index('question_reports_open_idx').on(t.dismissedAt, t.questionId),
  ],
);

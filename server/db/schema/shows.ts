import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { AGE_CATEGORIES } from '#shared/age.ts';
import { AVATARS } from '#shared/avatars.ts';
import { LANGUAGES } from '#shared/i18n.ts';
import { SHOW_AGE_CHOICES, SHOW_STATUSES } from '#shared/show.ts';
import { profiles, users } from './accounts';
import { categories } from './questions';

// The family show: a host's show, its questions, its players and their answers.

/**
 * A family show (issue 26; docs/decisions/family-show.md): the TV asks, every phone answers. Its
 * whole state is here, written by the writer, so a reload, a dropped phone or a restart loses
 * nothing. Times are epoch ms. Deleted, with its players, questions and answers, once its podium
 * has been shown: what a profile player keeps is a `games` row of status 'show'.
 */
export const shows = sqliteTable(
  'shows',
  {
    id: text('id').primaryKey(),
    hostUserId: text('host_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The room code while the show can be joined; null from the podium on (free for another show). */
    code: text('code'),
    status: text('status', { enum: SHOW_STATUSES }).notNull().default('lobby'),
    /** Null: random categories. */
    categoryId: integer('category_id').references(() => categories.id, { onDelete: 'set null' }),
    /** Asked for in the lobby; the number picked once started. */
    questionCount: integer('question_count').notNull(),
    lang: text('lang', { enum: LANGUAGES }).notNull(),
    ageChoice: text('age_choice', { enum: SHOW_AGE_CHOICES }).notNull().default('auto'),
    /** The age group the questions were picked for, from the start on. */
    ageGroup: text('age_group', { enum: AGE_CATEGORIES }),
    /** The question on screen, -1 in the lobby. */
    position: integer('position').notNull().default(-1),
    questionStartedAt: integer('question_started_at'),
    /** When the question on screen closes (its timer is set again from here after a restart). */
    deadline: integer('deadline'),
    /** Bumped by every change: the streams' event id (tracked), and what they compare on reconnecting. */
    version: integer('version').notNull().default(1),
    createdAt: integer('created_at').notNull(),
    endedAt: integer('ended_at'),
  },
  (t) => [
    // Codes are unique among the shows that have one: the live ones.
    uniqueIndex('shows_code_idx').on(t.code).where(sql`${t.code} IS NOT NULL`),
    index('shows_host_idx').on(t.hostUserId),
  ],
);

/** A show's questions as they were picked at its start, in its language and with their answers in shown order. */
export const showQuestions = sqliteTable(
  'show_questions',
  {
    showId: text('show_id')
      .notNull()
      .references(() => shows.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    /** No reference: a question an admin deletes mid-show stays in the show. */
    questionId: integer('question_id').notNull(),
    lang: text('lang', { enum: LANGUAGES }).notNull(),
    question: text('question').notNull(),
    answers: text('answers', { mode: 'json' }).$type<string[]>().notNull(),
    /** Shown answer k is the question's stored answer answerOrder[k] (a profile's history records it). */
    answerOrder: text('answer_order', { mode: 'json' }).$type<number[]>().notNull(),
    imageUrl: text('image_url'),
    /** The right answer's shown index: never sent before the reveal. */
    correctIndex: integer('correct_index').notNull(),
  },
  (t) => [primaryKey({ columns: [t.showId, t.position] })],
);

/** A show's players: one of the host account's profiles, or a guest (no profile), each known by its join token. */
export const showPlayers = sqliteTable(
  'show_players',
  {
    id: text('id').primaryKey(),
    showId: text('show_id')
      .notNull()
      .references(() => shows.id, { onDelete: 'cascade' }),
    /** Null for a guest. */
    profileId: text('profile_id').references(() => profiles.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    avatar: text('avatar', { enum: AVATARS }).notNull(),
    ageGroup: text('age_group', { enum: AGE_CATEGORIES }).notNull(),
    /** SHA-256 of the join token in the phone's cookie: the token itself is never stored. */
    tokenHash: text('token_hash').notNull().unique(),
    /** The first question the player is in (joining mid-question: the next one). */
    firstPosition: integer('first_position').notNull(),
    correctCount: integer('correct_count').notNull().default(0),
    /** Time taken over the right answers: the tie-break. */
    rightAnswerMs: integer('right_answer_ms').notNull().default(0),
    joinedAt: integer('joined_at').notNull(),
  },
  (t) => [
    index('show_players_show_idx').on(t.showId, t.joinedAt),
    uniqueIndex('show_players_profile_idx').on(t.showId, t.profileId).where(sql`${t.profileId} IS NOT NULL`),
  ],
);

/** One answer a player and question: the primary key is what makes a double tap count once. */
export const showAnswers = sqliteTable(
  'show_answers',
  {
    playerId: text('player_id')
      .notNull()
      .references(() => showPlayers.id, { onDelete: 'cascade' }),
    showId: text('show_id')
      .notNull()
      .references(() => shows.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    answerIndex: integer('answer_index').notNull(),
    /** From the question's start to the answer. */
    elapsedMs: integer('elapsed_ms').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.playerId, t.position] }),
    index('show_answers_question_idx').on(t.showId, t.position),
  ],
);

import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { AGE_CATEGORIES } from '../../shared/age';
import { AVATARS } from '../../shared/avatars';
import { GAME_STATUSES } from '../../shared/game-status';
import { LANGUAGES } from '../../shared/i18n';
import type { UsedLifelines } from '../../shared/lifelines';
import { REPORT_REASONS } from '../../shared/schemas/report';
import { SHOW_AGE_CHOICES, SHOW_STATUSES } from '../../shared/show';
import type { FamilyGame } from '../services/family-games';

const createdAt = () =>
  integer('created_at', { mode: 'timestamp_ms' })
    .notNull()
    .$defaultFn(() => new Date());

export const users = sqliteTable('users', {
  id: text('id').primaryKey(),
  /** `google:<sub>` or `local:<email>`: accounts are keyed on the provider's subject, never on the email. */
  authSubject: text('auth_subject').notNull().unique(),
  email: text('email').notNull(),
  displayName: text('display_name').notNull(),
  photoUrl: text('photo_url'),
  isAdmin: integer('is_admin', { mode: 'boolean' }).notNull().default(false),
  /**
   * The questions of the family's last games (FAMILY_GAMES_REMEMBERED), newest first, each with the
   * profile that played it: what the next game of any of the account's profiles avoids (the family
   * hears each other's games), kept here so that a start reads no old games. Never sent to clients.
   */
  recentGames: text('recent_games', { mode: 'json' }).$type<FamilyGame[]>().notNull().default([]),
  /**
   * The parent lock: the PIN's scrypt hash (`scrypt$N$r$p$salt$hash`, base64), null without one;
   * and the account's own budget of wrong tries, over all its devices (shared/parent-lock.ts,
   * MAX_ACCOUNT_PIN_TRIES): wrong tries, lockouts in a row, until when tries are refused everywhere.
   */
  pinHash: text('pin_hash'),
  pinFailures: integer('pin_failures').notNull().default(0),
  pinLockouts: integer('pin_lockouts').notNull().default(0),
  pinLockedUntil: integer('pin_locked_until', { mode: 'timestamp_ms' }),
  createdAt: createdAt(),
});

export const profiles = sqliteTable(
  'profiles',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    age: integer('age').notNull(),
    avatar: text('avatar', { enum: AVATARS }).notNull().default('avatar1.svg'),
    ttsEnabled: integer('tts_enabled', { mode: 'boolean' }).notNull().default(true),
    totalGamesPlayed: integer('total_games_played').notNull().default(0),
    totalMoneyEarned: integer('total_money_earned').notNull().default(0),
    totalCorrectAnswers: integer('total_correct_answers').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('profiles_user_idx').on(t.userId, t.createdAt)],
);

export const sessions = sqliteTable(
  'sessions',
  {
    /** SHA-256 of the cookie token, hex: the token itself is never stored. */
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    activeProfileId: text('active_profile_id').references(() => profiles.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    /** Until when the parent lock is open on this device (the PIN entered, or Forgot PIN); null: closed. */
    unlockedUntil: integer('unlocked_until', { mode: 'timestamp_ms' }),
    /** This device's wrong PINs, lockouts in a row and lockout (shared/parent-lock.ts, MAX_PIN_TRIES). */
    pinFailures: integer('pin_failures').notNull().default(0),
    pinLockouts: integer('pin_lockouts').notNull().default(0),
    pinLockedUntil: integer('pin_locked_until', { mode: 'timestamp_ms' }),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expiry_idx').on(t.expiresAt)],
);

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

/** One question of a game as it was served: which, the order its answers were shown in, the pick. */
export type ServedQuestion = {
  questionId: number;
  /** Shown answer k is stored answer answerOrder[k]. */
  answerOrder: number[];
  /** The shown index picked, once picked. */
  pickedIndex: number | null;
};

export { GAME_STATUSES, type GameStatus } from '../../shared/game-status';

export const games = sqliteTable(
  'games',
  {
    id: text('id').primaryKey(),
    profileId: text('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    /** Null for a random-category game. */
    categoryId: integer('category_id').references(() => categories.id, { onDelete: 'set null' }),
    lang: text('lang', { enum: LANGUAGES }).notNull(),
    /** The player's age group when the game started: whose answers its picks count as (questionStats). */
    ageCategory: text('age_category', { enum: AGE_CATEGORIES }).notNull().default('Kids'),
    status: text('status', { enum: GAME_STATUSES }).notNull().default('playing'),
    questionCount: integer('question_count').notNull(),
    /**
     * The game's questions in ladder order. A record, not references: one row written per game
     * start instead of one per question, and a question retired later leaves the history as it was.
     */
    questions: text('questions', { mode: 'json' }).$type<ServedQuestion[]>().notNull(),
    /** 0-based position of the question awaiting a pick. */
    currentPosition: integer('current_position').notNull().default(0),
    correctCount: integer('correct_count').notNull().default(0),
    winnings: integer('winnings').notNull().default(0),
    /** The lifelines used, with what each showed (shared/lifelines.ts). */
    lifelines: text('lifelines', { mode: 'json' }).$type<UsedLifelines>().notNull().default({}),
    createdAt: createdAt(),
    endedAt: integer('ended_at', { mode: 'timestamp_ms' }),
    /** A show's result (status 'show'): the player's place, and how many played. */
    showPlace: integer('show_place'),
    showPlayers: integer('show_players'),
  },
  (t) => [
    index('games_profile_idx').on(t.profileId, t.createdAt),
    // The game a profile is playing, if any: only those are indexed (a start writes one page less).
    index('games_playing_idx').on(t.profileId).where(sql`${t.status} = 'playing'`),
  ],
);

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

export const meta = sqliteTable('meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

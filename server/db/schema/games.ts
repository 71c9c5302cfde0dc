import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { AGE_CATEGORIES } from '#shared/age.ts';
import { GAME_STATUSES } from '#shared/game-status.ts';
import { LANGUAGES } from '#shared/i18n.ts';
import type { UsedLifelines } from '#shared/lifelines.ts';
import { profiles } from './accounts';
import { createdAt } from './common';
import { categories } from './questions';

// A profile's games, each with the questions it served.

/** One question of a game as it was served: which, the order its answers were shown in, the pick. */
export type ServedQuestion = {
  questionId: number;
  /** Shown answer k is stored answer answerOrder[k]. */
  answerOrder: number[];
  /** The shown index picked, once picked. */
  pickedIndex: number | null;
};

export { GAME_STATUSES, type GameStatus } from '#shared/game-status.ts';

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

import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { AVATARS } from '#shared/avatars.ts';
import type { FamilyGame } from '../../services/family-games';
import { createdAt } from './common';

// Accounts: a parent's sign-in, their children's profiles, their devices' sessions.

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

import { createHash, randomBytes } from 'node:crypto';
import { eq, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { preparedQueries } from '../db/prepared';
import { sessions } from '../db/schema';

export const SESSION_COOKIE = 'ql_session';
const DAY = 24 * 60 * 60 * 1000;
/** Sliding expiry: each use pushes the end 30 days out, but never past 90 days from sign-in. */
export const SESSION_IDLE_MS = 30 * DAY;
export const SESSION_ABSOLUTE_MS = 90 * DAY;
/** Renew at most once an hour, so a busy player does not write on every request. */
const RENEW_AFTER_MS = 60 * 60 * 1000;

export type SessionUser = {
  id: string;
  email: string;
  displayName: string;
  photoUrl: string | null;
  isAdmin: boolean;
  /** Whether the account has a parent PIN (never the PIN or its hash). */
  hasPin: boolean;
};
export type Session = {
  id: string;
  activeProfileId: string | null;
  expiresAt: Date;
  /** Until when the parent lock is open here (shared/parent-lock.ts). */
  unlockedUntil: Date | null;
};

/** 256 bits from the CSPRNG; only its SHA-256 is stored, so a database leak yields no cookie. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * A new session, the parent lock closed in it like on any other device: signing in again opens
 * nothing (Forgot PIN does, after a fresh sign-in at Google: sign-in.ts).
 */
export function createSession(db: Db, userId: string, now = new Date()) {
  const token = newSessionToken();
  const id = hashToken(token);
  const expiresAt = new Date(now.getTime() + SESSION_IDLE_MS);
  db.insert(sessions).values({ id, userId, createdAt: now, expiresAt }).run();
  return { id, token, expiresAt };
}

/**
 * Every request looks its session up: prepared once, better-sqlite3's own statements (no mapping
 * layer on the hottest path: bench/README.md). The session and its user are two lookups, not a join
 * (see the note on joins in db/prepared.ts).
 */
const sessionQueries = preparedQueries((db) => ({
  byId: db.$client.prepare<
    [string],
    {
      userId: string;
      activeProfileId: string | null;
      createdAt: number;
      expiresAt: number;
      unlockedUntil: number | null;
    }
  >(
    'SELECT user_id AS userId, active_profile_id AS activeProfileId, created_at AS createdAt, expires_at AS expiresAt, unlocked_until AS unlockedUntil FROM sessions WHERE id = ?',
  ),
  user: db.$client.prepare<[string], Omit<SessionUser, 'isAdmin' | 'hasPin'> & { isAdmin: number; hasPin: number }>(
    'SELECT id, email, display_name AS displayName, photo_url AS photoUrl, is_admin AS isAdmin, pin_hash IS NOT NULL AS hasPin FROM users WHERE id = ?',
  ),
  renew: db
    .update(sessions)
    .set({ expiresAt: sql`${sql.placeholder('expiresAt')}` }) // epoch ms: SET placeholders are not encoded
    .where(eq(sessions.id, sql.placeholder('id')))
    .prepare(),
}));

/**
 * The session and its user for a cookie token; null when unknown or expired. Read-only: an
 * expired row is left to purgeExpiredSessions, and a sliding expiry that is due (`renewTo`) is
 * the caller's to write through the writer (renewSession).
 */
export function findSession(
  db: Db,
  token: string,
  now = new Date(),
): { session: Session; user: SessionUser; renewTo: Date | null } | null {
  if (!/^[\w-]{43}$/.test(token)) return null;
  const id = hashToken(token);
  const queries = sessionQueries(db);
  const row = queries.byId.get(id);
  const stored = row && queries.user.get(row.userId);
  if (!row || !stored) return null;
  if (row.expiresAt <= now.getTime()) return null;
  const slid = Math.min(now.getTime() + SESSION_IDLE_MS, row.createdAt + SESSION_ABSOLUTE_MS);
  const renewTo = slid - row.expiresAt > RENEW_AFTER_MS ? new Date(slid) : null;
  const user = { ...stored, isAdmin: stored.isAdmin === 1, hasPin: stored.hasPin === 1 };
  return {
    session: {
      id,
      activeProfileId: row.activeProfileId,
      expiresAt: renewTo ?? new Date(row.expiresAt),
      unlockedUntil: row.unlockedUntil === null ? null : new Date(row.unlockedUntil),
    },
    user,
    renewTo,
  };
}

/** Writes a sliding session's new expiry (see findSession). */
export function renewSession(db: Db, sessionId: string, expiresAt: Date): void {
  sessionQueries(db).renew.run({ id: sessionId, expiresAt: expiresAt.getTime() });
}

/** The session id a cookie token names, whether or not such a session exists. */
export function sessionIdOf(token: string | undefined): string | null {
  return token && /^[\w-]{43}$/.test(token) ? hashToken(token) : null;
}

export function deleteSession(db: Db, sessionId: string): void {
  db.delete(sessions).where(eq(sessions.id, sessionId)).run();
}

/** "Sign out everywhere": every session of the account, on every device. */
export function deleteUserSessions(db: Db, userId: string): number {
  return db.delete(sessions).where(eq(sessions.userId, userId)).run().changes;
}

export function purgeExpiredSessions(db: Db, now = new Date()): number {
  return db.delete(sessions).where(lte(sessions.expiresAt, now)).run().changes;
}

export function setActiveProfile(db: Db, sessionId: string, profileId: string | null): void {
  db.update(sessions).set({ activeProfileId: profileId }).where(eq(sessions.id, sessionId)).run();
}

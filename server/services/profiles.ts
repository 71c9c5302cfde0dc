import { randomUUID } from 'node:crypto';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { createProfileInput, updateProfileInput } from '#shared/schemas/profile.ts';
import { lockSession } from '../auth/parent-lock';
import { setActiveProfile } from '../auth/session';
import { type Db, writeTransaction } from '../db/database';
import { preparedQueries } from '../db/prepared';
import { profiles } from '../db/schema';
import { invalid, notFound } from '../errors';

/** A family's worth, with room to spare; stops a runaway client from filling the table. */
export const MAX_PROFILES_PER_ACCOUNT = 20;

export const profileColumns = {
  id: profiles.id,
  name: profiles.name,
  age: profiles.age,
  avatar: profiles.avatar,
  ttsEnabled: profiles.ttsEnabled,
  totalGamesPlayed: profiles.totalGamesPlayed,
  totalMoneyEarned: profiles.totalMoneyEarned,
  totalCorrectAnswers: profiles.totalCorrectAnswers,
  createdAt: profiles.createdAt,
};

export type ProfileView = {
  id: string;
  name: string;
  age: number;
  avatar: string;
  ttsEnabled: boolean;
  totalGamesPlayed: number;
  totalMoneyEarned: number;
  totalCorrectAnswers: number;
  createdAt: Date;
};

const profileQueries = preparedQueries((db) => {
  const owned = and(eq(profiles.id, sql.placeholder('profileId')), eq(profiles.userId, sql.placeholder('userId')));
  return {
    owned: db.select(profileColumns).from(profiles).where(owned).prepare(),
    ownedForGame: db.select({ id: profiles.id, age: profiles.age }).from(profiles).where(owned).prepare(),
  };
});

/** In the order they were made: by time, then (two in the same millisecond) by rowid, not their random ids. */
export function listProfiles(db: Db, userId: string): ProfileView[] {
  return db
    .select(profileColumns)
    .from(profiles)
    .where(eq(profiles.userId, userId))
    .orderBy(asc(profiles.createdAt), sql`rowid`)
    .all();
}

/** Another account's profile is NOT_FOUND, never FORBIDDEN: ids leak nothing. */
function ownedOrNotFound<T>(profile: T | undefined): T {
  if (!profile) throw notFound('errors:profile.notFound');
  return profile;
}

/** One of the account's profiles. */
export function getOwnedProfile(db: Db, userId: string, profileId: string): ProfileView {
  return ownedOrNotFound(profileQueries(db).owned.get({ profileId, userId }));
}

/** One of the account's profiles as a game start needs it. */
export function getOwnedProfileForGame(db: Db, userId: string, profileId: string) {
  return ownedOrNotFound(profileQueries(db).ownedForGame.get({ profileId, userId }));
}

export function createProfile(db: Db, userId: string, input: z.output<typeof createProfileInput>): ProfileView {
  return writeTransaction(db, () => {
    const [existing] = db.select({ n: count() }).from(profiles).where(eq(profiles.userId, userId)).all();
    if ((existing?.n ?? 0) >= MAX_PROFILES_PER_ACCOUNT) throw invalid('errors:profile.tooMany');
    const id = randomUUID();
    db.insert(profiles)
      .values({ id, userId, ...input })
      .run();
    return getOwnedProfile(db, userId, id);
  });
}

export function updateProfile(db: Db, userId: string, input: z.output<typeof updateProfileInput>): ProfileView {
  const { profileId, ...changes } = input;
  getOwnedProfile(db, userId, profileId);
  if (Object.keys(changes).length > 0) {
    db.update(profiles)
      .set(changes)
      .where(and(eq(profiles.id, profileId), eq(profiles.userId, userId)))
      .run();
  }
  return getOwnedProfile(db, userId, profileId);
}

export function deleteProfile(db: Db, userId: string, profileId: string): void {
  const { changes } = db
    .delete(profiles)
    .where(and(eq(profiles.id, profileId), eq(profiles.userId, userId)))
    .run();
  if (changes === 0) throw notFound('errors:profile.notFound');
}

export function setTtsEnabled(db: Db, userId: string, profileId: string, ttsEnabled: boolean): void {
  const { changes } = db
    .update(profiles)
    .set({ ttsEnabled })
    .where(and(eq(profiles.id, profileId), eq(profiles.userId, userId)))
    .run();
  if (changes === 0) throw notFound('errors:profile.notFound');
}

/** The session's active profile, which must be the account's own; null clears it. */
export function chooseActiveProfile(
  db: Db,
  userId: string,
  sessionId: string,
  profileId: string | null,
): ProfileView | null {
  return writeTransaction(db, () => {
    const profile = profileId === null ? null : getOwnedProfile(db, userId, profileId);
    setActiveProfile(db, sessionId, profile?.id ?? null);
    // A child's profile chosen: play resumes, and the parent lock closes on this device.
    if (profile) lockSession(db, sessionId);
    return profile;
  });
}

import { type Db, writeTransaction } from '../db/database';
import { createSession, deleteSession } from './session';
import { upsertUser, type VerifiedIdentity } from './users';

/**
 * A sign-in, as one write: the account (created on first sign-in, spec §3), a new session, and
 * the end of the session the browser held before, if any: a token planted before sign-in is never
 * promoted, and signing in again leaves no stale row behind.
 */
export function signIn(
  db: Db,
  identity: VerifiedIdentity,
  adminEmails: readonly string[],
  replacedSessionId: string | null,
): { token: string; expiresAt: Date } {
  return writeTransaction(db, () => {
    const userId = upsertUser(db, identity, adminEmails);
    if (replacedSessionId) deleteSession(db, replacedSessionId);
    return createSession(db, userId, new Date(), { unlocked: true });
  });
}

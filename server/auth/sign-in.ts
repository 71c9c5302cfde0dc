import { type Db, writeTransaction } from '../db/database';
import { resetAfterFreshSignIn } from './parent-lock';
import { createSession, deleteSession } from './session';
import { upsertUser, type VerifiedIdentity } from './users';

/**
 * A sign-in, as one write: the account (created on first sign-in, spec §3), a new session, and
 * the end of the session the browser held before, if any: a token planted before sign-in is never
 * promoted, and signing in again leaves no stale row behind. The new session is locked like any
 * other, unless this is Forgot PIN with a password just typed at the provider (`pinReset`).
 */
export function signIn(
  db: Db,
  identity: VerifiedIdentity,
  adminEmails: readonly string[],
  replacedSessionId: string | null,
  options: { pinReset?: boolean } = {},
): { token: string; expiresAt: Date } {
  return writeTransaction(db, () => {
    const userId = upsertUser(db, identity, adminEmails);
    if (replacedSessionId) deleteSession(db, replacedSessionId);
    const now = new Date();
    const { id, token, expiresAt } = createSession(db, userId, now);
    if (options.pinReset) resetAfterFreshSignIn(db, userId, id, now);
    return { token, expiresAt };
  });
}

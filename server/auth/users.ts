import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { showableName } from '#shared/text.ts';
import type { Db } from '../db/database';
import { users } from '../db/schema';

export type VerifiedIdentity = {
  /** `google:<sub>` or `local:<email>`. */
  subject: string;
  email: string;
  displayName: string;
  photoUrl: string | null;
};

/**
 * Spec §3: the user row is created on first sign-in. Profile fields follow the provider;
 * an email listed in ADMIN_EMAILS makes the account an admin (never the reverse: an admin
 * granted by hand stays one).
 */
export function upsertUser(db: Db, identity: VerifiedIdentity, adminEmails: readonly string[]): string {
  const email = identity.email.trim().toLowerCase();
  // A provider's name is shown as it is, less what could hide or reorder it (shared/text.ts).
  const displayName = showableName(identity.displayName, email.split('@')[0] || email);
  const listedAdmin = adminEmails.includes(email);
  const existing = db.select({ id: users.id }).from(users).where(eq(users.authSubject, identity.subject)).get();
  if (existing) {
    db.update(users)
      .set({ email, displayName, photoUrl: identity.photoUrl, ...(listedAdmin ? { isAdmin: true } : {}) })
      .where(eq(users.id, existing.id))
      .run();
    return existing.id;
  }
  const id = randomUUID();
  db.insert(users)
    .values({
      id,
      authSubject: identity.subject,
      email,
      displayName,
      photoUrl: identity.photoUrl,
      isAdmin: listedAdmin,
    })
    .run();
  return id;
}

/**
 * Makes the account of an email an admin, or no longer one (`node dist/server.js admin grant|revoke
 * <email>`). Returns false when no account has that email (it must have signed in once). Takes
 * effect at the account's next request: admin rights are read from the row every time.
 */
export function setAdmin(db: Db, email: string, isAdmin: boolean): boolean {
  const { changes } = db.update(users).set({ isAdmin }).where(eq(users.email, email.trim().toLowerCase())).run();
  return changes > 0;
}

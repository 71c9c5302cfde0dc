import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../db/schema';
import { createTestDb } from '../test/db';
import { GOOGLE_ENDPOINTS, identityFromClaims, SignInError } from './google';
import { upsertUser } from './users';

const CLIENT_ID = 'client-123.apps.googleusercontent.com';
const now = new Date('2030-01-01T00:00:00Z');
const expected = { clientId: CLIENT_ID, issuers: GOOGLE_ENDPOINTS.issuers, now };
const inAnHour = Math.floor(now.getTime() / 1000) + 3600;

const goodClaims = {
  iss: 'https://accounts.google.com',
  aud: CLIENT_ID,
  exp: inAnHour,
  sub: '1234567890',
  email: 'Parent@Example.com',
  email_verified: true,
  name: 'A Parent',
  picture: 'https://lh3.googleusercontent.com/a/photo',
};

function refusal(claims: Record<string, unknown>): string {
  try {
    identityFromClaims(claims, expected);
  } catch (error) {
    expect(error).toBeInstanceOf(SignInError);
    return (error as Error).message;
  }
  throw new Error('the claims were accepted');
}

describe('identityFromClaims', () => {
  it('accepts good claims and keys the identity on the subject', () => {
    expect(identityFromClaims(goodClaims, expected)).toEqual({
      subject: 'google:1234567890',
      email: 'Parent@Example.com',
      displayName: 'A Parent',
      photoUrl: 'https://lh3.googleusercontent.com/a/photo',
    });
  });

  it('accepts both of Google’s issuer spellings', () => {
    expect(identityFromClaims({ ...goodClaims, iss: 'accounts.google.com' }, expected).subject).toBe(
      'google:1234567890',
    );
  });

  it('refuses a wrong or missing issuer', () => {
    expect(refusal({ ...goodClaims, iss: 'https://evil.example' })).toBe('wrong issuer');
    expect(refusal({ ...goodClaims, iss: 'https://accounts.google.com.evil.example' })).toBe('wrong issuer');
    expect(refusal({ ...goodClaims, iss: undefined })).toBe('wrong issuer');
  });

  it('refuses a wrong or missing audience', () => {
    expect(refusal({ ...goodClaims, aud: 'someone-else' })).toBe('wrong audience');
    expect(refusal({ ...goodClaims, aud: undefined })).toBe('wrong audience');
    expect(refusal({ ...goodClaims, aud: ['someone-else', 'another'] })).toBe('wrong audience');
    expect(refusal({ ...goodClaims, aud: [] })).toBe('wrong audience');
  });

  it('accepts an audience array that contains the client id', () => {
    expect(identityFromClaims({ ...goodClaims, aud: ['other', CLIENT_ID] }, expected).subject).toBe(
      'google:1234567890',
    );
  });

  it('refuses an expired, expiring-now or missing expiry', () => {
    const nowSeconds = Math.floor(now.getTime() / 1000);
    expect(refusal({ ...goodClaims, exp: nowSeconds - 1 })).toBe('expired');
    expect(refusal({ ...goodClaims, exp: nowSeconds })).toBe('expired');
    expect(refusal({ ...goodClaims, exp: undefined })).toBe('expired');
    expect(refusal({ ...goodClaims, exp: String(inAnHour) })).toBe('expired');
  });

  it('refuses a missing or empty subject', () => {
    expect(refusal({ ...goodClaims, sub: undefined })).toBe('no subject');
    expect(refusal({ ...goodClaims, sub: '' })).toBe('no subject');
    expect(refusal({ ...goodClaims, sub: 1234 })).toBe('no subject');
  });

  it('refuses an email that is not verified, or not there', () => {
    expect(refusal({ ...goodClaims, email_verified: false })).toBe('email not verified');
    expect(refusal({ ...goodClaims, email_verified: undefined })).toBe('email not verified');
    expect(refusal({ ...goodClaims, email_verified: 'true' })).toBe('email not verified');
    expect(refusal({ ...goodClaims, email: undefined })).toBe('email not verified');
  });

  it('falls back to the email for a missing name, and drops a non-https picture', () => {
    const identity = identityFromClaims(
      { ...goodClaims, name: undefined, picture: 'http://insecure.example/p.png' },
      expected,
    );
    expect(identity.displayName).toBe('Parent@Example.com');
    expect(identity.photoUrl).toBeNull();
  });
});

describe('accounts from Google identities', () => {
  const db = createTestDb();

  it('are keyed on the subject, never on the email', () => {
    const first = identityFromClaims({ ...goodClaims, sub: 'sub-one', email: 'shared@example.com' }, expected);
    const second = identityFromClaims({ ...goodClaims, sub: 'sub-two', email: 'shared@example.com' }, expected);
    const firstId = upsertUser(db, first, []);
    const secondId = upsertUser(db, second, []);
    expect(secondId).not.toBe(firstId);
    const rows = db.select().from(users).where(eq(users.email, 'shared@example.com')).all();
    expect(rows.map((row) => row.authSubject).sort()).toEqual(['google:sub-one', 'google:sub-two']);
  });

  it('are found again by the same subject even when the email changed', () => {
    const before = upsertUser(
      db,
      identityFromClaims({ ...goodClaims, sub: 'mover', email: 'old@example.com' }, expected),
      [],
    );
    const after = upsertUser(
      db,
      identityFromClaims({ ...goodClaims, sub: 'mover', email: 'new@example.com' }, expected),
      [],
    );
    expect(after).toBe(before);
    expect(db.select().from(users).where(eq(users.id, before)).get()?.email).toBe('new@example.com');
  });

  it('are not merged with a local account of the same email', () => {
    const local = upsertUser(
      db,
      { subject: 'local:same@example.com', email: 'same@example.com', displayName: 'L', photoUrl: null },
      [],
    );
    const google = upsertUser(
      db,
      identityFromClaims({ ...goodClaims, sub: 'g-same', email: 'same@example.com' }, expected),
      [],
    );
    expect(google).not.toBe(local);
  });

  it('keep a display name people can see: reordering characters removed, the email’s name when nothing is left', () => {
    const nameOf = (id: string) => db.select().from(users).where(eq(users.id, id)).get()?.displayName;
    const reversed = upsertUser(
      db,
      identityFromClaims({ ...goodClaims, sub: 'bidi', name: '\u202eTrần\u200f', email: 'tran@example.com' }, expected),
      [],
    );
    expect(nameOf(reversed)).toBe('Trần');
    const invisible = upsertUser(
      db,
      identityFromClaims(
        { ...goodClaims, sub: 'invisible', name: '\u200b\u2066', email: 'ghost.parent@example.com' },
        expected,
      ),
      [],
    );
    expect(nameOf(invisible)).toBe('ghost.parent');
  });
});

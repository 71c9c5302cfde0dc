import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { profiles } from '../../db/schema';
import { MAX_PROFILES_PER_ACCOUNT } from '../../services/profiles';
import { createTestDb } from '../../test/db';
import { anonymousCaller, createAccount, createProfileRow } from '../../test/factories';
import { rejection } from '../../test/trpc';

const db = createTestDb();
const profileCount = (userId: string) =>
  db.select({ n: count() }).from(profiles).where(eq(profiles.userId, userId)).get()?.n;

describe('numbers arrive as numbers, names can be seen', () => {
  it('an age sent as text is "not a valid age" (not "required"), and nothing is created', async () => {
    const parent = createAccount(db);
    for (const age of ['9', true, [9], { value: 9 }]) {
      const error = await rejection(parent.caller().profiles.create({ name: 'Minh', age } as never));
      expect(error.code, JSON.stringify(age)).toBe('BAD_REQUEST');
      expect(error.message, JSON.stringify(age)).toBe('errors:profile.invalidAge');
    }
    const missing = await rejection(parent.caller().profiles.create({ name: 'Minh' } as never));
    expect(missing.message).toBe('errors:profile.required');
    expect(profileCount(parent.userId)).toBe(0);
  });

  it('a name with a right-to-left override or no visible letter is refused, and nothing is created', async () => {
    const parent = createAccount(db);
    const reversed = await rejection(parent.caller().profiles.create({ name: '\u202eAnh', age: 9 }));
    expect(reversed.message).toBe('errors:name.invisibleCharacters');
    const emoji = await rejection(parent.caller().profiles.create({ name: '🙂', age: 9 }));
    expect(emoji.message).toBe('errors:name.noLetterOrDigit');
    expect(profileCount(parent.userId)).toBe(0);
  });
});

describe('profiles as their owner', () => {
  it('creates, lists in creation order, updates and deletes', async () => {
    const parent = createAccount(db);
    const api = parent.caller();
    const first = await api.profiles.create({ name: 'Minh', age: 9 });
    const second = await api.profiles.create({ name: 'Lan', age: 14, avatar: 'avatar3.svg' });
    expect(first).toMatchObject({
      name: 'Minh',
      age: 9,
      avatar: 'avatar1.svg',
      ttsEnabled: true,
      totalGamesPlayed: 0,
      totalMoneyEarned: 0,
      totalCorrectAnswers: 0,
    });
    expect((await api.profiles.list()).map((p) => p.name)).toEqual(['Minh', 'Lan']);

    const updated = await api.profiles.update({
      profileId: second.id,
      name: 'Lan Anh',
      age: 15,
      avatar: 'avatar2.svg',
    });
    expect(updated).toMatchObject({ name: 'Lan Anh', age: 15, avatar: 'avatar2.svg' });

    await api.profiles.remove({ profileId: first.id });
    expect((await api.profiles.list()).map((p) => p.id)).toEqual([second.id]);
  });

  it('never returns the owner’s user id or other columns it did not mean to', async () => {
    const api = createAccount(db).caller();
    const created = await api.profiles.create({ name: 'Hoa', age: 7 });
    expect(Object.keys(created).sort()).toEqual(
      [
        'age',
        'avatar',
        'createdAt',
        'id',
        'name',
        'totalCorrectAnswers',
        'totalGamesPlayed',
        'totalMoneyEarned',
        'ttsEnabled',
      ].sort(),
    );
  });

  it('remembers the active profile in the session, and clears it', async () => {
    const parent = createAccount(db);
    const profile = await parent.caller().profiles.create({ name: 'Bảo', age: 10 });
    await parent.caller().profiles.choose({ profileId: profile.id });
    expect((await parent.caller().session.me()).activeProfile?.id).toBe(profile.id);
    await parent.caller().profiles.choose({ profileId: null });
    expect((await parent.caller().session.me()).activeProfile).toBeNull();
  });

  it('persists the speech preference', async () => {
    const parent = createAccount(db);
    const profile = await parent.caller().profiles.create({ name: 'Tú', age: 8 });
    await parent.caller().profiles.setTts({ profileId: profile.id, ttsEnabled: false });
    expect((await parent.caller().profiles.byId({ profileId: profile.id })).ttsEnabled).toBe(false);
  });

  it('stops at the profile limit with a clear message', async () => {
    const parent = createAccount(db);
    for (let i = 0; i < MAX_PROFILES_PER_ACCOUNT; i++) createProfileRow(db, parent.userId);
    const error = await rejection(parent.caller().profiles.create({ name: 'One too many', age: 9 }));
    expect(error.code).toBe('BAD_REQUEST');
    expect(error.message).toBe('errors:profile.tooMany');
    expect(profileCount(parent.userId)).toBe(MAX_PROFILES_PER_ACCOUNT);
  });
});

describe('validation (spec §5) changes nothing', () => {
  it.each([
    [{ name: '', age: 9 }, 'errors:profile.required'],
    [{ name: '   ', age: 9 }, 'errors:profile.required'],
    [{ name: 'Minh' }, 'errors:profile.required'],
    [{ name: 'Minh', age: 0 }, 'errors:profile.invalidAge'],
    [{ name: 'Minh', age: -1 }, 'errors:profile.invalidAge'],
    [{ name: 'Minh', age: 2.5 }, 'errors:profile.invalidAge'],
    [{ name: 'Minh', age: 121 }, 'errors:profile.ageTooHigh'],
    [{ name: 'M'.repeat(41), age: 9 }, 'errors:profile.nameTooLong'],
    [{ name: 'Minh', age: 9, avatar: 'evil.svg' }, 'errors:profile.invalidAvatar'],
  ])('%j → %s', async (input, message) => {
    const parent = createAccount(db);
    const error = await rejection(parent.caller().profiles.create(input as never));
    expect(error.code).toBe('BAD_REQUEST');
    expect(error.message).toBe(message);
    expect(profileCount(parent.userId)).toBe(0);
  });

  it('stores names NFC-normalized', async () => {
    const api = createAccount(db).caller();
    const created = await api.profiles.create({ name: 'Nguye\u0302\u0303n', age: 9 });
    expect(created.name).toBe('Nguyễn');
  });
});

describe('another account’s profile is NOT_FOUND everywhere', () => {
  const owner = createAccount(db);
  const intruder = createAccount(db);
  const profileId = createProfileRow(db, owner.userId, { name: 'Private' });
  const api = intruder.caller();

  it.each([
    ['byId', () => api.profiles.byId({ profileId })],
    ['update', () => api.profiles.update({ profileId, name: 'Hacked' })],
    ['remove', () => api.profiles.remove({ profileId })],
    ['setTts', () => api.profiles.setTts({ profileId, ttsEnabled: false })],
    ['choose', () => api.profiles.choose({ profileId })],
    ['game.start', () => api.game.start({ profileId, categoryId: 'random', lang: 'en' })],
    ['game.current', () => api.game.current({ profileId })],
  ])('%s', async (_name, call) => {
    const error = await rejection(call());
    expect(error.code).toBe('NOT_FOUND');
    const row = db.select().from(profiles).where(eq(profiles.id, profileId)).get();
    expect(row).toMatchObject({ name: 'Private', ttsEnabled: true, userId: owner.userId });
  });

  it('and the intruder’s list does not show it', async () => {
    expect(await api.profiles.list()).toEqual([]);
  });
});

describe('signed out', () => {
  const api = anonymousCaller(db);
  it.each([
    ['list', () => api.profiles.list()],
    ['create', () => api.profiles.create({ name: 'X', age: 9 })],
    ['categories', () => api.categories.list()],
    ['game.start', () => api.game.start({ profileId: crypto.randomUUID(), categoryId: 'random', lang: 'en' })],
  ])('%s is UNAUTHORIZED', async (_name, call) => {
    expect((await rejection(call())).code).toBe('UNAUTHORIZED');
  });

  it('session.me says nobody is signed in', async () => {
    expect(await api.session.me()).toEqual({ user: null, activeProfile: null });
  });
});

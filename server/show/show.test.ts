import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MAX_SHOW_PLAYERS, scoreOf } from '#shared/show.ts';
import { games, profiles, showAnswers, showPlayers, shows, users } from '../db/schema';
import { createTestDb } from '../test/db';
import {
  anonymousCaller,
  createAccount,
  createCategoryRow,
  createProfileRow,
  createQuestionRows,
} from '../test/factories';
import { phone, showAnswerAt } from '../test/show';
import { rejection } from '../test/trpc';

/**
 * The family show's procedures over a real SQLite file, called as the TV (the host's session) and
 * as phones (their join tokens); the streams and timers over HTTP are in show-http.test.ts.
 */
const db = createTestDb();
const categoryId = createCategoryRow(db);
for (const ageCategory of ['Kids', 'Teenagers', 'Adults'] as const) {
  createQuestionRows(db, 30, { categoryId, ageCategory });
}

const guest = (name: string, ageGroup: 'Kids' | 'Teenagers' | 'Adults' = 'Adults') => ({ guest: { name, ageGroup } });

async function openShow(questionCount: 5 | 10 | 15 = 5) {
  const host = createAccount(db);
  const { showId, code } = await host.caller().show.create({ categoryId, questionCount, lang: 'en' });
  return { host, showId, code, tv: () => host.caller() };
}

const showRow = (showId: string) => db.select().from(shows).where(eq(shows.id, showId)).get();
const playersOf = (showId: string) => db.select().from(showPlayers).where(eq(showPlayers.showId, showId)).all();

describe('hosting', () => {
  it('opens a room with a 6-digit code, found again by show.current (the TV reloading)', async () => {
    const { host, showId, code, tv } = await openShow();
    expect(code).toMatch(/^\d{6}$/);
    expect(await tv().show.current()).toEqual({ showId });
    expect(showRow(showId)).toMatchObject({ hostUserId: host.userId, status: 'lobby', code, position: -1 });
  });

  it('is for a signed-in account: signed out is UNAUTHORIZED, another account’s show NOT_FOUND', async () => {
    const { showId } = await openShow();
    const signedOut = anonymousCaller(db);
    expect((await rejection(signedOut.show.create({ categoryId, questionCount: 5, lang: 'en' }))).code).toBe(
      'UNAUTHORIZED',
    );
    const other = createAccount(db).caller();
    expect(await other.show.current()).toBeNull();
    for (const call of [
      () => other.show.start({ showId }),
      () => other.show.configure({ showId, lang: 'vi' }),
      () => other.show.end({ showId }),
      () => other.show.close({ showId }),
      () => other.show.next({ showId, position: 0 }),
      () => other.show.removePlayer({ showId, playerId: crypto.randomUUID() }),
    ]) {
      const refused = await rejection(call());
      expect(refused.code).toBe('NOT_FOUND');
      expect(refused.message).toBe('errors:show.notFound');
    }
    expect(showRow(showId)).toMatchObject({ status: 'lobby', lang: 'en', version: 1 });
  });

  it('one show an account at a time: a second is refused while the first is on', async () => {
    const { tv } = await openShow();
    const refused = await rejection(tv().show.create({ categoryId, questionCount: 5, lang: 'en' }));
    expect(refused).toMatchObject({ code: 'CONFLICT', message: 'errors:show.alreadyHosting' });
  });

  it('refuses a question count other than 5, 10 or 15 and an unknown category', async () => {
    const tv = createAccount(db).caller();
    const bad = await rejection(tv.show.create({ categoryId, questionCount: 7 as 5, lang: 'en' }));
    expect(bad).toMatchObject({ code: 'BAD_REQUEST', message: 'errors:show.questionCount' });
    const unknown = await rejection(tv.show.create({ categoryId: 999_999, questionCount: 5, lang: 'en' }));
    expect(unknown.code).toBe('NOT_FOUND');
    expect(await tv.show.current()).toBeNull();
  });

  it('changes its settings in the lobby only', async () => {
    const { showId, code, tv } = await openShow();
    await tv().show.configure({ showId, lang: 'vi', questionCount: 10, ageGroup: 'Teenagers' });
    expect(showRow(showId)).toMatchObject({ lang: 'vi', questionCount: 10, ageChoice: 'Teenagers', version: 2 });
    await tv().show.configure({ showId });
    await phone(db).api.show.join({ code, as: guest('Bà') });
    await tv().show.start({ showId });
    const refused = await rejection(tv().show.configure({ showId, lang: 'en' }));
    expect(refused).toMatchObject({ code: 'CONFLICT', message: 'errors:show.started' });
  });
});

describe('joining', () => {
  it('a wrong code is NOT_FOUND for both look-up and join', async () => {
    await openShow();
    const { api } = phone(db);
    for (const call of [
      () => api.show.lookup({ code: '000000' }),
      () => api.show.join({ code: '000000', as: guest('X') }),
    ]) {
      const refused = await rejection(call());
      expect(refused).toMatchObject({ code: 'NOT_FOUND', message: 'errors:show.codeNotFound' });
    }
    expect((await rejection(api.show.lookup({ code: '12345' }))).message).toBe('errors:show.codeInvalid');
  });

  it('a guest joins with a name checked like a profile’s, an age group and an avatar', async () => {
    const { showId, code } = await openShow();
    const { api, visitor } = phone(db);
    expect(await api.show.lookup({ code: ` ${code.slice(0, 3)} ${code.slice(3)} ` })).toEqual({
      status: 'lobby',
      lang: 'en',
      players: 0,
      full: false,
      profiles: null,
    });
    for (const [name, message] of [
      ['   ', 'errors:show.nameRequired'],
      ['a\u200bb\u0007', 'errors:name.invisibleCharacters'],
      ['x'.repeat(41), 'errors:profile.nameTooLong'],
    ] as const) {
      expect((await rejection(api.show.join({ code, as: guest(name) }))).message, name).toBe(message);
    }
    expect(playersOf(showId)).toHaveLength(0);
    const joined = await api.show.join({
      code,
      as: { guest: { name: ' Nguyễn Văn A ', ageGroup: 'Adults', avatar: 'avatar2.svg' } },
    });
    expect(joined).toEqual({ showId, playerId: expect.any(String) });
    expect(visitor.joinToken).toMatch(/^[\w-]{43}$/);
    expect(await api.show.me()).toEqual(joined);
    const [row] = playersOf(showId);
    expect(row).toMatchObject({ name: 'Nguyễn Văn A', ageGroup: 'Adults', avatar: 'avatar2.svg', profileId: null });
    // Only the token's hash is stored.
    expect(row?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.tokenHash).not.toContain(visitor.joinToken);
  });

  it('a phone of the host’s account picks one of its profiles; any other account’s cannot', async () => {
    const { host, showId, code } = await openShow();
    const kid = createProfileRow(db, host.userId, { name: 'Mai', age: 8, avatar: 'avatar3.svg' });
    const family = phone(db, host);
    expect((await family.api.show.lookup({ code })).profiles).toEqual([
      { profileId: kid, name: 'Mai', avatar: 'avatar3.svg', age: 8, joined: false },
    ]);
    const joined = await family.api.show.join({ code, as: { profileId: kid } });
    expect(playersOf(showId)[0]).toMatchObject({ profileId: kid, name: 'Mai', ageGroup: 'Kids' });
    expect((await family.api.show.lookup({ code })).profiles?.[0]?.joined).toBe(true);

    // Another phone of the family, same profile: the same player, its token replaced.
    const second = phone(db, host);
    expect(await second.api.show.join({ code, as: { profileId: kid } })).toEqual(joined);
    expect(playersOf(showId)).toHaveLength(1);
    expect(await family.api.show.me()).toBeNull();

    const neighbour = createAccount(db);
    const theirs = createProfileRow(db, neighbour.userId);
    const stranger = phone(db, neighbour);
    expect((await stranger.api.show.lookup({ code })).profiles).toBeNull();
    for (const profileId of [theirs, kid]) {
      const refused = await rejection(stranger.api.show.join({ code, as: { profileId } }));
      expect(refused).toMatchObject({ code: 'NOT_FOUND', message: 'errors:profile.notFound' });
    }
    expect(playersOf(showId)).toHaveLength(1);
  });

  it(`takes ${MAX_SHOW_PLAYERS} players and refuses the 13th`, async () => {
    const { showId, code } = await openShow();
    for (let i = 0; i < MAX_SHOW_PLAYERS; i++) await phone(db).api.show.join({ code, as: guest(`P${i}`) });
    const thirteenth = phone(db);
    expect((await thirteenth.api.show.lookup({ code })).full).toBe(true);
    const refused = await rejection(thirteenth.api.show.join({ code, as: guest('Thirteen') }));
    expect(refused).toMatchObject({ code: 'CONFLICT', message: 'errors:show.full' });
    expect(playersOf(showId)).toHaveLength(MAX_SHOW_PLAYERS);
    expect(thirteenth.visitor.joinToken).toBeNull();
  });

  it('a player can leave, and the host can remove one; their tokens then name nobody', async () => {
    const { showId, code, tv } = await openShow();
    const leaving = phone(db);
    await leaving.api.show.join({ code, as: guest('Leaving') });
    const removed = phone(db);
    const { playerId } = await removed.api.show.join({ code, as: guest('Removed') });
    await leaving.api.show.leave();
    expect(leaving.visitor.joinToken).toBeNull();
    await tv().show.removePlayer({ showId, playerId });
    expect(playersOf(showId)).toHaveLength(0);
    expect(await removed.api.show.me()).toBeNull();
    expect((await rejection(removed.api.show.answer({ position: 0, answerIndex: 0 }))).message).toBe(
      'errors:show.notJoined',
    );
    const again = await rejection(tv().show.removePlayer({ showId, playerId }));
    expect(again).toMatchObject({ code: 'NOT_FOUND', message: 'errors:show.playerNotFound' });
  });
});

describe('playing', () => {
  it('starts only with a player, on question 0, its countdown 30 s with a child in', async () => {
    const { showId, code, tv } = await openShow();
    expect((await rejection(tv().show.start({ showId }))).message).toBe('errors:show.noPlayers');
    await phone(db).api.show.join({ code, as: guest('Tí', 'Kids') });
    await phone(db).api.show.join({ code, as: guest('Bố') });
    await tv().show.start({ showId });
    const row = showRow(showId);
    expect(row).toMatchObject({ status: 'question', position: 0, ageGroup: 'Kids', questionCount: 5 });
    expect((row?.deadline ?? 0) - (row?.questionStartedAt ?? 0)).toBe(30_000);
    expect((await rejection(tv().show.start({ showId }))).message).toBe('errors:show.started');
  });

  it('an answer counts once: a double tap or a resend gives back the first', async () => {
    const { showId, code, tv } = await openShow();
    const a = phone(db);
    await a.api.show.join({ code, as: guest('A') });
    await phone(db).api.show.join({ code, as: guest('B') });
    await tv().show.start({ showId });
    expect(await a.api.show.answer({ position: 0, answerIndex: 2 })).toEqual({ position: 0, answerIndex: 2 });
    const again = await Promise.all([
      a.api.show.answer({ position: 0, answerIndex: 1 }),
      a.api.show.answer({ position: 0, answerIndex: 3 }),
    ]);
    expect(again).toEqual([
      { position: 0, answerIndex: 2 },
      { position: 0, answerIndex: 2 },
    ]);
    expect(db.select().from(showAnswers).where(eq(showAnswers.showId, showId)).all()).toHaveLength(1);
    expect(showRow(showId)?.status).toBe('question');
    const wrongQuestion = await rejection(a.api.show.answer({ position: 1, answerIndex: 0 }));
    expect(wrongQuestion).toMatchObject({ code: 'CONFLICT', message: 'errors:show.notAsked' });
  });

  it('reveals once everyone has answered, scores a rung per right answer, and moves on once per Next', async () => {
    const { showId, code, tv } = await openShow();
    const right = phone(db);
    const wrong = phone(db);
    const r = await right.api.show.join({ code, as: guest('Right') });
    const w = await wrong.api.show.join({ code, as: guest('Wrong') });
    await tv().show.start({ showId });
    const correct = showAnswerAt(db, showId, 0);
    await right.api.show.answer({ position: 0, answerIndex: correct });
    expect(showRow(showId)?.status).toBe('question');
    await wrong.api.show.answer({ position: 0, answerIndex: (correct + 1) % 4 });
    expect(showRow(showId)?.status).toBe('reveal');
    const scores = new Map(playersOf(showId).map((p) => [p.id, p.correctCount]));
    expect(scores.get(r.playerId)).toBe(1);
    expect(scores.get(w.playerId)).toBe(0);
    // A second Next for the same question (a double press) does not skip one.
    await Promise.all([tv().show.next({ showId, position: 0 }), tv().show.next({ showId, position: 0 })]);
    expect(showRow(showId)).toMatchObject({ status: 'question', position: 1 });
    // Sent again after the question closed (a reconnecting phone): the answer it had, unchanged.
    expect(await right.api.show.answer({ position: 0, answerIndex: (correct + 2) % 4 })).toEqual({
      position: 0,
      answerIndex: correct,
    });
  });

  it('joining after the start enters at the next question', async () => {
    const { showId, code, tv } = await openShow();
    const early = phone(db);
    await early.api.show.join({ code, as: guest('Early') });
    await tv().show.start({ showId });
    const late = phone(db);
    await late.api.show.join({ code, as: guest('Late') });
    expect(playersOf(showId).find((p) => p.name === 'Late')?.firstPosition).toBe(1);
    expect((await rejection(late.api.show.answer({ position: 0, answerIndex: 0 }))).message).toBe(
      'errors:show.notAsked',
    );
    // The early one alone is everyone on question 0.
    await early.api.show.answer({ position: 0, answerIndex: 0 });
    expect(showRow(showId)?.status).toBe('reveal');
    await tv().show.next({ showId, position: 0 });
    expect(await late.api.show.answer({ position: 1, answerIndex: 3 })).toEqual({ position: 1, answerIndex: 3 });
  });

  it('at the podium, each profile’s history and totals record the show once; the guests go at the close', async () => {
    const { host, showId, code, tv } = await openShow();
    const mai = createProfileRow(db, host.userId, { name: 'Mai', age: 8 });
    const kid = phone(db, host);
    await kid.api.show.join({ code, as: { profileId: mai } });
    const grandma = phone(db);
    await grandma.api.show.join({ code, as: guest('Bà', 'Adults') });
    await tv().show.start({ showId });
    for (let position = 0; position < 5; position++) {
      const correct = showAnswerAt(db, showId, position);
      await kid.api.show.answer({ position, answerIndex: position < 3 ? correct : (correct + 1) % 4 });
      await grandma.api.show.answer({ position, answerIndex: correct });
      expect(showRow(showId)?.status).toBe('reveal');
      await tv().show.next({ showId, position });
    }
    expect(showRow(showId)).toMatchObject({ status: 'podium', code: null });
    await tv().show.end({ showId });
    await tv().show.next({ showId, position: 4 });

    const recorded = db.select().from(games).where(eq(games.profileId, mai)).all();
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({
      status: 'show',
      questionCount: 5,
      correctCount: 3,
      winnings: scoreOf(5, 3),
      showPlace: 2,
      showPlayers: 2,
    });
    expect(recorded[0]?.questions.filter((q) => q.pickedIndex !== null)).toHaveLength(5);
    expect(db.select().from(profiles).where(eq(profiles.id, mai)).get()).toMatchObject({
      totalGamesPlayed: 1,
      totalCorrectAnswers: 3,
      totalMoneyEarned: 8000,
    });
    const history = await host.caller().profiles.history({ profileId: mai });
    expect(history.recent).toEqual([
      expect.objectContaining({
        status: 'show',
        correctCount: 3,
        questionCount: 5,
        winnings: 8000,
        show: { place: 2, players: 2 },
      }),
    ]);
    // The family's recent questions include the show's: a game or show next avoids them.
    const recentGames = db.select({ r: users.recentGames }).from(users).where(eq(users.id, host.userId)).get()?.r;
    expect(recentGames?.[0]).toMatchObject({ p: 'show', q: expect.any(Array) });

    await tv().show.close({ showId });
    expect(showRow(showId)).toBeUndefined();
    expect(playersOf(showId)).toHaveLength(0);
    expect(db.select().from(showAnswers).where(eq(showAnswers.showId, showId)).all()).toHaveLength(0);
    expect(db.select().from(games).where(eq(games.profileId, mai)).all()).toHaveLength(1);
    expect(await grandma.api.show.me()).toBeNull();
    expect(await tv().show.current()).toBeNull();
  });

  it('a show ended early records the questions revealed so far, and a new show closes an old podium', async () => {
    const { host, showId, code, tv } = await openShow(10);
    const mai = createProfileRow(db, host.userId, { age: 30 });
    const kid = phone(db, host);
    await kid.api.show.join({ code, as: { profileId: mai } });
    await tv().show.start({ showId });
    await kid.api.show.answer({ position: 0, answerIndex: showAnswerAt(db, showId, 0) });
    await tv().show.next({ showId, position: 0 });
    await tv().show.end({ showId });
    expect(db.select().from(games).where(eq(games.profileId, mai)).get()).toMatchObject({
      questionCount: 1,
      correctCount: 1,
      winnings: 100,
      showPlace: 1,
    });
    const { showId: next } = await tv().show.create({ categoryId: 'random', questionCount: 5, lang: 'vi' });
    expect(showRow(showId)).toBeUndefined();
    expect(await tv().show.current()).toEqual({ showId: next });
  });
});

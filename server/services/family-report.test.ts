import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MIN_ANSWERS_TO_JUDGE } from '../../shared/play-stats';
import { games, questions } from '../db/schema';
import { createTestDb } from '../test/db';
import {
  anonymousCaller,
  createAccount,
  createCategoryRow,
  createProfileRow,
  createQuestionRows,
} from '../test/factories';
import { playToLoss } from '../test/game-helpers';
import { rejection } from '../test/trpc';
import { FAMILY_GAMES_PAGE } from './family-report';

const db = createTestDb();

/** The right answers and answers of a game's picks, by its questions' categories, read from the rows. */
function answersByCategory(gameIds: string[]) {
  const tallies = new Map<number, { answered: number; right: number }>();
  for (const gameId of gameIds) {
    const game = db.select().from(games).where(eq(games.id, gameId)).get()!;
    game.questions.forEach((served, position) => {
      if (served.pickedIndex === null) return;
      const question = db.select().from(questions).where(eq(questions.id, served.questionId)).get()!;
      const tally = tallies.get(question.categoryId) ?? { answered: 0, right: 0 };
      tally.answered += 1;
      if (position < game.correctCount) tally.right += 1;
      tallies.set(question.categoryId, tally);
    });
  }
  return tallies;
}

describe('the family page', () => {
  it('counts a Random game’s answers under their own categories, for each of the account’s profiles', async () => {
    const parent = createAccount(db);
    const api = parent.caller();
    const an = createProfileRow(db, parent.userId, { name: 'An', age: 9 });
    const binh = createProfileRow(db, parent.userId, { name: 'Bình', age: 12 });
    const animals = createCategoryRow(db, { en: 'Animals', vi: 'Động vật' });
    const space = createCategoryRow(db, { en: 'Space', vi: 'Vũ trụ' });
    createQuestionRows(db, 30, { categoryId: animals, ageCategory: 'Kids' });
    createQuestionRows(db, 30, { categoryId: space, ageCategory: 'Kids' });

    const played = [
      await playToLoss(db, api, { profileId: an, categoryId: 'random' }, 9),
      await playToLoss(db, api, { profileId: an, categoryId: animals, lang: 'vi' }, 2),
    ];
    await playToLoss(db, api, { profileId: binh, categoryId: space }, 4);

    const report = await api.family.report();
    expect(report.map((child) => child.profile.name)).toEqual(['An', 'Bình']);
    const [first, second] = report;
    // Newest first, with when, the language, the category (null: Random) and what was won.
    expect(first?.games.map((game) => [game.gameId, game.lang, game.category?.nameEn ?? null])).toEqual([
      [played[1], 'vi', 'Animals'],
      [played[0], 'en', null],
    ]);
    expect(first?.games[1]).toMatchObject({ status: 'lost', correctCount: 9, questionCount: 15, winnings: 16000 });
    expect(first?.games[0]?.playedAt).toBeInstanceOf(Date);
    // Every answer under its question's own category: "Random" is no category.
    const expected = answersByCategory(played);
    const names = new Map([
      [animals, 'Animals'],
      [space, 'Space'],
    ]);
    expect(
      new Map(
        first?.byCategory.map((tally) => [tally.category.nameEn, { answered: tally.answered, right: tally.right }]),
      ),
    ).toEqual(new Map([...expected].map(([id, tally]) => [names.get(id), tally])));
    expect(first?.byCategory.reduce((sum, tally) => sum + tally.right, 0)).toBe(11);
    expect(first?.byDifficulty.map((tally) => tally.difficulty)).toEqual([1, 2, 3]);
    expect(first?.byDifficulty.reduce((sum, tally) => sum + tally.answered, 0)).toBe(13);
    // Too few answers to judge anything yet.
    expect(first?.rightLeastOften).toEqual({ categories: [], difficulties: [] });
    expect(second?.byCategory).toEqual([{ category: { nameEn: 'Space', nameVi: 'Vũ trụ' }, answered: 5, right: 4 }]);

    // /pre-game's bars read the same way.
    const history = await api.profiles.history({ profileId: an });
    expect(history.byCategory).toEqual(first?.byCategory);
  });

  it('names where a child is right least often, once it has answered enough there', async () => {
    const parent = createAccount(db);
    const api = parent.caller();
    const child = createProfileRow(db, parent.userId, { age: 10 });
    const maths = createCategoryRow(db, { en: 'Maths', vi: 'Toán' });
    const music = createCategoryRow(db, { en: 'Music', vi: 'Âm nhạc' });
    const birds = createCategoryRow(db, { en: 'Birds', vi: 'Chim' });
    for (const categoryId of [maths, music, birds]) createQuestionRows(db, 60, { categoryId, ageCategory: 'Kids' });
    // Maths: 1 right in 2 answers a game; Music: 4 in 5; Birds: a few answers only, all wrong.
    for (let i = 0; i < MIN_ANSWERS_TO_JUDGE / 2; i++)
      await playToLoss(db, api, { profileId: child, categoryId: maths }, 1);
    for (let i = 0; i < MIN_ANSWERS_TO_JUDGE / 5; i++)
      await playToLoss(db, api, { profileId: child, categoryId: music }, 4);
    await playToLoss(db, api, { profileId: child, categoryId: birds }, 0);

    const [report] = await api.family.report();
    expect(report?.rightLeastOften.categories).toEqual([
      {
        category: { nameEn: 'Maths', nameVi: 'Toán' },
        answered: MIN_ANSWERS_TO_JUDGE,
        right: MIN_ANSWERS_TO_JUDGE / 2,
      },
      {
        category: { nameEn: 'Music', nameVi: 'Âm nhạc' },
        answered: MIN_ANSWERS_TO_JUDGE,
        right: (MIN_ANSWERS_TO_JUDGE * 4) / 5,
      },
    ]);
    // Difficulties climb the ladder: the easy ones come first in every game.
    for (const judged of report?.rightLeastOften.difficulties ?? []) {
      expect(judged.answered).toBeGreaterThanOrEqual(MIN_ANSWERS_TO_JUDGE);
    }
    expect(report?.rightLeastOften.difficulties.length).toBeGreaterThan(0);
  });

  it('lists games a page at a time, newest first, games of the same millisecond included', async () => {
    const parent = createAccount(db);
    const api = parent.caller();
    const child = createProfileRow(db, parent.userId);
    const categoryId = createCategoryRow(db);
    createQuestionRows(db, 60, { categoryId, ageCategory: 'Kids' });
    const played: string[] = [];
    for (let i = 0; i < FAMILY_GAMES_PAGE + 3; i++)
      played.push(await playToLoss(db, api, { profileId: child, categoryId }, 0));
    // Three games started in the same millisecond: their rows keep them apart.
    const same = new Date('2026-11-01T10:00:00Z');
    for (const gameId of played.slice(0, 3))
      db.update(games).set({ createdAt: same }).where(eq(games.id, gameId)).run();

    const [report] = await api.family.report();
    expect(report?.games.map((game) => game.gameId)).toEqual(played.slice(3).reverse());
    const more = await api.family.games({ profileId: child, cursor: report!.nextCursor! });
    expect(more.games.map((game) => game.gameId)).toEqual(played.slice(0, 3).reverse());
    expect(more.nextCursor).toBeNull();
    // A game still being played is not history yet.
    await api.game.start({ profileId: child, categoryId, lang: 'en' });
    const [again] = await api.family.report();
    expect(again?.games[0]?.gameId).toBe(played.at(-1));
  });

  it('is a parent’s: behind the lock, another account’s profile NOT_FOUND, signed out UNAUTHORIZED', async () => {
    const parent = createAccount(db);
    const child = createProfileRow(db, parent.userId, { name: 'Na' });
    const stranger = createAccount(db);
    createProfileRow(db, stranger.userId, { name: 'Other' });
    const cursor = { playedAt: Date.now(), row: 1 };

    // Another account sees only its own, and nothing of this one's profile.
    expect((await stranger.caller().family.report()).map((child) => child.profile.name)).toEqual(['Other']);
    expect((await rejection(stranger.caller().family.games({ profileId: child, cursor }))).code).toBe('NOT_FOUND');
    expect((await rejection(anonymousCaller(db).family.report())).code).toBe('UNAUTHORIZED');
    const bad = await rejection(parent.caller().family.games({ profileId: child, cursor: { playedAt: -1, row: 0 } }));
    expect(bad.code).toBe('BAD_REQUEST');

    // A PIN set, the lock closed by a child's play: the page's data waits for the PIN.
    await parent.caller().parentLock.set({ pin: '2468' });
    await parent.caller().profiles.choose({ profileId: child });
    for (const call of [parent.caller().family.report(), parent.caller().family.games({ profileId: child, cursor })]) {
      const refused = await rejection(call);
      expect([refused.code, refused.message]).toEqual(['FORBIDDEN', 'errors:pin.locked']);
    }
    await parent.caller().parentLock.unlock({ pin: '2468' });
    expect((await parent.caller().family.report()).map((child) => child.profile.name)).toEqual(['Na']);
    // Reading it leaves the lock open: it chooses no profile.
    expect(await parent.caller().parentLock.status()).toEqual({ hasPin: true, unlocked: true });
  });
});

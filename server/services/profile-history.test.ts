import { describe, expect, it } from 'vitest';
import { createTestDb } from '../test/db';
import { createAccount, createCategoryRow, createProfileRow, createQuestionRows } from '../test/factories';
import { playToLoss } from '../test/game-helpers';
import { rejection } from '../test/trpc';
import { RECENT_GAMES_SHOWN } from './profile-history';

const db = createTestDb();

describe('a profile’s history', () => {
  it('lists the last finished games, newest first, and right answers by category, most first', async () => {
    const parent = createAccount(db);
    const api = parent.caller();
    const profileId = createProfileRow(db, parent.userId, { age: 9 });
    const animals = createCategoryRow(db, { en: 'Animals', vi: 'Động vật' });
    const space = createCategoryRow(db, { en: 'Space', vi: 'Vũ trụ' });
    createQuestionRows(db, 30, { categoryId: animals, ageCategory: 'Kids' });
    createQuestionRows(db, 30, { categoryId: space, ageCategory: 'Kids' });

    const first = await playToLoss(db, api, { profileId, categoryId: animals }, 2);
    const second = await playToLoss(db, api, { profileId, categoryId: space }, 5);
    const third = await playToLoss(db, api, { profileId, categoryId: animals }, 0);
    // A game in progress is not history yet.
    await api.game.start({ profileId, categoryId: space, lang: 'en' });

    const history = await api.profiles.history({ profileId });
    expect(history.recent.map((game) => game.gameId)).toEqual([third, second, first]);
    expect(history.recent[1]).toMatchObject({
      category: { nameEn: 'Space', nameVi: 'Vũ trụ' },
      status: 'lost',
      correctCount: 5,
      questionCount: 15,
      winnings: 1000,
    });
    expect(history.byCategory).toEqual([
      { category: { nameEn: 'Space', nameVi: 'Vũ trụ' }, answered: 6, right: 5 },
      { category: { nameEn: 'Animals', nameVi: 'Động vật' }, answered: 4, right: 2 },
    ]);
  });

  it('keeps only the last few games, counts Random games under their questions’ categories, and is empty for a new profile', async () => {
    const parent = createAccount(db);
    const api = parent.caller();
    const profileId = createProfileRow(db, parent.userId, { age: 9 });
    expect(await api.profiles.history({ profileId })).toEqual({ recent: [], byCategory: [] });
    const categoryId = createCategoryRow(db);
    createQuestionRows(db, 40, { categoryId, ageCategory: 'Kids' });
    for (let i = 0; i < RECENT_GAMES_SHOWN + 2; i++) await playToLoss(db, api, { profileId, categoryId: 'random' }, 1);
    const history = await api.profiles.history({ profileId });
    expect(history.recent).toHaveLength(RECENT_GAMES_SHOWN);
    expect(history.recent.every((game) => game.category === null)).toBe(true);
    // Each game one right answer, then a wrong one: every answer under a category of its question's.
    const total = (key: 'answered' | 'right') => history.byCategory.reduce((sum, tally) => sum + tally[key], 0);
    expect([total('right'), total('answered')]).toEqual([RECENT_GAMES_SHOWN + 2, 2 * (RECENT_GAMES_SHOWN + 2)]);
    expect(history.byCategory.every((tally) => tally.category.nameEn.length > 0)).toBe(true);
  });

  it('is NOT_FOUND for another account’s profile and refuses a bad id', async () => {
    const parent = createAccount(db);
    const profileId = createProfileRow(db, parent.userId, { age: 9 });
    const stranger = createAccount(db).caller();
    expect((await rejection(stranger.profiles.history({ profileId }))).code).toBe('NOT_FOUND');
    expect((await rejection(parent.caller().profiles.history({ profileId: 'nope' }))).code).toBe('BAD_REQUEST');
  });
});

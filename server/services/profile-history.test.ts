import { describe, expect, it } from 'vitest';
import { createTestDb } from '../test/db';
import { createAccount, createCategoryRow, createProfileRow, createQuestionRows } from '../test/factories';
import { rightAnswerAt, wrongAnswerAt } from '../test/game-helpers';
import { rejection } from '../test/trpc';
import { RECENT_GAMES_SHOWN } from './profile-history';

const db = createTestDb();

/** Plays a game to its end: `right` right answers, then a wrong one. */
async function play(
  api: ReturnType<ReturnType<typeof createAccount>['caller']>,
  profileId: string,
  categoryId: number | 'random',
  right: number,
) {
  const game = (await api.game.start({ profileId, categoryId, lang: 'en' }))!;
  for (let position = 0; position < right; position++) {
    await api.game.answer({ gameId: game.gameId, position, answerIndex: rightAnswerAt(db, game.gameId, position) });
  }
  await api.game.answer({ gameId: game.gameId, position: right, answerIndex: wrongAnswerAt(db, game.gameId, right) });
  return game.gameId;
}

describe('a profile’s history', () => {
  it('lists the last finished games, newest first, and right answers by category, most first', async () => {
    const parent = createAccount(db);
    const api = parent.caller();
    const profileId = createProfileRow(db, parent.userId, { age: 9 });
    const animals = createCategoryRow(db, { en: 'Animals', vi: 'Động vật' });
    const space = createCategoryRow(db, { en: 'Space', vi: 'Vũ trụ' });
    createQuestionRows(db, 30, { categoryId: animals, ageCategory: 'Kids' });
    createQuestionRows(db, 30, { categoryId: space, ageCategory: 'Kids' });

    const first = await play(api, profileId, animals, 2);
    const second = await play(api, profileId, space, 5);
    const third = await play(api, profileId, animals, 0);
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
      { category: { nameEn: 'Space', nameVi: 'Vũ trụ' }, games: 1, correctAnswers: 5 },
      { category: { nameEn: 'Animals', nameVi: 'Động vật' }, games: 2, correctAnswers: 2 },
    ]);
  });

  it('keeps only the last few games, names Random as no category, and is empty for a new profile', async () => {
    const parent = createAccount(db);
    const api = parent.caller();
    const profileId = createProfileRow(db, parent.userId, { age: 9 });
    expect(await api.profiles.history({ profileId })).toEqual({ recent: [], byCategory: [] });
    const categoryId = createCategoryRow(db);
    createQuestionRows(db, 40, { categoryId, ageCategory: 'Kids' });
    for (let i = 0; i < RECENT_GAMES_SHOWN + 2; i++) await play(api, profileId, 'random', 1);
    const history = await api.profiles.history({ profileId });
    expect(history.recent).toHaveLength(RECENT_GAMES_SHOWN);
    expect(history.recent.every((game) => game.category === null)).toBe(true);
    expect(history.byCategory).toEqual([
      { category: null, games: RECENT_GAMES_SHOWN + 2, correctAnswers: RECENT_GAMES_SHOWN + 2 },
    ]);
  });

  it('is NOT_FOUND for another account’s profile and refuses a bad id', async () => {
    const parent = createAccount(db);
    const profileId = createProfileRow(db, parent.userId, { age: 9 });
    const stranger = createAccount(db).caller();
    expect((await rejection(stranger.profiles.history({ profileId }))).code).toBe('NOT_FOUND');
    expect((await rejection(parent.caller().profiles.history({ profileId: 'nope' }))).code).toBe('BAD_REQUEST');
  });
});

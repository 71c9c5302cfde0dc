import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CHILD_ANSWERS_TO_TELL } from '#shared/family-stats.ts';
import { newGameId } from '#shared/game-id.ts';
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

/**
 * A family show's result for a profile, as the show records it (server/show/results.ts): a games
 * row of status 'show' at the show's end, with its place; each pick the right answer for the first
 * `right` questions, then a wrong one.
 */
function recordShowResult(
  profileId: string,
  show: { at: Date; categoryId: number | null; place: number; players: number },
  questionIds: number[],
  right: number,
) {
  const rows = questionIds.map((id) => db.select().from(questions).where(eq(questions.id, id)).get()!);
  const served = rows.map((question, position) => ({
    questionId: question.id,
    answerOrder: [0, 1, 2, 3],
    pickedIndex: position < right ? question.correctAnswerIndex : (question.correctAnswerIndex + 1) % 4,
  }));
  db.insert(games)
    .values({
      id: newGameId(show.at.getTime()),
      profileId,
      categoryId: show.categoryId,
      lang: 'vi',
      status: 'show',
      questionCount: served.length,
      questions: served,
      currentPosition: served.length,
      correctCount: right,
      winnings: right * 1000,
      createdAt: show.at,
      endedAt: show.at,
      showPlace: show.place,
      showPlayers: show.players,
    })
    .run();
}

describe('the family page', () => {
  it('counts a Random game’s answers under their own categories, for each of the account’s profiles', async () => {
    const parent = createAccount(db);
    const api = parent.caller();
    // In the picker's order: the first made first (the same millisecond would leave it to the ids).
    const an = createProfileRow(db, parent.userId, { name: 'An', age: 9, createdAt: new Date('2026-01-01') });
    const binh = createProfileRow(db, parent.userId, { name: 'Bình', age: 12, createdAt: new Date('2026-01-02') });
    const animals = createCategoryRow(db, { en: 'Animals', vi: 'Động vật' });
    const space = createCategoryRow(db, { en: 'Space', vi: 'Vũ trụ' });
    createQuestionRows(db, 30, { categoryId: animals, ageCategory: 'Kids' });
    createQuestionRows(db, 30, { categoryId: space, ageCategory: 'Kids' });

    const played = [
      await playToLoss(db, api, { profileId: an, categoryId: 'random' }, 9),
      await playToLoss(db, api, { profileId: an, categoryId: animals, lang: 'vi' }, 2),
    ];
    await playToLoss(db, api, { profileId: binh, categoryId: space }, 4);

    const report = (await api.family.report()).children;
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
    for (let i = 0; i < CHILD_ANSWERS_TO_TELL / 2; i++)
      await playToLoss(db, api, { profileId: child, categoryId: maths }, 1);
    for (let i = 0; i < CHILD_ANSWERS_TO_TELL / 5; i++)
      await playToLoss(db, api, { profileId: child, categoryId: music }, 4);
    await playToLoss(db, api, { profileId: child, categoryId: birds }, 0);

    const [report] = (await api.family.report()).children;
    expect(report?.rightLeastOften.categories).toEqual([
      {
        category: { nameEn: 'Maths', nameVi: 'Toán' },
        answered: CHILD_ANSWERS_TO_TELL,
        right: CHILD_ANSWERS_TO_TELL / 2,
      },
      {
        category: { nameEn: 'Music', nameVi: 'Âm nhạc' },
        answered: CHILD_ANSWERS_TO_TELL,
        right: (CHILD_ANSWERS_TO_TELL * 4) / 5,
      },
    ]);
    // Difficulties climb the ladder: the easy ones come first in every game.
    for (const judged of report?.rightLeastOften.difficulties ?? []) {
      expect(judged.answered).toBeGreaterThanOrEqual(CHILD_ANSWERS_TO_TELL);
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

    const [report] = (await api.family.report()).children;
    expect(report?.games.map((game) => game.gameId)).toEqual(played.slice(3).reverse());
    const more = await api.family.games({ profileId: child, cursor: report!.nextCursor! });
    expect(more.games.map((game) => game.gameId)).toEqual(played.slice(0, 3).reverse());
    expect(more.nextCursor).toBeNull();
    // A game still being played is not history yet.
    await api.game.start({ profileId: child, categoryId, lang: 'en' });
    const [again] = (await api.family.report()).children;
    expect(again?.games[0]?.gameId).toBe(played.at(-1));
  });

  it('gathers the family shows the account’s players were in, and counts their answers by category', async () => {
    const parent = createAccount(db);
    const an = createProfileRow(db, parent.userId, { name: 'An' });
    const binh = createProfileRow(db, parent.userId, { name: 'Bình' });
    const stranger = createAccount(db);
    const other = createProfileRow(db, stranger.userId, { name: 'Other' });
    const rivers = createCategoryRow(db, { en: 'Rivers', vi: 'Sông ngòi' });
    const birds = createCategoryRow(db, { en: 'Birds', vi: 'Chim' });
    const [r1, r2] = createQuestionRows(db, 2, { categoryId: rivers, ageCategory: 'Kids' });
    const [b1] = createQuestionRows(db, 1, { categoryId: birds, ageCategory: 'Kids' });
    const asked = [r1!, b1!, r2!];
    const evening = new Date('2026-11-20T19:00:00Z');
    // One Random show with both children in it and a guest (and another account's child at the
    // same moment, in a show of its own), then a show of An's alone.
    const random = { at: evening, categoryId: null, players: 3 };
    recordShowResult(an, { ...random, place: 3 }, asked, 1);
    recordShowResult(binh, { ...random, place: 1 }, asked, 2);
    recordShowResult(other, { ...random, place: 1, players: 1 }, asked, 3);
    const next = new Date('2026-11-21T19:00:00Z');
    recordShowResult(an, { at: next, categoryId: rivers, place: 1, players: 1 }, [r1!, r2!], 2);

    const { children, playedTogether } = await parent.caller().family.report();
    expect(playedTogether).toEqual([
      {
        playedAt: new Date('2026-11-21T19:00:00Z'),
        lang: 'vi',
        category: { nameEn: 'Rivers', nameVi: 'Sông ngòi' },
        players: 1,
        results: [
          { profileId: an, correctCount: 2, questionCount: 2, winnings: 2000, standing: { place: 1, players: 1 } },
        ],
      },
      {
        playedAt: evening,
        lang: 'vi',
        category: null,
        players: 3,
        results: [
          { profileId: binh, correctCount: 2, questionCount: 3, winnings: 2000, standing: { place: 1, players: 3 } },
          { profileId: an, correctCount: 1, questionCount: 3, winnings: 1000, standing: { place: 3, players: 3 } },
        ],
      },
    ]);
    // In a child's games too, with its place.
    const anGames = children.find((child) => child.profile.id === an)?.games;
    expect(anGames?.map((game) => [game.status, game.show])).toEqual([
      ['show', { place: 1, players: 1 }],
      ['show', { place: 3, players: 3 }],
    ]);
    // A show's answers count under their questions' own categories, like a game's.
    const tallies = (name: string) =>
      children
        .find((child) => child.profile.name === name)
        ?.byCategory.map((tally) => [tally.category.nameEn, tally.right, tally.answered]);
    expect(tallies('An')).toEqual([
      ['Rivers', 3, 4],
      ['Birds', 0, 1],
    ]);
    expect(tallies('Bình')).toEqual([
      ['Birds', 1, 1],
      ['Rivers', 1, 2],
    ]);
    // The other account sees its own child's show only.
    const theirs = await stranger.caller().family.report();
    expect(theirs.playedTogether.map((show) => show.results.map((result) => result.profileId))).toEqual([[other]]);
  });

  it('is a parent’s: behind the lock, another account’s profile NOT_FOUND, signed out UNAUTHORIZED', async () => {
    const parent = createAccount(db);
    const child = createProfileRow(db, parent.userId, { name: 'Na' });
    const stranger = createAccount(db);
    createProfileRow(db, stranger.userId, { name: 'Other' });
    const cursor = { playedAt: Date.now(), row: 1 };

    // Another account sees only its own, and nothing of this one's profile.
    expect((await stranger.caller().family.report()).children.map((child) => child.profile.name)).toEqual(['Other']);
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
    expect((await parent.caller().family.report()).children.map((child) => child.profile.name)).toEqual(['Na']);
    // Reading it leaves the lock open: it chooses no profile.
    expect(await parent.caller().parentLock.status()).toEqual({ hasPin: true, unlocked: true });
  });
});

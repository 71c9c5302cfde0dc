import { inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AgeCategory } from '#shared/age.ts';
import { questions } from '../db/schema';
import { createTestDb } from '../test/db';
import { createAccount, createCategoryRow, createProfileRow, createQuestionRows } from '../test/factories';

const db = createTestDb();

/** A category with `perDifficulty` questions of each difficulty for each age group given. */
function categoryOf(perDifficulty: Partial<Record<AgeCategory, number>>) {
  const categoryId = createCategoryRow(db);
  for (const [ageCategory, n] of Object.entries(perDifficulty)) {
    for (const difficulty of [1, 2, 3]) {
      createQuestionRows(db, n, { categoryId, ageCategory: ageCategory as AgeCategory, difficulty });
    }
  }
  return categoryId;
}

/** The ids of a game's questions, in ladder order (texts are unique: "Question <n> (<age>)?"). */
function questionIdsOf(game: { questions: { question: string }[] } | null) {
  if (!game) throw new Error('no game');
  const texts = game.questions.map((q) => q.question);
  const rows = db
    .select({ id: questions.id, text: questions.questionEn, age: questions.ageCategory })
    .from(questions)
    .where(inArray(questions.questionEn, texts))
    .all();
  return texts.map((text) => rows.find((row) => row.text === text) as { id: number; age: AgeCategory });
}

/** Two children of the same age group on one account, taking turns in one category. */
function siblings(categoryId: number) {
  const parent = createAccount(db);
  const children = [9, 11].map((age) => createProfileRow(db, parent.userId, { age }));
  const api = parent.caller();
  let turn = 0;
  return {
    children,
    /** The next child's game (0, 1, 0, 1…): its questions. */
    async nextGame() {
      const profileId = children[turn++ % 2] as string;
      return questionIdsOf(await api.game.start({ profileId, categoryId, lang: 'en' }));
    },
  };
}

describe('brothers and sisters on one account', () => {
  it('hear no question twice in 5 games (3 and 2), all of their own age group, when it holds 75', async () => {
    // 75 Kids questions (25 per difficulty) beside plenty for the other age groups.
    const family = siblings(categoryOf({ Kids: 25, Teenagers: 25, Adults: 25 }));
    const games = [];
    for (let i = 0; i < 5; i++) games.push(await family.nextGame());

    const heard = games.flat();
    expect(heard).toHaveLength(75);
    expect(new Set(heard.map((q) => q.id)).size).toBe(75);
    expect(heard.every((q) => q.age === 'Kids')).toBe(true);
  });

  it('then borrow from the other age groups before anything they heard lately comes back', async () => {
    const family = siblings(categoryOf({ Kids: 5, Teenagers: 5 }));
    const kids = await family.nextGame();
    const next = await family.nextGame();
    expect(kids.every((q) => q.age === 'Kids')).toBe(true);
    expect(next.every((q) => q.age === 'Teenagers')).toBe(true);
  });

  it('once the family has heard the whole pool, get back first what they heard longest ago', async () => {
    const family = siblings(categoryOf({ Kids: 5 }));
    const first = await family.nextGame();
    const second = await family.nextGame();
    const third = await family.nextGame();
    const ids = (game: { id: number }[]) => new Set(game.map((q) => q.id));
    // 15 questions in all: the second game is the first one's again (the only ones), and so on,
    // each time the ones heard longest ago.
    expect(ids(second)).toEqual(ids(first));
    expect(ids(third)).toEqual(ids(first));

    const bigger = siblings(categoryOf({ Kids: 10 }));
    const games: Set<number>[] = [];
    for (let i = 0; i < 4; i++) games.push(ids(await bigger.nextGame()));
    // 30 questions: games 1 and 2 share none; game 3 brings back game 1's, game 4 game 2's.
    expect([...games[0]!].some((id) => games[1]!.has(id))).toBe(false);
    expect(games[2]).toEqual(games[0]);
    expect(games[3]).toEqual(games[1]);
  });

  it('hear no question twice in three weeks of Random, twice a day each, when the bank is deep enough', async () => {
    // 84 games: 420 Kids questions of each difficulty, in two categories, and a few of each other age.
    const deep = createTestDb();
    for (let c = 0; c < 2; c++) {
      const categoryId = createCategoryRow(deep);
      for (const difficulty of [1, 2, 3]) {
        createQuestionRows(deep, 210, { categoryId, ageCategory: 'Kids', difficulty });
        createQuestionRows(deep, 5, { categoryId, ageCategory: 'Teenagers', difficulty });
      }
    }
    const parent = createAccount(deep);
    const children = [7, 10].map((age) => createProfileRow(deep, parent.userId, { age }));
    const api = parent.caller();
    const heard: string[] = [];
    for (let game = 0; game < 84; game++) {
      const profileId = children[game % 2] as string;
      const started = await api.game.start({ profileId, categoryId: 'random', lang: 'en' });
      heard.push(...(started?.questions.map((q) => q.question) ?? []));
    }
    expect(heard).toHaveLength(84 * 15);
    expect(new Set(heard).size).toBe(heard.length);
    expect(heard.every((text) => text.endsWith('(Kids)?'))).toBe(true);
  }, 60_000);

  it('leave another family’s games out of it', async () => {
    const categoryId = categoryOf({ Kids: 10 });
    const ours = await siblings(categoryId).nextGame();
    const theirs = await siblings(categoryId).nextGame();
    // Were our game heard by them, theirs would be the other 15 exactly; drawn freely from 30, five
    // of each difficulty from ten, it shares some (no overlap at all: 1 in 252³).
    const ourIds = new Set(ours.map((q) => q.id));
    expect(theirs.filter((q) => ourIds.has(q.id)).length).toBeGreaterThan(0);
  });
});

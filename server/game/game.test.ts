import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { isCurrentGameId, newGameId } from '#shared/game-id.ts';
import { games, profiles, questionStats, questions } from '../db/schema';
import { createTestDb } from '../test/db';
import { createAccount, createCategoryRow, createProfileRow, createQuestionRows } from '../test/factories';
import { rightAnswerAt, wrongAnswerAt } from '../test/game-helpers';
import { rejection } from '../test/trpc';

const db = createTestDb();

/** A family with one profile and a category of `perAge` Kids/Teenagers/Adults questions. */
function setUp(options: { age?: number; perAge?: Partial<Record<'Kids' | 'Teenagers' | 'Adults', number>> } = {}) {
  const parent = createAccount(db);
  const profileId = createProfileRow(db, parent.userId, { age: options.age ?? 9 });
  const categoryId = createCategoryRow(db);
  const perAge = options.perAge ?? { Kids: 30 };
  for (const [ageCategory, n] of Object.entries(perAge)) {
    createQuestionRows(db, n, { categoryId, ageCategory: ageCategory as 'Kids' });
  }
  return { parent, api: parent.caller(), profileId, categoryId };
}

const profileTotals = (profileId: string) =>
  db
    .select({
      games: profiles.totalGamesPlayed,
      money: profiles.totalMoneyEarned,
      correct: profiles.totalCorrectAnswers,
    })
    .from(profiles)
    .where(eq(profiles.id, profileId))
    .get();

const storedQuestion = (text: string) =>
  db.select().from(questions).where(eq(questions.questionEn, text)).get() ??
  db.select().from(questions).where(eq(questions.questionVi, text)).get();

describe('starting a game', () => {
  it('serves 15 distinct questions of the category, easy to hard, without the right answers', async () => {
    const { api, profileId, categoryId } = setUp();
    const game = await api.game.start({ profileId, categoryId, lang: 'en' });
    expect(game).not.toBeNull();
    expect(game!.questions).toHaveLength(15);
    expect(new Set(game!.questions.map((q) => q.question)).size).toBe(15);
    // Nothing in the payload names the right answer.
    expect(JSON.stringify(game)).not.toMatch(/"correctAnswer/i);
    const stored = game!.questions.map((q) => storedQuestion(q.question)!);
    expect(stored.every((q) => q.categoryId === categoryId)).toBe(true);
    const difficulties = stored.map((q) => q.difficulty);
    expect(difficulties).toEqual([...difficulties].sort((a, b) => a - b));
    for (const [i, q] of game!.questions.entries()) {
      expect(q.answers).toHaveLength(4);
      expect([...q.answers].sort()).toEqual([...stored[i]!.answersEn].sort());
      expect(Object.keys(q).sort()).toEqual(['answers', 'imageUrl', 'lang', 'question']);
    }
  });

  it('gives a child of 8 or younger a ladder that leans on easy questions: 6 easy, 6 medium, 3 hard', async () => {
    const { api, profileId, categoryId } = setUp({ age: 7, perAge: { Kids: 60 } });
    const older = setUp({ age: 11, perAge: { Kids: 60 } });
    const difficultiesOf = async (caller: typeof api, id: string, categoryId: number) => {
      const game = await caller.game.start({ profileId: id, categoryId, lang: 'en' });
      return game!.questions.map((q) => storedQuestion(q.question)!.difficulty);
    };
    const young = await difficultiesOf(api, profileId, categoryId);
    expect(young.filter((d) => d === 1)).toHaveLength(6);
    expect(young.filter((d) => d === 3)).toHaveLength(3);
    const eleven = await difficultiesOf(older.api, older.profileId, older.categoryId);
    expect(eleven.filter((d) => d === 1)).toHaveLength(5);
    expect(eleven.filter((d) => d === 3)).toHaveLength(5);
  });

  it('takes the profile’s own age category first', async () => {
    const { api, profileId, categoryId } = setUp({ age: 15, perAge: { Kids: 20, Teenagers: 20, Adults: 20 } });
    const game = await api.game.start({ profileId, categoryId, lang: 'en' });
    const ages = game!.questions.map((q) => storedQuestion(q.question)!.ageCategory);
    expect(ages.every((a) => a === 'Teenagers')).toBe(true);
  });

  it('fills from the nearest age category when too few match', async () => {
    const { api, profileId, categoryId } = setUp({ age: 8, perAge: { Kids: 5, Teenagers: 7, Adults: 20 } });
    const game = await api.game.start({ profileId, categoryId, lang: 'en' });
    const ages = game!.questions.map((q) => storedQuestion(q.question)!.ageCategory);
    expect(ages.filter((a) => a === 'Kids')).toHaveLength(5);
    expect(ages.filter((a) => a === 'Teenagers')).toHaveLength(7);
    expect(ages.filter((a) => a === 'Adults')).toHaveLength(3);
  });

  it('serves fewer than 15 when the category has fewer, and null (no game) when it has none', async () => {
    const small = setUp({ perAge: { Kids: 4 } });
    const game = await small.api.game.start({ profileId: small.profileId, categoryId: small.categoryId, lang: 'en' });
    expect(game!.questions).toHaveLength(4);

    const empty = setUp({ perAge: {} });
    expect(
      await empty.api.game.start({ profileId: empty.profileId, categoryId: empty.categoryId, lang: 'en' }),
    ).toBeNull();
    expect(db.select().from(games).where(eq(games.profileId, empty.profileId)).all()).toEqual([]);
  });

  it('draws from every category for random', async () => {
    const { api, profileId } = setUp();
    const game = await api.game.start({ profileId, categoryId: 'random', lang: 'en' });
    expect(game!.questions).toHaveLength(15);
  });

  it('reads no category id from anything but a number: "5", ["5"], true and 1.5 are refused and start nothing', async () => {
    const { api, profileId, categoryId } = setUp();
    const before = db.select().from(games).where(eq(games.profileId, profileId)).all().length;
    for (const notAnId of [String(categoryId), [String(categoryId)], true, 1.5]) {
      const error = await rejection(api.game.start({ profileId, categoryId: notAnId as never, lang: 'en' }));
      expect(error.code, JSON.stringify(notAnId)).toBe('BAD_REQUEST');
      expect(error.message, JSON.stringify(notAnId)).toBe('errors:category.invalidChoice');
    }
    expect(db.select().from(games).where(eq(games.profileId, profileId)).all()).toHaveLength(before);
  });

  it('refuses an unknown category', async () => {
    const { api, profileId } = setUp();
    const error = await rejection(api.game.start({ profileId, categoryId: 999_999, lang: 'en' }));
    expect(error.code).toBe('NOT_FOUND');
    expect(error.message).toBe('errors:category.notFound');
  });

  it('speaks Vietnamese when asked, falling back to English where a translation is missing', async () => {
    const { api, profileId, categoryId } = setUp({ perAge: {} });
    createQuestionRows(db, 10, { categoryId, ageCategory: 'Kids' });
    createQuestionRows(db, 5, { categoryId, ageCategory: 'Kids', vi: false });
    const game = await api.game.start({ profileId, categoryId, lang: 'vi' });
    const vi = game!.questions.filter((q) => q.lang === 'vi');
    const en = game!.questions.filter((q) => q.lang === 'en');
    expect(vi).toHaveLength(10);
    expect(en).toHaveLength(5);
    expect(vi.every((q) => q.question.startsWith('Câu hỏi') && q.answers.some((a) => a.includes(' vi ')))).toBe(true);
    expect(en.every((q) => q.question.startsWith('Question') && q.answers.every((a) => a.includes(' en ')))).toBe(true);
  });

  it('avoids the questions of the profile’s recent games while others are left', async () => {
    const { api, profileId, categoryId } = setUp({ perAge: { Kids: 30 } });
    const first = await api.game.start({ profileId, categoryId, lang: 'en' });
    const second = await api.game.start({ profileId, categoryId, lang: 'en' });
    const seen = new Set(first!.questions.map((q) => q.question));
    expect(second!.questions.filter((q) => seen.has(q.question))).toEqual([]);
    // With all 30 seen, questions come back rather than running out.
    const third = await api.game.start({ profileId, categoryId, lang: 'en' });
    expect(third!.questions).toHaveLength(15);
  });

  it('avoids exactly the questions of the family’s last 10 games', async () => {
    const { api, profileId, categoryId } = setUp({ perAge: { Kids: 165 } });
    const questionsOf = async () =>
      new Set((await api.game.start({ profileId, categoryId, lang: 'en' }))!.questions.map((q) => q.question));
    const games = [];
    for (let i = 0; i < 11; i++) games.push(await questionsOf());
    // Eleven games of 15 from 165 questions: none repeats while unseen ones are left.
    expect(new Set(games.flatMap((g) => [...g])).size).toBe(165);
    // The 12th avoids games 2 to 11 (150 questions), so it is made of the first game's 15.
    expect(await questionsOf()).toEqual(games[0]);
  });

  it('ends the profile’s unfinished game as a walk-away, counted once', async () => {
    const { api, profileId, categoryId } = setUp();
    const first = await api.game.start({ profileId, categoryId, lang: 'en' });
    await api.game.answer({ gameId: first!.gameId, position: 0, answerIndex: rightAnswerAt(db, first!.gameId, 0) });
    await api.game.answer({ gameId: first!.gameId, position: 1, answerIndex: rightAnswerAt(db, first!.gameId, 1) });
    await api.game.start({ profileId, categoryId, lang: 'en' });
    expect(profileTotals(profileId)).toEqual({ games: 1, money: 200, correct: 2 });
    expect(db.select({ status: games.status }).from(games).where(eq(games.id, first!.gameId)).get()?.status).toBe(
      'abandoned',
    );
    await api.game.start({ profileId, categoryId, lang: 'en' });
    expect(profileTotals(profileId)).toEqual({ games: 2, money: 200, correct: 2 });
  });
});

describe('answering', () => {
  it('counts each pick on its question, for the player’s age group, with the pick', async () => {
    const { api, profileId, categoryId } = setUp({ age: 15, perAge: { Teenagers: 30 } });
    const game = (await api.game.start({ profileId, categoryId, lang: 'en' }))!;
    const [first, second] = game.questions as [(typeof game.questions)[0], (typeof game.questions)[0]];
    await api.game.answer({ gameId: game.gameId, position: 0, answerIndex: rightAnswerAt(db, game.gameId, 0) });
    await api.game.answer({ gameId: game.gameId, position: 1, answerIndex: wrongAnswerAt(db, game.gameId, 1) });
    const statsOf = (text: string) =>
      db
        .select({
          age: questionStats.ageCategory,
          answered: questionStats.answered,
          right: questionStats.answeredRight,
        })
        .from(questionStats)
        .where(eq(questionStats.questionId, storedQuestion(text)!.id))
        .all();
    expect(statsOf(first.question)).toEqual([{ age: 'Teenagers', answered: 1, right: 1 }]);
    expect(statsOf(second.question)).toEqual([{ age: 'Teenagers', answered: 1, right: 0 }]);
    // A pick refused (the game is over) counts nothing.
    await rejection(api.game.answer({ gameId: game.gameId, position: 2, answerIndex: 0 }));
    expect(game.questions.flatMap((q) => statsOf(q.question))).toHaveLength(2);
  });

  it('a whole game won: 1,000,000 and the totals move once', async () => {
    const { api, profileId, categoryId } = setUp();
    const game = (await api.game.start({ profileId, categoryId, lang: 'en' }))!;
    const results = [];
    for (let position = 0; position < 15; position++) {
      results.push(
        await api.game.answer({ gameId: game.gameId, position, answerIndex: rightAnswerAt(db, game.gameId, position) }),
      );
    }
    expect(results.every((r) => 'correct' in r && r.correct)).toBe(true);
    expect(results.slice(0, 14).every((r) => r.status === 'playing')).toBe(true);
    expect(results[4]).toMatchObject({ winnings: 1000, correctCount: 5 });
    expect(results[14]).toMatchObject({ status: 'won', winnings: 1_000_000, correctCount: 15 });
    expect(profileTotals(profileId)).toEqual({ games: 1, money: 1_000_000, correct: 15 });
    expect(await api.game.current({ profileId })).toBeNull();
  });

  it('a wrong pick ends the game with the amount of the last right answer and reveals the right one', async () => {
    const { api, profileId, categoryId } = setUp();
    const game = (await api.game.start({ profileId, categoryId, lang: 'en' }))!;
    for (let position = 0; position < 3; position++) {
      await api.game.answer({ gameId: game.gameId, position, answerIndex: rightAnswerAt(db, game.gameId, position) });
    }
    const wrong = wrongAnswerAt(db, game.gameId, 3);
    const result = await api.game.answer({ gameId: game.gameId, position: 3, answerIndex: wrong });
    expect(result).toEqual({
      correct: false,
      correctAnswerIndex: rightAnswerAt(db, game.gameId, 3),
      status: 'lost',
      correctCount: 3,
      winnings: 300,
    });
    // The revealed index points at the stored right answer's text.
    const stored = storedQuestion(game.questions[3]!.question)!;
    const revealed = 'correctAnswerIndex' in result ? result.correctAnswerIndex : -1;
    expect(game.questions[3]!.answers[revealed]).toBe(stored.answersEn[stored.correctAnswerIndex]);
    expect(profileTotals(profileId)).toEqual({ games: 1, money: 300, correct: 3 });
  });

  it('a first wrong pick wins nothing', async () => {
    const { api, profileId, categoryId } = setUp();
    const game = (await api.game.start({ profileId, categoryId, lang: 'en' }))!;
    const result = await api.game.answer({
      gameId: game.gameId,
      position: 0,
      answerIndex: wrongAnswerAt(db, game.gameId, 0),
    });
    expect(result).toMatchObject({ status: 'lost', winnings: 0, correctCount: 0 });
    expect(profileTotals(profileId)).toEqual({ games: 1, money: 0, correct: 0 });
  });

  it('refuses a pick sent twice, a stale pick and a pick for a finished game, changing nothing', async () => {
    const { api, profileId, categoryId } = setUp();
    const game = (await api.game.start({ profileId, categoryId, lang: 'en' }))!;
    await api.game.answer({ gameId: game.gameId, position: 0, answerIndex: rightAnswerAt(db, game.gameId, 0) });
    const twice = await rejection(api.game.answer({ gameId: game.gameId, position: 0, answerIndex: 0 }));
    expect([twice.code, twice.message]).toEqual(['CONFLICT', 'errors:game.alreadyAnswered']);
    const ahead = await rejection(api.game.answer({ gameId: game.gameId, position: 5, answerIndex: 0 }));
    expect(ahead.code).toBe('CONFLICT');
    expect(db.select().from(games).where(eq(games.id, game.gameId)).get()).toMatchObject({
      currentPosition: 1,
      correctCount: 1,
    });

    await api.game.answer({ gameId: game.gameId, position: 1, answerIndex: wrongAnswerAt(db, game.gameId, 1) });
    const over = await rejection(api.game.answer({ gameId: game.gameId, position: 2, answerIndex: 0 }));
    expect([over.code, over.message]).toEqual(['CONFLICT', 'errors:game.finished']);
    expect(profileTotals(profileId)).toEqual({ games: 1, money: 100, correct: 1 });
  });

  it('another account’s game is NOT_FOUND and untouched', async () => {
    const { api, profileId, categoryId } = setUp();
    const game = (await api.game.start({ profileId, categoryId, lang: 'en' }))!;
    const intruder = createAccount(db).caller();
    const error = await rejection(
      intruder.game.answer({ gameId: game.gameId, position: 0, answerIndex: rightAnswerAt(db, game.gameId, 0) }),
    );
    expect(error.code).toBe('NOT_FOUND');
    expect(db.select().from(games).where(eq(games.id, game.gameId)).get()).toMatchObject({
      currentPosition: 0,
      status: 'playing',
    });
  });

  it('validates its input', async () => {
    const { api } = setUp();
    for (const input of [
      { gameId: 'not-a-uuid', position: 0, answerIndex: 0 },
      { gameId: crypto.randomUUID(), position: 15, answerIndex: 0 },
      { gameId: crypto.randomUUID(), position: 0, answerIndex: 4 },
    ]) {
      expect((await rejection(api.game.answer(input))).code).toBe('BAD_REQUEST');
    }
  });
});

describe('resuming after a reload', () => {
  it('returns the same questions, answer order, position and winnings', async () => {
    const { api, profileId, categoryId } = setUp();
    const game = (await api.game.start({ profileId, categoryId, lang: 'vi' }))!;
    await api.game.answer({ gameId: game.gameId, position: 0, answerIndex: rightAnswerAt(db, game.gameId, 0) });
    await api.game.answer({ gameId: game.gameId, position: 1, answerIndex: rightAnswerAt(db, game.gameId, 1) });
    const resumed = await api.game.current({ profileId });
    expect(resumed).toEqual({ ...game, position: 2, correctCount: 2, winnings: 200 });
  });

  it('records each pick; when an admin deletes a question still ahead, resuming says so (reading only) and its end counts once', async () => {
    const { api, profileId, categoryId } = setUp();
    const game = (await api.game.start({ profileId, categoryId, lang: 'en' }))!;
    await api.game.answer({ gameId: game.gameId, position: 0, answerIndex: rightAnswerAt(db, game.gameId, 0) });
    const stored = db.select({ questions: games.questions }).from(games).where(eq(games.id, game.gameId)).get()!;
    expect(stored.questions[0]?.pickedIndex).toBe(rightAnswerAt(db, game.gameId, 0));
    expect(stored.questions.slice(1).every((q) => q.pickedIndex === null)).toBe(true);

    // An admin deletes a question this game has still to show: the history stays, the game ends.
    db.delete(questions).where(eq(questions.id, stored.questions[5]!.questionId)).run();
    // Asking where the game stands changes nothing (a query never writes)…
    expect(await api.game.current({ profileId })).toEqual({ gameId: game.gameId, status: 'interrupted' });
    expect(await api.game.current({ profileId })).toEqual({ gameId: game.gameId, status: 'interrupted' });
    expect(profileTotals(profileId)).toEqual({ games: 0, money: 0, correct: 0 });
    // …ending it is a mutation of its own, counted once.
    expect(await api.game.endInterrupted({ gameId: game.gameId })).toEqual({
      status: 'removed',
      correctCount: 1,
      winnings: 100,
    });
    expect(profileTotals(profileId)).toEqual({ games: 1, money: 100, correct: 1 });
    expect((await rejection(api.game.endInterrupted({ gameId: game.gameId }))).code).toBe('CONFLICT');
    // Once: nothing left to resume, and a late pick changes nothing.
    expect(await api.game.current({ profileId })).toBeNull();
    const late = await rejection(api.game.answer({ gameId: game.gameId, position: 1, answerIndex: 0 }));
    expect(late.code).toBe('CONFLICT');
    expect(profileTotals(profileId)).toEqual({ games: 1, money: 100, correct: 1 });
    const after = db.select().from(games).where(eq(games.id, game.gameId)).get()!;
    expect(after).toMatchObject({ status: 'abandoned', currentPosition: 1, correctCount: 1, winnings: 100 });
    expect(after.questions).toEqual(stored.questions);
  });

  it('a pick on a question deleted while it was on screen ends the game once, keeping the winnings', async () => {
    const { api, profileId, categoryId } = setUp();
    const game = (await api.game.start({ profileId, categoryId, lang: 'en' }))!;
    for (let position = 0; position < 2; position++) {
      await api.game.answer({ gameId: game.gameId, position, answerIndex: rightAnswerAt(db, game.gameId, position) });
    }
    const stored = db.select({ questions: games.questions }).from(games).where(eq(games.id, game.gameId)).get()!;
    db.delete(questions).where(eq(questions.id, stored.questions[2]!.questionId)).run();
    const result = await api.game.answer({ gameId: game.gameId, position: 2, answerIndex: 0 });
    expect(result).toEqual({ status: 'removed', correctCount: 2, winnings: 200 });
    expect(profileTotals(profileId)).toEqual({ games: 1, money: 200, correct: 2 });
    const again = await rejection(api.game.answer({ gameId: game.gameId, position: 2, answerIndex: 1 }));
    expect(again.code).toBe('CONFLICT');
    expect(profileTotals(profileId)).toEqual({ games: 1, money: 200, correct: 2 });
  });
});

describe('a lost reply, offline, a second tab: the game as the server holds it', () => {
  it('a start sent again with its game id returns the game the first one made, not a second', async () => {
    const { api, profileId, categoryId } = setUp();
    const gameId = newGameId();
    const first = await api.game.start({ profileId, categoryId, lang: 'en', gameId });
    const again = await api.game.start({ profileId, categoryId, lang: 'en', gameId });
    expect(first?.gameId).toBe(gameId);
    expect(again?.gameId).toBe(gameId);
    expect(again?.questions).toEqual(first?.questions);
    expect(db.select().from(games).where(eq(games.profileId, profileId)).all()).toHaveLength(1);
  });

  it('another game’s id is answered as an unknown one: a new game, under an id of the server’s', async () => {
    const { parent, api, profileId, categoryId } = setUp();
    const gameId = newGameId();
    const first = await api.game.start({ profileId, categoryId, lang: 'en', gameId });
    const gamesOf = (id: string) => db.select().from(games).where(eq(games.profileId, id)).all();
    const sibling = createProfileRow(db, parent.userId);
    const otherCategory = createCategoryRow(db);
    createQuestionRows(db, 15, { categoryId: otherCategory });
    const other = setUp();
    for (const [caller, start] of [
      // Another family's, another profile's of the same family, the same profile's in another category.
      [other.api, { profileId: other.profileId, categoryId, lang: 'en' as const, gameId }],
      [api, { profileId: sibling, categoryId, lang: 'en' as const, gameId }],
      [api, { profileId, categoryId: otherCategory, lang: 'en' as const, gameId }],
    ] as const) {
      const started = await caller.game.start(start);
      expect(started?.status).toBe('playing');
      expect(started?.gameId).not.toBe(gameId);
      expect(isCurrentGameId(started!.gameId)).toBe(true);
    }
    expect(gamesOf(other.profileId)).toHaveLength(1);
    expect(gamesOf(sibling)).toHaveLength(1);
    // The id still names the first game, ended only as any new start of its profile ends one.
    const kept = db.select().from(games).where(eq(games.id, gameId)).get();
    expect(kept).toMatchObject({ profileId, categoryId, status: 'abandoned', questionCount: first!.questions.length });
  });

  it('takes only a v7 id in lower case, and uses one only when it was made near the server’s clock', async () => {
    const { api, profileId, categoryId } = setUp();
    const v7 = newGameId();
    const refused = [
      '00000000-0000-0000-0000-000000000000',
      'c232ab00-9414-11ec-b3c8-9f6bdeced846', // v1
      crypto.randomUUID(), // v4
      v7.toUpperCase(),
      `{${v7}}`,
      v7.replaceAll('-', ''),
    ];
    for (const gameId of refused) {
      const error = await rejection(api.game.start({ profileId, categoryId, lang: 'en', gameId }));
      expect(error.code, gameId).toBe('BAD_REQUEST');
    }
    expect(db.select().from(games).where(eq(games.profileId, profileId)).all()).toHaveLength(0);
    const day = 24 * 60 * 60 * 1000;
    for (const gameId of [newGameId(Date.now() + 2 * day), newGameId(Date.now() - 2 * day), newGameId(2 ** 48 - 1)]) {
      const started = await api.game.start({ profileId, categoryId, lang: 'en', gameId });
      expect(started?.gameId).not.toBe(gameId);
      expect(isCurrentGameId(started!.gameId)).toBe(true);
      expect(db.select().from(games).where(eq(games.id, gameId)).get()).toBeUndefined();
    }
    // A device whose clock is hours off (the wrong time zone) keeps its id, and so its retries.
    const hoursOff = newGameId(Date.now() - 13 * 60 * 60 * 1000);
    expect((await api.game.start({ profileId, categoryId, lang: 'en', gameId: hoursOff }))?.gameId).toBe(hoursOff);
  });

  it('game.state gives the last recorded pick with its right answer, for the owner only', async () => {
    const { api, profileId, categoryId } = setUp();
    const game = (await api.game.start({ profileId, categoryId, lang: 'en' }))!;
    expect(await api.game.state({ gameId: game.gameId })).toMatchObject({
      status: 'playing',
      position: 0,
      lastPick: null,
    });
    const right = rightAnswerAt(db, game.gameId, 0);
    await api.game.answer({ gameId: game.gameId, position: 0, answerIndex: right });
    expect(await api.game.state({ gameId: game.gameId })).toMatchObject({
      status: 'playing',
      position: 1,
      correctCount: 1,
      winnings: 100,
      lastPick: { position: 0, pickedIndex: right, correctAnswerIndex: right, correct: true },
    });
    const wrong = wrongAnswerAt(db, game.gameId, 1);
    await api.game.answer({ gameId: game.gameId, position: 1, answerIndex: wrong });
    expect(await api.game.state({ gameId: game.gameId })).toMatchObject({
      status: 'lost',
      correctCount: 1,
      winnings: 100,
      lastPick: {
        position: 1,
        pickedIndex: wrong,
        correctAnswerIndex: rightAnswerAt(db, game.gameId, 1),
        correct: false,
      },
    });
    const stranger = await rejection(createAccount(db).caller().game.state({ gameId: game.gameId }));
    expect(stranger.code).toBe('NOT_FOUND');
    // Asking changes nothing.
    expect(profileTotals(profileId)).toEqual({ games: 1, money: 100, correct: 1 });
  });
});

describe('lifelines', () => {
  it('50:50 takes away two wrong answers of the current question, once a game, and a reload shows it again', async () => {
    const { api, profileId, categoryId } = setUp();
    const game = (await api.game.start({ profileId, categoryId, lang: 'en' }))!;
    expect(game.lifelines).toEqual({});
    const used = await api.game.lifeline({ gameId: game.gameId, position: 0, lifeline: 'fiftyFifty' });
    const right = rightAnswerAt(db, game.gameId, 0);
    expect(used.fiftyFifty?.position).toBe(0);
    expect(used.fiftyFifty?.removed).toHaveLength(2);
    expect(used.fiftyFifty?.removed).not.toContain(right);
    // What the client gets names no right answer: only the two taken away.
    expect(Object.keys(used)).toEqual(['fiftyFifty']);

    const again = await rejection(api.game.lifeline({ gameId: game.gameId, position: 0, lifeline: 'fiftyFifty' }));
    expect([again.code, again.message]).toEqual(['CONFLICT', 'errors:game.lifelineUsed']);
    await api.game.answer({ gameId: game.gameId, position: 0, answerIndex: right });
    const later = await rejection(api.game.lifeline({ gameId: game.gameId, position: 1, lifeline: 'fiftyFifty' }));
    expect(later.message).toBe('errors:game.lifelineUsed');

    const resumed = await api.game.current({ profileId });
    expect(resumed && 'lifelines' in resumed && resumed.lifelines).toEqual(used);
  });

  it('the audience’s poll adds up to 100 and, after 50:50 on the same question, gives the removed answers nothing', async () => {
    const { api, profileId, categoryId } = setUp();
    const game = (await api.game.start({ profileId, categoryId, lang: 'en' }))!;
    const { fiftyFifty } = await api.game.lifeline({ gameId: game.gameId, position: 0, lifeline: 'fiftyFifty' });
    const used = await api.game.lifeline({ gameId: game.gameId, position: 0, lifeline: 'audience' });
    const poll = used.audience!.poll;
    expect(used.audience!.position).toBe(0);
    expect(poll.reduce((a, b) => a + b, 0)).toBe(100);
    for (const removed of fiftyFifty!.removed) expect(poll[removed]).toBe(0);
    expect(used.fiftyFifty).toEqual(fiftyFifty);
  });

  it('Ask the family is recorded on its question; all three are independent', async () => {
    const { api, profileId, categoryId } = setUp();
    const game = (await api.game.start({ profileId, categoryId, lang: 'en' }))!;
    await api.game.answer({ gameId: game.gameId, position: 0, answerIndex: rightAnswerAt(db, game.gameId, 0) });
    const used = await api.game.lifeline({ gameId: game.gameId, position: 1, lifeline: 'family' });
    expect(used).toEqual({ family: { position: 1 } });
    const audience = await api.game.lifeline({ gameId: game.gameId, position: 1, lifeline: 'audience' });
    expect(Object.keys(audience).sort()).toEqual(['audience', 'family']);
  });

  it('refuses a stale position, a finished game, another account’s game and bad input, changing nothing', async () => {
    const { api, profileId, categoryId } = setUp();
    const game = (await api.game.start({ profileId, categoryId, lang: 'en' }))!;
    const stale = await rejection(api.game.lifeline({ gameId: game.gameId, position: 3, lifeline: 'audience' }));
    expect([stale.code, stale.message]).toEqual(['CONFLICT', 'errors:game.alreadyAnswered']);
    const stranger = await rejection(
      createAccount(db).caller().game.lifeline({ gameId: game.gameId, position: 0, lifeline: 'audience' }),
    );
    expect(stranger.code).toBe('NOT_FOUND');
    for (const input of [
      { gameId: game.gameId, position: 0, lifeline: 'phoneAFriend' },
      { gameId: game.gameId, position: -1, lifeline: 'audience' },
      { gameId: 'nope', position: 0, lifeline: 'audience' },
    ]) {
      // @ts-expect-error: invalid on purpose
      expect((await rejection(api.game.lifeline(input))).code).toBe('BAD_REQUEST');
    }
    expect(db.select().from(games).where(eq(games.id, game.gameId)).get()?.lifelines).toEqual({});

    await api.game.answer({ gameId: game.gameId, position: 0, answerIndex: wrongAnswerAt(db, game.gameId, 0) });
    const over = await rejection(api.game.lifeline({ gameId: game.gameId, position: 0, lifeline: 'audience' }));
    expect([over.code, over.message]).toEqual(['CONFLICT', 'errors:game.finished']);
    expect(profileTotals(profileId)).toEqual({ games: 1, money: 0, correct: 0 });
  });
});

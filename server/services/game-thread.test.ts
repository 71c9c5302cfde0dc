import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { games, profiles } from '../db/schema';
import { DomainError } from '../errors';
import { createTestDb } from '../test/db';
import { createAccount, createCategoryRow, createProfileRow, createQuestionRows } from '../test/factories';
import { onGameThread, startGameThread } from './game-thread';

const db = createTestDb();
const parent = createAccount(db);
const stranger = createAccount(db);
const profileId = createProfileRow(db, parent.userId, { age: 9 });
const categoryId = createCategoryRow(db);
createQuestionRows(db, 20, { categoryId });

const totalsOf = (id: string) =>
  db
    .select({ played: profiles.totalGamesPlayed, correct: profiles.totalCorrectAnswers })
    .from(profiles)
    .where(eq(profiles.id, id))
    .get();

describe('the game thread', () => {
  it('starts a game and judges its picks on its own connection; the server’s connection sees each commit', async () => {
    const errors: string[] = [];
    const thread = startGameThread(db, db.path, (message) => errors.push(message));
    try {
      const game = await onGameThread(db, 'startGame', parent.userId, { profileId, categoryId, lang: 'vi' });
      expect(game?.questions).toHaveLength(15);
      expect(game?.questions[0]?.question).toMatch(/^Câu hỏi/);
      const gameId = game?.gameId as string;
      expect(db.select({ status: games.status }).from(games).where(eq(games.id, gameId)).get()).toEqual({
        status: 'playing',
      });

      // A wrong pick ends the game; the totals move once, where the server reads them.
      const first = game?.questions[0]?.answers ?? [];
      const wrongIndex = first.findIndex((answer) => !answer.startsWith('Right'));
      const before = totalsOf(profileId);
      const pick = await onGameThread(db, 'answerQuestion', parent.userId, {
        gameId,
        position: 0,
        answerIndex: wrongIndex,
      });
      expect(pick).toMatchObject({ correct: false, status: 'lost', winnings: 0 });
      expect(totalsOf(profileId)).toEqual({ played: (before?.played ?? 0) + 1, correct: before?.correct });

      const api = await onGameThread(db, 'questionsForApi', parent.userId, { categoryId, lang: 'en' });
      expect(api).toHaveLength(15);
      expect(api.every((q) => q.answers.includes(q.correctAnswer))).toBe(true);
    } finally {
      await thread.stop();
    }
    expect(errors).toEqual([]);
  });

  it('keeps the services’ errors: another account’s profile is NOT_FOUND, a second pick a CONFLICT', async () => {
    const thread = startGameThread(db, db.path, () => {});
    try {
      const theirs = onGameThread(db, 'startGame', stranger.userId, { profileId, categoryId, lang: 'en' });
      await expect(theirs).rejects.toBeInstanceOf(DomainError);
      await expect(theirs).rejects.toMatchObject({ kind: 'NOT_FOUND', message: 'errors:profile.notFound' });

      const game = await onGameThread(db, 'startGame', parent.userId, { profileId, categoryId, lang: 'en' });
      const gameId = game?.gameId as string;
      await onGameThread(db, 'answerQuestion', parent.userId, { gameId, position: 0, answerIndex: 0 });
      const again = onGameThread(db, 'answerQuestion', parent.userId, { gameId, position: 0, answerIndex: 1 });
      await expect(again).rejects.toMatchObject({ kind: 'CONFLICT' });
    } finally {
      await thread.stop();
    }
  });

  it('without a thread, or when it cannot open the database, runs the services here and says why', async () => {
    const here = await onGameThread(db, 'startGame', parent.userId, { profileId, categoryId, lang: 'en' });
    expect(here?.questions).toHaveLength(15);

    const errors: string[] = [];
    const broken = startGameThread(db, join(db.path, '..', 'missing.db'), (message) => errors.push(message));
    await broken.stop();
    expect(errors.join(' ')).toMatch(/unable to open|does not exist|directory does not exist/i);
    const after = await onGameThread(db, 'startGame', parent.userId, { profileId, categoryId, lang: 'en' });
    expect(after?.questions).toHaveLength(15);
  });

  it('runs calls that queued up together, each on its own: a failure or a second pick changes nothing else', async () => {
    const family = Array.from({ length: 20 }, () => createProfileRow(db, parent.userId, { age: 9 }));
    const gamesBefore = db.select({ id: games.id }).from(games).all().length;
    const thread = startGameThread(db, db.path, () => {});
    try {
      // Sent at once, they wait for the thread together.
      const starts = family.map((id) =>
        onGameThread(db, 'startGame', parent.userId, { profileId: id, categoryId, lang: 'en' }),
      );
      const theirs = onGameThread(db, 'startGame', stranger.userId, {
        profileId: family[0] as string,
        categoryId,
        lang: 'en',
      });
      const started = await Promise.all(starts);
      await expect(theirs).rejects.toMatchObject({ kind: 'NOT_FOUND' });
      expect(started.every((game) => game?.questions.length === 15)).toBe(true);
      expect(db.select({ id: games.id }).from(games).all()).toHaveLength(gamesBefore + family.length);

      // Three picks of one question, queued together: the first (a wrong one) ends the game, the others are refused.
      const gameId = started[0]?.gameId as string;
      const playerId = family[0] as string;
      const shown = started[0]?.questions[0]?.answers ?? [];
      const wrong = shown.findIndex((answer) => !answer.startsWith('Right'));
      const before = totalsOf(playerId);
      const picks = [wrong, (wrong + 1) % 4, (wrong + 2) % 4].map((answerIndex) =>
        onGameThread(db, 'answerQuestion', parent.userId, { gameId, position: 0, answerIndex }),
      );
      const settled = await Promise.allSettled(picks);
      expect(settled[0]).toMatchObject({ status: 'fulfilled', value: { correct: false, status: 'lost' } });
      expect(settled.slice(1)).toMatchObject([
        { status: 'rejected', reason: { kind: 'CONFLICT' } },
        { status: 'rejected', reason: { kind: 'CONFLICT' } },
      ]);
      // The game ended once: its totals moved once.
      expect(totalsOf(playerId)).toEqual({ played: (before?.played ?? 0) + 1, correct: before?.correct });
    } finally {
      await thread.stop();
    }
  });
});

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openReadConnection } from '../db/database';
import { games, profiles } from '../db/schema';
import { DomainError } from '../errors';
import { createTestDb } from '../test/db';
import { createAccount, createCategoryRow, createProfileRow, createQuestionRows } from '../test/factories';
import { startWriter, WriterStartError } from './writer';

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

describe('the writer thread', () => {
  it('starts a game and judges its picks on its own connection; the server’s read connection sees each commit', async () => {
    const errors: string[] = [];
    const { writer, stop } = await startWriter(db.path, { onCrash: (message) => errors.push(message) });
    const reader = openReadConnection(db.path);
    try {
      const game = await writer.startGame(parent.userId, { profileId, categoryId, lang: 'vi' });
      expect(game?.questions).toHaveLength(15);
      expect(game?.questions[0]?.question).toMatch(/^Câu hỏi/);
      const gameId = game?.gameId as string;
      expect(reader.select({ status: games.status }).from(games).where(eq(games.id, gameId)).get()).toEqual({
        status: 'playing',
      });

      // A wrong pick ends the game; the totals move once, where the server reads them.
      const first = game?.questions[0]?.answers ?? [];
      const wrongIndex = first.findIndex((answer) => !answer.startsWith('Right'));
      const before = totalsOf(profileId);
      const pick = await writer.answerQuestion(parent.userId, { gameId, position: 0, answerIndex: wrongIndex });
      expect(pick).toMatchObject({ correct: false, status: 'lost', winnings: 0 });
      expect(totalsOf(profileId)).toEqual({ played: (before?.played ?? 0) + 1, correct: before?.correct });
    } finally {
      reader.$client.close();
      await stop();
    }
    expect(errors).toEqual([]);
  });

  it('keeps the services’ errors: another account’s profile is NOT_FOUND, a second pick a CONFLICT', async () => {
    const { writer, stop } = await startWriter(db.path);
    try {
      const theirs = writer.startGame(stranger.userId, { profileId, categoryId, lang: 'en' });
      await expect(theirs).rejects.toBeInstanceOf(DomainError);
      await expect(theirs).rejects.toMatchObject({ kind: 'NOT_FOUND', message: 'errors:profile.notFound' });

      const game = await writer.startGame(parent.userId, { profileId, categoryId, lang: 'en' });
      const gameId = game?.gameId as string;
      await writer.answerQuestion(parent.userId, { gameId, position: 0, answerIndex: 0 });
      const again = writer.answerQuestion(parent.userId, { gameId, position: 0, answerIndex: 1 });
      await expect(again).rejects.toMatchObject({ kind: 'CONFLICT' });
    } finally {
      await stop();
    }
  });

  it('refuses to start, saying why, when it cannot open the database', async () => {
    const notAFolder = join(db.path, '..', 'a-file');
    writeFileSync(notAFolder, 'not a folder');
    await expect(startWriter(join(notAFolder, 'quiz.db'))).rejects.toBeInstanceOf(WriterStartError);
    await expect(startWriter(join(notAFolder, 'quiz.db'))).rejects.toThrow(/EEXIST|ENOTDIR|not a directory/i);
  });

  it('is restarted after a crash: the calls it had in hand fail, the next ones succeed', async () => {
    const crashes: string[] = [];
    const thread = await startWriter(db.path, { onCrash: (message) => crashes.push(message) });
    try {
      const before = await thread.writer.startGame(parent.userId, { profileId, categoryId, lang: 'en' });
      expect(before?.questions).toHaveLength(15);

      const inHand = thread.writer.startGame(parent.userId, { profileId, categoryId, lang: 'en' });
      await thread.crash();
      await expect(inHand).rejects.toThrow(/writer thread stopped unexpectedly/);
      expect(crashes).toHaveLength(1);

      // Called while the new thread starts: queued, then served by it.
      const after = await thread.writer.startGame(parent.userId, { profileId, categoryId, lang: 'en' });
      expect(after?.questions).toHaveLength(15);
      const stored = db
        .select({ id: games.id })
        .from(games)
        .where(eq(games.id, after?.gameId as string))
        .get();
      expect(stored).toEqual({ id: after?.gameId });
    } finally {
      await thread.stop();
    }
  });

  it('runs calls that queued up together, each on its own: a failure or a second pick changes nothing else', async () => {
    const family = Array.from({ length: 20 }, () => createProfileRow(db, parent.userId, { age: 9 }));
    const gamesBefore = db.select({ id: games.id }).from(games).all().length;
    const { writer, stop } = await startWriter(db.path);
    try {
      // Sent at once, they wait for the thread together.
      const starts = family.map((id) => writer.startGame(parent.userId, { profileId: id, categoryId, lang: 'en' }));
      const theirs = writer.startGame(stranger.userId, { profileId: family[0] as string, categoryId, lang: 'en' });
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
        writer.answerQuestion(parent.userId, { gameId, position: 0, answerIndex }),
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
      await stop();
    }
  });
});

describe('the server’s read connection', () => {
  it('refuses every write, so no write ever waits on the event loop', () => {
    const reader = openReadConnection(db.path);
    try {
      expect(() => reader.update(profiles).set({ name: 'Nope' }).where(eq(profiles.id, profileId)).run()).toThrow(
        /readonly|read-only|query_only/i,
      );
      expect(reader.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, profileId)).get()).toEqual({
        id: profileId,
      });
    } finally {
      reader.$client.close();
    }
  });
});

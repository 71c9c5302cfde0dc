import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { games, profiles } from '../db/schema';
import { createTestDb } from '../test/db';
import { createAccount, createCategoryRow, createProfileRow, createQuestionRows } from '../test/factories';
import { rightAnswerAt } from '../test/game-helpers';
import { answerQuestion, startGame } from './game';

const run = promisify(execFile);
const GAMES = 50;
const PROCESSES = 4;

describe('ending games concurrently', () => {
  it(`${GAMES} games ended at once from ${PROCESSES} processes, each game twice: every increment lands, once`, async () => {
    const db = createTestDb();
    const parent = createAccount(db);
    const profileId = createProfileRow(db, parent.userId);
    const categoryId = createCategoryRow(db);
    createQuestionRows(db, 20, { categoryId });

    // 50 games, each brought to its last question with 14 right answers. Several unfinished games
    // of one profile exist side by side (two tablets), so mark each as playing again after the next start.
    const finals: { gameId: string; position: number; answerIndex: number }[] = [];
    for (let i = 0; i < GAMES; i++) {
      const game = startGame(db, parent.userId, { profileId, categoryId, lang: 'en' });
      if (!game) throw new Error('no game');
      for (let position = 0; position < 14; position++) {
        answerQuestion(db, parent.userId, {
          gameId: game.gameId,
          position,
          answerIndex: rightAnswerAt(db, game.gameId, position),
        });
      }
      finals.push({ gameId: game.gameId, position: 14, answerIndex: rightAnswerAt(db, game.gameId, 14) });
    }
    // Starting each game abandoned the one before; bring them all back to playing, totals to zero.
    for (const { gameId } of finals)
      db.update(games).set({ status: 'playing', endedAt: null }).where(eq(games.id, gameId)).run();
    db.update(profiles)
      .set({ totalGamesPlayed: 0, totalMoneyEarned: 0, totalCorrectAnswers: 0 })
      .where(eq(profiles.id, profileId))
      .run();

    const goFile = join(db.path, '..', 'go');
    const worker = join(import.meta.dirname, '..', 'test', 'end-games-worker.ts');
    // Each process gets every game, in its own order: each final answer is sent PROCESSES times at once.
    const children = Array.from({ length: PROCESSES }, (_, k) => {
      const order = finals.map((_, i) => finals[(i + k * 13) % finals.length]);
      return run(process.execPath, ['--import', 'tsx', worker, db.path, goFile, parent.userId, JSON.stringify(order)], {
        timeout: 60_000,
      });
    });
    await new Promise((resolve) => setTimeout(resolve, 1500)); // let every process open its connection
    writeFileSync(goFile, 'go');
    const tallies = (await Promise.all(children)).map(
      ({ stdout }) => JSON.parse(stdout) as { ended: number; refused: number; failed: string[] },
    );

    expect(tallies.flatMap((t) => t.failed)).toEqual([]);
    expect(tallies.reduce((sum, t) => sum + t.ended, 0)).toBe(GAMES);
    expect(tallies.reduce((sum, t) => sum + t.refused, 0)).toBe(GAMES * (PROCESSES - 1));
    const totals = db
      .select({
        games: profiles.totalGamesPlayed,
        money: profiles.totalMoneyEarned,
        correct: profiles.totalCorrectAnswers,
      })
      .from(profiles)
      .where(eq(profiles.id, profileId))
      .get();
    expect(totals).toEqual({ games: GAMES, money: GAMES * 1_000_000, correct: GAMES * 15 });
  }, 90_000);
});

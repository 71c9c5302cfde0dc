import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ladderDifficulty, QUESTIONS_PER_GAME } from '#shared/ladder.ts';
import { loadStarterBank } from '../bank/bank';
import { ENFORCED_DEPTH } from '../bank/bank-rules';
import { seedStarterBank } from '../bank/seed';
import { games, questions } from '../db/schema';
import { createTestDb } from '../test/db';
import { createAccount, createProfileRow } from '../test/factories';
import { rightAnswerAt } from '../test/game-helpers';

/** Issue 29: two children, 7 and 10, each playing Random twice a day for three weeks. */
const DAYS = 21;
const GAMES_A_DAY = 4;

describe('a family of two children playing Random twice a day each', () => {
  it('hears no question twice in 21 days, every one of its own age and rung, as far as the Kids bank goes', async () => {
    const db = createTestDb();
    seedStarterBank(db);
    // Each child's ladder (shared/ladder.ts: the 7-year-old's leans on easy questions) takes its
    // share of each Kids difficulty; the difficulty that runs out first says how many games the
    // bank holds. Its target (bank-rules.ts, BANK_DEPTH) holds the whole three weeks.
    const AGES = [7, 10];
    const ladderOf = (age: number) =>
      Array.from({ length: QUESTIONS_PER_GAME }, (_, position) => ladderDifficulty(position, QUESTIONS_PER_GAME, age));
    const kids = loadStarterBank()
      .flatMap((file) => file.questions)
      .filter((q) => q.ageCategory === 'Kids');
    const perTwoGames = (d: number) => AGES.flatMap(ladderOf).filter((x) => x === d).length;
    const gamesHeld = Math.min(
      ...[1, 2, 3].map((d) => 2 * Math.floor(kids.filter((q) => q.difficulty === d).length / perTwoGames(d))),
    );
    if (ENFORCED_DEPTH === 'target') expect(gamesHeld).toBeGreaterThanOrEqual(DAYS * GAMES_A_DAY);
    const gamesPlayed = Math.min(DAYS * GAMES_A_DAY, gamesHeld);

    const parent = createAccount(db);
    const children = AGES.map((age) => createProfileRow(db, parent.userId, { age }));
    const api = parent.caller();
    const heard: { id: number; age: string; difficulty: number }[] = [];
    for (let game = 0; game < gamesPlayed; game++) {
      const profileId = children[game % 2] as string;
      const started = await api.game.start({ profileId, categoryId: 'random', lang: game % 3 === 0 ? 'vi' : 'en' });
      if (!started) throw new Error('no game started');
      // The child answers every question right, to the million: the family hears all fifteen.
      for (let position = 0; position < started.questions.length; position++) {
        await api.game.answer({
          gameId: started.gameId,
          position,
          answerIndex: rightAnswerAt(db, started.gameId, position),
        });
      }
      const served = db.select({ questions: games.questions }).from(games).where(eq(games.id, started.gameId)).get();
      for (const { questionId } of served?.questions ?? []) {
        const row = db
          .select({ id: questions.id, age: questions.ageCategory, difficulty: questions.difficulty })
          .from(questions)
          .where(eq(questions.id, questionId))
          .get();
        if (row) heard.push(row);
      }
    }

    expect(heard).toHaveLength(gamesPlayed * 15);
    expect(new Set(heard.map((q) => q.id)).size).toBe(heard.length);
    expect(heard.filter((q) => q.age !== 'Kids')).toEqual([]);
    // Each game climbs its player's ladder: easy, then medium, then hard.
    const rungs = heard.map((q) => q.difficulty).join('');
    const expected = Array.from({ length: gamesPlayed }, (_, game) => ladderOf(AGES[game % 2] as number).join(''));
    expect(rungs).toBe(expected.join(''));
  }, 120_000);
});

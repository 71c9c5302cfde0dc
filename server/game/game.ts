import { eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { type AgeCategory, ageCategoriesByNearness, ageCategoryOf } from '#shared/age.ts';
import { isCurrentGameId, newGameId } from '#shared/game-id.ts';
import type { Language } from '#shared/i18n.ts';
import { type GameOutcome, outcomeAfterPick, winningsFor } from '#shared/ladder.ts';
import { audiencePoll, fiftyFiftyRemoval, isLifelineLeft, type UsedLifelines } from '#shared/lifelines.ts';
import type { answerInput, lifelineInput, startGameInput } from '#shared/schemas/game.ts';
import { randomPermutation, shownIndexOf } from '#shared/shuffle.ts';
import { type Db, writeTransaction } from '../db/database';
import { type GameStatus, games, questions, type ServedQuestion } from '../db/schema';
import { conflict, notFound } from '../errors';
import { heardByFamily, withGame } from '../services/family-games';
import { getOwnedProfileForGame } from '../services/profiles';
import { type QuestionRow, selectQuestions } from '../services/question-rows';
import { gameQueries } from './game-queries';
import { assertCategoryExists, type GameView, localize, shuffled, viewOf } from './game-views';

/*
 * A game played (spec §4), each write one transaction (writer): its start, a pick, a lifeline, its
 * end. How it is shown is game-views.ts's; its statements are game-queries.ts's.
 */

/**
 * Ends a game and moves its profile's totals, once: the status guard makes a second end a
 * no-op, and the totals move by atomic increments, never read-then-write (spec §4).
 * Must run inside an immediate transaction.
 */
function finishGame(
  db: Db,
  game: { id: string; profileId: string },
  status: Exclude<GameStatus, 'playing'>,
  correctCount: number,
) {
  const queries = gameQueries(db);
  const winnings = winningsFor(correctCount);
  const { changes } = queries.endGame.run({ gameId: game.id, status, correctCount, winnings, endedAt: Date.now() });
  if (changes === 0) return false;
  queries.addToTotals.run({ profileId: game.profileId, winnings, correctCount });
  return true;
}

/**
 * Starts a game for one of the account's profiles, in one immediate transaction: what the family
 * heard lately, the pick and the new game's rows agree. Other games the profile left
 * unfinished end as abandoned, keeping what they had won (a walk-away). Returns null when no
 * question matches.
 */
export function startGame(db: Db, userId: string, input: z.output<typeof startGameInput>): GameView | null {
  return writeTransaction(db, () => {
    const profile = getOwnedProfileForGame(db, userId, input.profileId);
    const categoryId = input.categoryId === 'random' ? null : input.categoryId;
    // An id far from the server's clock is not this game's to have (shared/game-id.ts): the start
    // goes on under an id of the server's.
    let gameId = input.gameId && isCurrentGameId(input.gameId) ? input.gameId : undefined;
    const made = gameId ? db.select().from(games).where(eq(games.id, gameId)).get() : undefined;
    // The same start again (its reply was lost): the game it made, not a second one.
    if (made && made.profileId === profile.id && made.categoryId === categoryId) {
      const view = viewOf(db, made);
      return view.status === 'interrupted' ? null : view;
    }
    // Any other game's id (another account's, another profile's or category's) is answered as if it
    // were unknown, so that no one learns which ids are games: a new game, under an id of the server's.
    if (made) gameId = undefined;
    assertCategoryExists(db, input.categoryId);
    const ageCategory = ageCategoryOf(profile.age);
    const recentGames = gameQueries(db).familyGames.get({ userId })?.recentGames ?? [];
    const rows = selectQuestions(
      db,
      {
        categoryId,
        ages: ageCategoriesByNearness(ageCategory),
        heard: heardByFamily(recentGames, profile.id),
        age: profile.age,
      },
      input.lang,
    );
    if (rows.length === 0) return null;
    gameQueries(db).setFamilyGames.run({
      userId,
      recentGames: JSON.stringify(
        withGame(
          recentGames,
          profile.id,
          rows.map((row) => row.id),
        ),
      ),
    });
    return recordNewGame(db, profile, { categoryId, ageCategory, lang: input.lang, gameId }, rows);
  });
}

function recordNewGame(
  db: Db,
  profile: { id: string },
  choice: { categoryId: number | null; ageCategory: AgeCategory; lang: Language; gameId?: string | undefined },
  rows: QuestionRow[],
): GameView {
  const queries = gameQueries(db);
  for (const game of queries.unfinishedGames.all({ profileId: profile.id })) {
    finishGame(db, game, 'abandoned', game.correctCount);
  }
  const gameId = choice.gameId ?? newGameId();
  const orders = rows.map(() => randomPermutation(4));
  const served: ServedQuestion[] = rows.map((row, i) => ({
    questionId: row.id,
    answerOrder: orders[i] as number[],
    pickedIndex: null,
  }));
  queries.insertGame.run({
    id: gameId,
    profileId: profile.id,
    categoryId: choice.categoryId,
    lang: choice.lang,
    ageCategory: choice.ageCategory,
    questionCount: rows.length,
    questions: served,
    createdAt: new Date(),
  });
  return {
    gameId,
    status: 'playing',
    lang: choice.lang,
    position: 0,
    correctCount: 0,
    winnings: 0,
    lifelines: {},
    questions: rows.map((row, i) => shuffled(localize(row, choice.lang), orders[i] as number[])),
  };
}

/**
 * Ends a game that cannot go on because a question it has still to show was deleted (writer):
 * as a walk-away, keeping what was won, its totals moved once like any other end.
 */
export function endInterruptedGame(db: Db, userId: string, gameId: string): RemovedQuestionEnd {
  const queries = gameQueries(db);
  return writeTransaction(db, () => {
    const game = queries.gameForPick.get({ gameId, userId });
    if (!game) throw notFound('errors:game.notFound');
    if (game.status !== 'playing') throw conflict('errors:game.finished');
    const ids = game.questions.slice(game.position).map((served) => served.questionId);
    const remaining = db.select({ id: questions.id }).from(questions).where(inArray(questions.id, ids)).all();
    if (remaining.length === ids.length) throw conflict('errors:game.notInterrupted');
    finishGame(db, game, 'abandoned', game.correctCount);
    return { status: 'removed', correctCount: game.correctCount, winnings: winningsFor(game.correctCount) };
  });
}

export type PickResult =
  | {
      correct: boolean;
      /** The shown index of the right answer, to reveal it. */
      correctAnswerIndex: number;
      status: GameOutcome;
      correctCount: number;
      winnings: number;
    }
  | RemovedQuestionEnd;

/**
 * One of the account's games, still playing, whose question awaiting a pick is at `position`: a
 * pick or a lifeline for any other (sent twice, from a stale tab, after the end) changes nothing.
 */
function gameAwaitingPickAt(db: Db, userId: string, at: { gameId: string; position: number }) {
  const game = gameQueries(db).gameForPick.get({ gameId: at.gameId, userId });
  if (!game) throw notFound('errors:game.notFound');
  if (game.status !== 'playing') throw conflict('errors:game.finished');
  if (at.position !== game.position) throw conflict('errors:game.alreadyAnswered');
  return game;
}

/**
 * Judges the pick for the current question (spec §4). Only the question awaiting a pick can be
 * answered, once: a repeated or stale pick, or a pick in a finished game, changes nothing.
 */
export function answerQuestion(db: Db, userId: string, input: z.output<typeof answerInput>): PickResult {
  const queries = gameQueries(db);
  return writeTransaction(db, () => {
    const game = gameAwaitingPickAt(db, userId, input);
    const served = game.questions[game.position];
    if (!served) throw notFound('errors:game.notFound');
    const question = queries.correctAnswer.get({ questionId: served.questionId });
    if (!question) {
      // Deleted by an admin since it was served: the game ends here, keeping what was won.
      finishGame(db, game, 'abandoned', game.correctCount);
      return { status: 'removed', correctCount: game.correctCount, winnings: winningsFor(game.correctCount) };
    }

    const correctShown = shownIndexOf(served.answerOrder, question.correctAnswerIndex);
    const correct = input.answerIndex === correctShown;
    queries.countAnswer.run({ questionId: served.questionId, ageCategory: game.ageCategory, right: correct ? 1 : 0 });
    const correctCount = game.correctCount + (correct ? 1 : 0);
    const winnings = winningsFor(correctCount);
    const status = outcomeAfterPick(game.position, game.questionCount, correct);

    // SET placeholders are not encoded (see gameQueries): the JSON goes in as text.
    const picks = JSON.stringify(
      game.questions.map((q, i) => (i === game.position ? { ...q, pickedIndex: input.answerIndex } : q)),
    );
    if (status === 'playing') {
      queries.advanceGame.run({
        gameId: game.id,
        position: game.position + 1,
        correctCount,
        winnings,
        questions: picks,
      });
    } else {
      queries.recordPicks.run({ gameId: game.id, questions: picks });
      finishGame(db, game, status, correctCount);
    }
    return { correct, correctAnswerIndex: correctShown, status, correctCount, winnings };
  });
}

/**
 * Uses a lifeline on the question awaiting a pick, once a game (spec: as on the show). The server
 * decides what it shows: the two wrong answers 50:50 takes away, the audience's poll, or the start
 * of Ask the family's countdown; all of it is stored with the game, so a reload shows it again.
 * Nothing beyond what it shows reaches the client.
 */
export function takeLifeline(db: Db, userId: string, input: z.output<typeof lifelineInput>): UsedLifelines {
  const queries = gameQueries(db);
  return writeTransaction(db, () => {
    const game = gameAwaitingPickAt(db, userId, input);
    if (!isLifelineLeft(game.lifelines, input.lifeline)) throw conflict('errors:game.lifelineUsed');
    const served = game.questions[game.position];
    const question = served && queries.correctAnswer.get({ questionId: served.questionId });
    // Deleted by an admin since it was served: the next pick ends the game (answerQuestion).
    if (!served || !question) throw notFound('errors:question.notFound');

    const correctShown = shownIndexOf(served.answerOrder, question.correctAnswerIndex);
    const position = game.position;
    const used: UsedLifelines = { ...game.lifelines };
    if (input.lifeline === 'fiftyFifty') {
      used.fiftyFifty = { position, removed: fiftyFiftyRemoval(correctShown) };
    } else if (input.lifeline === 'audience') {
      const removed = used.fiftyFifty?.position === position ? used.fiftyFifty.removed : [];
      used.audience = { position, poll: audiencePoll(correctShown, position, removed) };
    } else {
      used.family = { position };
    }
    queries.setLifelines.run({ gameId: game.id, lifelines: JSON.stringify(used) });
    return used;
  });
}

/** How a game ends when the question it waits on was deleted by an admin. */
export type RemovedQuestionEnd = { status: 'removed'; correctCount: number; winnings: number };

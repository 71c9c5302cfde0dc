import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type AgeCategory, ageCategoriesByNearness, ageCategoryOf } from '../../shared/age';
import { isCurrentGameId, newGameId } from '../../shared/game-id';
import type { Language } from '../../shared/i18n';
import { type GameOutcome, outcomeAfterPick, winningsFor } from '../../shared/ladder';
import { audiencePoll, fiftyFiftyRemoval, isLifelineLeft, type UsedLifelines } from '../../shared/lifelines';
import type { answerInput, CategoryChoice, lifelineInput, startGameInput } from '../../shared/schemas/game';
import { applyOrder, randomPermutation, shownIndexOf } from '../../shared/shuffle';
import { type Db, inTransaction, writeTransaction } from '../db/database';
import { preparedQueries } from '../db/prepared';
import {
  categories,
  type GameStatus,
  games,
  profiles,
  questionStats,
  questions,
  type ServedQuestion,
  users,
} from '../db/schema';
import { conflict, notFound } from '../errors';
import { heardByFamily, withGame } from './family-games';
import { getOwnedProfile, getOwnedProfileForGame } from './profiles';
import { loadQuestions, type QuestionRow, selectQuestions } from './question-rows';

/** Written as a literal, not bound: so SQLite can use the partial index of games being played (schema.ts). */
const isPlaying = sql`${games.status} = 'playing'`;

/** The queries of a game start and a pick, built and prepared once (see preparedQueries). */
const gameQueries = preparedQueries((db) => {
  const p = sql.placeholder;
  /** A placeholder in an UPDATE's SET, where Drizzle takes SQL but does not encode: dates go in as epoch ms, JSON as text. */
  const set = (name: string) => sql`${p(name)}`;
  return {
    category: db
      .select({ id: categories.id })
      .from(categories)
      .where(eq(categories.id, p('categoryId')))
      .prepare(),
    familyGames: db
      .select({ recentGames: users.recentGames })
      .from(users)
      .where(eq(users.id, p('userId')))
      .prepare(),
    setFamilyGames: db
      .update(users)
      .set({ recentGames: set('recentGames') })
      .where(eq(users.id, p('userId')))
      .prepare(),
    unfinishedGames: db
      .select({ id: games.id, profileId: games.profileId, correctCount: games.correctCount })
      .from(games)
      .where(and(eq(games.profileId, p('profileId')), isPlaying))
      .prepare(),
    insertGame: db
      .insert(games)
      .values({
        id: p('id'),
        profileId: p('profileId'),
        categoryId: p('categoryId'),
        lang: p('lang'),
        ageCategory: p('ageCategory'),
        questionCount: p('questionCount'),
        questions: p('questions'),
        createdAt: p('createdAt'),
      })
      .prepare(),
    gameForPick: db
      .select({
        id: games.id,
        profileId: games.profileId,
        ageCategory: games.ageCategory,
        status: games.status,
        position: games.currentPosition,
        questionCount: games.questionCount,
        correctCount: games.correctCount,
        questions: games.questions,
        lifelines: games.lifelines,
      })
      .from(games)
      .where(
        and(
          eq(games.id, p('gameId')),
          // The account's own games only; a subquery, not a join (see the note on joins in db/prepared.ts).
          inArray(
            games.profileId,
            db
              .select({ id: profiles.id })
              .from(profiles)
              .where(eq(profiles.userId, p('userId'))),
          ),
        ),
      )
      .prepare(),
    correctAnswer: db
      .select({ correctAnswerIndex: questions.correctAnswerIndex })
      .from(questions)
      .where(eq(questions.id, p('questionId')))
      .prepare(),
    countAnswer: db
      .insert(questionStats)
      .values({ questionId: p('questionId'), ageCategory: p('ageCategory'), answered: 1, answeredRight: p('right') })
      .onConflictDoUpdate({
        target: [questionStats.questionId, questionStats.ageCategory],
        set: {
          answered: sql`${questionStats.answered} + 1`,
          answeredRight: sql`${questionStats.answeredRight} + excluded.answered_right`,
        },
      })
      .prepare(),
    advanceGame: db
      .update(games)
      .set({
        currentPosition: set('position'),
        correctCount: set('correctCount'),
        winnings: set('winnings'),
        questions: set('questions'),
      })
      .where(eq(games.id, p('gameId')))
      .prepare(),
    setLifelines: db
      .update(games)
      .set({ lifelines: set('lifelines') })
      .where(eq(games.id, p('gameId')))
      .prepare(),
    /** A game's last pick, on the game that ends with it (the rest of the end is endGame's). */
    recordPicks: db
      .update(games)
      .set({ questions: set('questions') })
      .where(eq(games.id, p('gameId')))
      .prepare(),
    endGame: db
      .update(games)
      .set({
        status: set('status'),
        correctCount: set('correctCount'),
        winnings: set('winnings'),
        endedAt: set('endedAt'),
      })
      .where(and(eq(games.id, p('gameId')), eq(games.status, 'playing')))
      .prepare(),
    addToTotals: db
      .update(profiles)
      .set({
        totalGamesPlayed: sql`${profiles.totalGamesPlayed} + 1`,
        totalMoneyEarned: sql`${profiles.totalMoneyEarned} + ${p('winnings')}`,
        totalCorrectAnswers: sql`${profiles.totalCorrectAnswers} + ${p('correctCount')}`,
      })
      .where(eq(profiles.id, p('profileId')))
      .prepare(),
  };
});

export type LocalizedQuestion = { lang: Language; question: string; answers: string[]; imageUrl: string | null };

/** The question in the wanted language, in English where no complete translation exists. */
export function localize(row: QuestionRow, lang: Language): LocalizedQuestion {
  const useVi = lang === 'vi' && row.questionVi && row.answersVi?.length === 4;
  return {
    lang: useVi ? 'vi' : 'en',
    question: useVi ? (row.questionVi as string) : row.questionEn,
    answers: useVi ? (row.answersVi as string[]) : row.answersEn,
    imageUrl: row.imageUrl || null,
  };
}

function assertCategoryExists(db: Db, categoryId: CategoryChoice) {
  if (categoryId === 'random') return;
  if (!gameQueries(db).category.get({ categoryId })) throw notFound('errors:category.notFound');
}

export type GameView = {
  gameId: string;
  status: GameStatus;
  lang: Language;
  position: number;
  correctCount: number;
  winnings: number;
  questions: LocalizedQuestion[];
  lifelines: UsedLifelines;
};

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

function shuffled(question: LocalizedQuestion, order: number[]): LocalizedQuestion {
  return { ...question, answers: applyOrder(question.answers, order) };
}

/** A game in progress one of whose questions (from the current one on) was deleted by an admin. */
export type InterruptedGame = { gameId: string; status: 'interrupted' };

/**
 * The profile's unfinished game, to resume after a reload; null when there is none. When a
 * question it has still to show was deleted since, it cannot go on: the caller ends it
 * (endInterruptedGame).
 */
export function currentGame(db: Db, userId: string, profileId: string): GameView | InterruptedGame | null {
  return inTransaction(db, () => currentGameOf(db, userId, profileId));
}

function currentGameOf(db: Db, userId: string, profileId: string): GameView | InterruptedGame | null {
  getOwnedProfile(db, userId, profileId);
  const game = db
    .select()
    .from(games)
    .where(and(eq(games.profileId, profileId), isPlaying))
    .orderBy(desc(games.createdAt))
    .get();
  return game ? viewOf(db, game) : null;
}

type GameRow = typeof games.$inferSelect;

/**
 * The game as a player resumes it (in `lang`, by default the one it was started in: the answers
 * keep their order in either), or `interrupted` when a question it has still to show was deleted.
 */
function viewOf(db: Db, game: GameRow, lang: Language = game.lang): GameView | InterruptedGame {
  const rows = loadQuestions(
    db,
    game.questions.map((served) => served.questionId),
    lang,
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  const ahead = game.status === 'playing' ? game.questions.slice(game.currentPosition) : [];
  if (ahead.some((served) => !byId.has(served.questionId))) return { gameId: game.id, status: 'interrupted' };
  return {
    gameId: game.id,
    status: game.status,
    lang,
    position: game.currentPosition,
    correctCount: game.correctCount,
    winnings: game.winnings,
    lifelines: game.lifelines,
    questions: game.questions.map((served) => {
      const row = byId.get(served.questionId);
      // Answered already and deleted since: nothing left to show of it, and nothing needs it.
      if (!row) return { lang, question: '', answers: ['', '', '', ''], imageUrl: null };
      return shuffled(localize(row, lang), served.answerOrder);
    }),
  };
}

/** One of the account's games as it was served, whatever its status (NOT_FOUND for another account's). */
export function gameById(db: Db, userId: string, gameId: string, lang?: Language): GameView | InterruptedGame {
  return inTransaction(db, () => {
    const owned = gameQueries(db).gameForPick.get({ gameId, userId });
    const game = owned && db.select().from(games).where(eq(games.id, owned.id)).get();
    if (!game) throw notFound('errors:game.notFound');
    return viewOf(db, game, lang);
  });
}

/** The last pick the server recorded in a game: what to show again when its answer was lost. */
export type RecordedPick = {
  position: number;
  pickedIndex: number;
  correctAnswerIndex: number | null;
  correct: boolean;
};

/**
 * Where one of the account's games stands, read-only (NOT_FOUND for another account's): its
 * status, position, totals and last recorded pick with the right answer revealed. A client that
 * lost an answer's reply, or was offline, or is a stale second tab asks this, and shows exactly
 * what the server holds.
 */
export function gameState(db: Db, userId: string, gameId: string) {
  return inTransaction(db, () => {
    const game = gameQueries(db).gameForPick.get({ gameId, userId });
    if (!game) throw notFound('errors:game.notFound');
    const picked = game.questions
      .map((served, position) => ({ served, position }))
      .filter((q) => q.served.pickedIndex !== null);
    const last = picked.at(-1);
    let lastPick: RecordedPick | null = null;
    if (last) {
      const question = gameQueries(db).correctAnswer.get({ questionId: last.served.questionId });
      const correctAnswerIndex = question ? shownIndexOf(last.served.answerOrder, question.correctAnswerIndex) : null;
      lastPick = {
        position: last.position,
        pickedIndex: last.served.pickedIndex as number,
        correctAnswerIndex,
        correct: correctAnswerIndex === last.served.pickedIndex,
      };
    }
    return {
      gameId: game.id,
      status: game.status,
      position: game.position,
      correctCount: game.correctCount,
      winnings: winningsFor(game.correctCount),
      lastPick,
    };
  });
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

/** How a game ends when the question it waits on was deleted by an admin. */
export type RemovedQuestionEnd = { status: 'removed'; correctCount: number; winnings: number };

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

export type ApiQuestion = { question: string; answers: string[]; correctAnswer: string; imageUrl: string | null };

/**
 * Spec §7 POST /api/start-game: questions with the right answer's text, for API clients. With a
 * profile of the caller's, its age category chooses; without one, every age is eligible.
 */
export function questionsForApi(
  db: Db,
  userId: string,
  input: { categoryId: CategoryChoice; lang: Language; profileId?: string | undefined },
): ApiQuestion[] {
  const rows = inTransaction(db, () => {
    const profile = input.profileId ? getOwnedProfile(db, userId, input.profileId) : null;
    assertCategoryExists(db, input.categoryId);
    const recentGames = profile ? (gameQueries(db).familyGames.get({ userId })?.recentGames ?? []) : [];
    return selectQuestions(
      db,
      {
        categoryId: input.categoryId === 'random' ? null : input.categoryId,
        ages: profile ? ageCategoriesByNearness(ageCategoryOf(profile.age)) : 'any',
        heard: profile ? heardByFamily(recentGames, profile.id) : new Map(),
      },
      input.lang,
    );
  });
  return rows.map((row) => {
    const order = randomPermutation(4);
    const localized = shuffled(localize(row, input.lang), order);
    const correctAnswer = localized.answers[shownIndexOf(order, row.correctAnswerIndex)] as string;
    return { question: localized.question, answers: localized.answers, correctAnswer, imageUrl: localized.imageUrl };
  });
}

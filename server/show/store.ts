import { and, asc, eq, sql } from 'drizzle-orm';
import { type Db, inTransaction } from '../db/database';
import { preparedQueries } from '../db/prepared';
import { showAnswers, showPlayers, showQuestions, shows } from '../db/schema';
import { notFound } from '../errors';

/**
 * The family show's rows as its operations (the writer) and its streams (the main thread, at
 * every change of every show) read them, prepared once. Each reads one table by an index
 * (server/services/query-plans.test.ts).
 */
const p = sql.placeholder;

export const playerColumns = {
  id: showPlayers.id,
  showId: showPlayers.showId,
  profileId: showPlayers.profileId,
  name: showPlayers.name,
  avatar: showPlayers.avatar,
  ageGroup: showPlayers.ageGroup,
  firstPosition: showPlayers.firstPosition,
  correctCount: showPlayers.correctCount,
  rightAnswerMs: showPlayers.rightAnswerMs,
};

export const showStore = preparedQueries((db) => ({
  show: db
    .select()
    .from(shows)
    .where(eq(shows.id, p('showId')))
    .prepare(),
  showByCode: db
    .select()
    .from(shows)
    .where(eq(shows.code, p('code')))
    .prepare(),
  showsOfHost: db
    .select({ id: shows.id, status: shows.status })
    .from(shows)
    .where(eq(shows.hostUserId, p('userId')))
    .prepare(),
  version: db
    .select({ version: shows.version })
    .from(shows)
    .where(eq(shows.id, p('showId')))
    .prepare(),
  /** Every change moves the version on: what wakes the streams to read again. */
  bump: db
    .update(shows)
    .set({ version: sql`${shows.version} + 1` })
    .where(eq(shows.id, p('showId')))
    .returning({ version: shows.version })
    .prepare(),
  players: db
    .select(playerColumns)
    .from(showPlayers)
    .where(eq(showPlayers.showId, p('showId')))
    .orderBy(asc(showPlayers.joinedAt))
    .prepare(),
  playerByToken: db
    .select(playerColumns)
    .from(showPlayers)
    .where(eq(showPlayers.tokenHash, p('tokenHash')))
    .prepare(),
  question: db
    .select()
    .from(showQuestions)
    .where(and(eq(showQuestions.showId, p('showId')), eq(showQuestions.position, p('position'))))
    .prepare(),
  answers: db
    .select({ playerId: showAnswers.playerId, answerIndex: showAnswers.answerIndex, elapsedMs: showAnswers.elapsedMs })
    .from(showAnswers)
    .where(and(eq(showAnswers.showId, p('showId')), eq(showAnswers.position, p('position'))))
    .prepare(),
  answerOf: db
    .select({ answerIndex: showAnswers.answerIndex })
    .from(showAnswers)
    .where(and(eq(showAnswers.playerId, p('playerId')), eq(showAnswers.position, p('position'))))
    .prepare(),
  insertAnswer: db
    .insert(showAnswers)
    .values({
      playerId: p('playerId'),
      showId: p('showId'),
      position: p('position'),
      answerIndex: p('answerIndex'),
      elapsedMs: p('elapsedMs'),
    })
    .onConflictDoNothing()
    .prepare(),
}));

export type ShowRow = typeof shows.$inferSelect;
export type PlayerRow = ReturnType<ReturnType<typeof showStore>['players']['all']>[number];
export type QuestionRow = typeof showQuestions.$inferSelect;

/** Everything a show's snapshots are made of, at one version. */
export type ShowState = {
  show: ShowRow;
  players: PlayerRow[];
  /** The question on screen (null in the lobby). */
  question: QuestionRow | null;
  /** The answers to it so far. */
  answers: { playerId: string; answerIndex: number }[];
};

/** The show's state as `db` sees it now (null: no such show). */
export function readShowState(db: Db, showId: string): ShowState | null {
  return inTransaction(db, () => {
    const store = showStore(db);
    const show = store.show.get({ showId });
    if (!show) return null;
    const position = show.position;
    return {
      show,
      players: store.players.all({ showId }),
      question: position >= 0 ? (store.question.get({ showId, position }) ?? null) : null,
      answers:
        position >= 0
          ? store.answers.all({ showId, position }).map(({ playerId, answerIndex }) => ({ playerId, answerIndex }))
          : [],
    };
  });
}

/** Moves the show's version on (inside the operation's transaction); its new version. */
export function bumpVersion(db: Db, showId: string): number {
  const bumped = showStore(db).bump.get({ showId });
  if (!bumped) throw new Error(`no show ${showId}`);
  return bumped.version;
}

/**
 * The operation's change, at the end of its transaction: the version moved on, and the show's
 * state as written, which the main thread keeps for the show's screens (state.ts) instead of
 * reading it back (the writer's connection has the pages at hand; a reader's cache starts cold
 * after every write).
 */
export function changeOf(db: Db, showId: string): ShowChange {
  const version = bumpVersion(db, showId);
  return { showId, version, state: readShowState(db, showId) };
}

/** The show `userId` hosts (another account's, or none: NOT_FOUND, which tells nothing). */
export function hostedShow(db: Db, userId: string, showId: string): ShowRow {
  const show = showStore(db).show.get({ showId });
  if (!show || show.hostUserId !== userId) throw notFound('errors:show.notFound');
  return show;
}

/** The player a join token's hash names (NOT_FOUND errors:show.notJoined for none). */
export function playerOfToken(db: Db, tokenHash: string): PlayerRow {
  const player = showStore(db).playerByToken.get({ tokenHash });
  if (!player) throw notFound('errors:show.notJoined');
  return player;
}

/**
 * What an operation tells the main thread: which show changed, its version now (null: deleted)
 * and, when it was read at the end of the write, its state at that version.
 */
export type ShowChange = { showId: string; version: number | null; state?: ShowState | null };

import { eq, sql } from 'drizzle-orm';
import { type Db, writeTransaction } from '../db/database';
import { showPlayers, shows } from '../db/schema';
import { beginQuestion } from './questions';
import { recordShowResults } from './results';
import { changeOf, hostedShow, type ShowChange, type ShowRow, showStore } from './store';

/**
 * A show from question to question, to its podium and away (writer operations, each one
 * transaction). Each is guarded by the state it expects, so the same step asked twice (a double
 * press, a timer and the last answer together, a restart) happens once; null: nothing changed.
 */

/** The question's answers close: each right one climbs its player a rung (shared/show.ts). */
export function revealShowQuestion(db: Db, showId: string, position: number): ShowChange | null {
  return writeTransaction(db, () => {
    const store = showStore(db);
    const show = store.show.get({ showId });
    if (show?.status !== 'question' || show.position !== position) return null;
    const question = store.question.get({ showId, position });
    for (const answer of store.answers.all({ showId, position })) {
      if (answer.answerIndex !== question?.correctIndex) continue;
      db.update(showPlayers)
        .set({
          correctCount: sql`${showPlayers.correctCount} + 1`,
          rightAnswerMs: sql`${showPlayers.rightAnswerMs} + ${answer.elapsedMs}`,
        })
        .where(eq(showPlayers.id, answer.playerId))
        .run();
    }
    db.update(shows).set({ status: 'reveal', deadline: null }).where(eq(shows.id, showId)).run();
    return changeOf(db, showId);
  });
}

/** The host's Next after question `position`'s reveal: the next question, or the podium after the last. */
export function nextShowQuestion(
  db: Db,
  userId: string,
  showId: string,
  position: number,
  now = Date.now(),
): ShowChange | null {
  return writeTransaction(db, () => {
    const show = hostedShow(db, userId, showId);
    if (show.status !== 'reveal' || show.position !== position) return null;
    if (position + 1 < show.questionCount) beginQuestion(db, showId, position + 1, now);
    else finish(db, show, now);
    return changeOf(db, showId);
  });
}

/** To the podium, whatever the show was doing: the results recorded, the room code freed. */
function finish(db: Db, show: ShowRow, now: number): boolean {
  if (show.status === 'podium') return false;
  recordShowResults(db, show, now);
  db.update(shows)
    .set({ status: 'podium', code: null, deadline: null, endedAt: now })
    .where(eq(shows.id, show.id))
    .run();
  return true;
}

/** The host ends the show now (a question on screen is not scored). */
export function endShow(db: Db, userId: string, showId: string, now = Date.now()): ShowChange | null {
  return writeTransaction(db, () => {
    const show = hostedShow(db, userId, showId);
    return finish(db, show, now) ? changeOf(db, showId) : null;
  });
}

/** Ended by its timer: its host has been away too long (runtime.ts says when). */
export function endUnattendedShow(db: Db, showId: string, now = Date.now()): ShowChange | null {
  return writeTransaction(db, () => {
    const show = showStore(db).show.get({ showId });
    return show && finish(db, show, now) ? changeOf(db, showId) : null;
  });
}

/** The host closes the show: ended first if it was not, then deleted with its guests. */
export function closeShow(db: Db, userId: string, showId: string, now = Date.now()): ShowChange {
  return writeTransaction(db, () => {
    finish(db, hostedShow(db, userId, showId), now);
    db.delete(shows).where(eq(shows.id, showId)).run();
    return { showId, version: null };
  });
}

/** Deleted by its timer once its podium has been shown a while. */
export function closeFinishedShow(db: Db, showId: string): ShowChange | null {
  return writeTransaction(db, () => {
    const { changes } = db.delete(shows).where(sql`${shows.id} = ${showId} AND ${shows.status} = 'podium'`).run();
    return changes > 0 ? { showId, version: null } : null;
  });
}

import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { CategoryChoice } from '#shared/schemas/game.ts';
import type { ConfigureShowInput, CreateShowInput } from '#shared/schemas/show.ts';
import { type Db, writeTransaction } from '../db/database';
import { categories, showPlayers, shows } from '../db/schema';
import { conflict, notFound } from '../errors';
import { newRoomCode } from './codes';
import { beginQuestion, pickShowQuestions } from './questions';
import { changeOf, hostedShow, type ShowChange, showStore } from './store';

/**
 * The host's work before the first question (writer operations, each one transaction): open a
 * room, change its settings, remove a player, start. Each returns the change it made, for the
 * main thread to wake the show's screens (server/show/runtime.ts).
 */

function assertCategory(db: Db, categoryId: CategoryChoice | undefined) {
  if (categoryId === undefined || categoryId === 'random') return;
  if (!db.select({ id: categories.id }).from(categories).where(eq(categories.id, categoryId)).get()) {
    throw notFound('errors:category.notFound');
  }
}

/**
 * A new show in its lobby, with a room code no live show holds. One show an account at a time:
 * CONFLICT while another is being played; one at its podium is closed now (its guests deleted).
 */
export function createShow(
  db: Db,
  userId: string,
  input: CreateShowInput,
  now = Date.now(),
): ShowChange & { code: string; closed: string[] } {
  return writeTransaction(db, () => {
    const existing = showStore(db).showsOfHost.all({ userId });
    if (existing.some((show) => show.status !== 'podium')) throw conflict('errors:show.alreadyHosting');
    assertCategory(db, input.categoryId);
    for (const old of existing) db.delete(shows).where(eq(shows.id, old.id)).run();
    const code = newRoomCode((taken) => showStore(db).showByCode.get({ code: taken }) !== undefined);
    const showId = randomUUID();
    db.insert(shows)
      .values({
        id: showId,
        hostUserId: userId,
        code,
        categoryId: input.categoryId === 'random' ? null : input.categoryId,
        questionCount: input.questionCount,
        lang: input.lang,
        ageChoice: input.ageGroup,
        createdAt: now,
      })
      .run();
    return { showId, version: 1, code, closed: existing.map((show) => show.id) };
  });
}

/** New settings, while the room is open (CONFLICT errors:show.started after). */
export function configureShow(db: Db, userId: string, input: ConfigureShowInput): ShowChange {
  return writeTransaction(db, () => {
    const show = hostedShow(db, userId, input.showId);
    if (show.status !== 'lobby') throw conflict('errors:show.started');
    assertCategory(db, input.categoryId);
    const changes = Object.fromEntries(
      Object.entries({
        categoryId: input.categoryId === 'random' ? null : input.categoryId,
        questionCount: input.questionCount,
        lang: input.lang,
        ageChoice: input.ageGroup,
      }).filter(([, value]) => value !== undefined),
    );
    if (Object.keys(changes).length > 0) db.update(shows).set(changes).where(eq(shows.id, show.id)).run();
    return changeOf(db, show.id);
  });
}

/** A player out of the show (its phone is told: server/show/streams.ts); NOT_FOUND when not in it. */
export function removeShowPlayer(db: Db, userId: string, showId: string, playerId: string): ShowChange {
  return writeTransaction(db, () => {
    hostedShow(db, userId, showId);
    const { changes } = db
      .delete(showPlayers)
      .where(and(eq(showPlayers.id, playerId), eq(showPlayers.showId, showId)))
      .run();
    if (changes === 0) throw notFound('errors:show.playerNotFound');
    return changeOf(db, showId);
  });
}

/**
 * The first question: the show's questions picked for its age group (the youngest player's
 * unless the host chose one), easy to hard, avoiding what the family heard lately.
 */
export function startShow(db: Db, userId: string, showId: string, now = Date.now()): ShowChange {
  return writeTransaction(db, () => {
    const show = hostedShow(db, userId, showId);
    if (show.status !== 'lobby') throw conflict('errors:show.started');
    const players = showStore(db).players.all({ showId });
    if (players.length === 0) throw conflict('errors:show.noPlayers');
    pickShowQuestions(db, show, players);
    beginQuestion(db, showId, 0, now);
    return changeOf(db, showId);
  });
}

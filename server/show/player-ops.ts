import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { ageCategoryOf } from '#shared/age.ts';
import type { AnswerShowInput, JoinShowInput } from '#shared/schemas/show.ts';
import { ANSWER_GRACE_MS, MAX_SHOW_PLAYERS } from '#shared/show.ts';
import { type Db, writeTransaction } from '../db/database';
import { showPlayers } from '../db/schema';
import { conflict, notFound } from '../errors';
import { CODE_NOT_FOUND } from '../rate-limits';
import { getOwnedProfile } from '../services/profiles';
import { changeOf, playerOfToken, type ShowChange, showStore } from './store';

/**
 * A phone's part (writer operations): joining by room code, answering, leaving. The phone is its
 * join token, of which these see only the hash (server/show/runtime.ts makes the token).
 */

/**
 * A new player, as one of the host account's profiles (the phone is signed into it) or as a
 * guest; a profile already in comes back as the same player, its token replaced. Joining after
 * the start enters at the next question. At most MAX_SHOW_PLAYERS (CONFLICT errors:show.full).
 */
export function joinShow(
  db: Db,
  userId: string | null,
  input: JoinShowInput,
  tokenHash: string,
  now = Date.now(),
): ShowChange & { playerId: string } {
  return writeTransaction(db, () => {
    const store = showStore(db);
    const show = store.showByCode.get({ code: input.code });
    if (!show) throw notFound(CODE_NOT_FOUND);
    const players = store.players.all({ showId: show.id });
    let player: {
      name: string;
      avatar: (typeof showPlayers.$inferInsert)['avatar'];
      ageGroup: ReturnType<typeof ageCategoryOf>;
    };
    let profileId: string | null = null;
    if ('profileId' in input.as) {
      // Only the host's own family joins by profile; any other phone is a guest.
      if (userId !== show.hostUserId) throw notFound('errors:profile.notFound');
      const profile = getOwnedProfile(db, userId, input.as.profileId);
      const already = players.find((p) => p.profileId === profile.id);
      if (already) {
        db.update(showPlayers).set({ tokenHash }).where(eq(showPlayers.id, already.id)).run();
        return { ...changeOf(db, show.id), playerId: already.id };
      }
      profileId = profile.id;
      player = {
        name: profile.name,
        avatar: profile.avatar as typeof player.avatar,
        ageGroup: ageCategoryOf(profile.age),
      };
    } else {
      player = input.as.guest;
    }
    if (players.length >= MAX_SHOW_PLAYERS) throw conflict('errors:show.full');
    const playerId = randomUUID();
    db.insert(showPlayers)
      .values({
        id: playerId,
        showId: show.id,
        profileId,
        ...player,
        tokenHash,
        firstPosition: show.status === 'lobby' ? 0 : show.position + 1,
        joinedAt: now,
      })
      .run();
    return { ...changeOf(db, show.id), playerId };
  });
}

/**
 * The player's answer to the question on screen, recorded once: a second tap, a resent request
 * or one sent again after a reconnect finds the first and changes nothing. CONFLICT
 * errors:show.notAsked for a question not open (or one the player came in after).
 */
export function answerShow(
  db: Db,
  tokenHash: string,
  input: AnswerShowInput,
  now = Date.now(),
): ShowChange & { playerId: string; position: number; answerIndex: number; recorded: boolean } {
  return writeTransaction(db, () => {
    const store = showStore(db);
    const player = playerOfToken(db, tokenHash);
    const given = store.answerOf.get({ playerId: player.id, position: input.position });
    if (given)
      return {
        showId: player.showId,
        playerId: player.id,
        version: null,
        position: input.position,
        answerIndex: given.answerIndex,
        recorded: false,
      };
    const show = store.show.get({ showId: player.showId });
    const open =
      show?.status === 'question' &&
      show.position === input.position &&
      player.firstPosition <= input.position &&
      show.deadline !== null &&
      now <= show.deadline + ANSWER_GRACE_MS;
    if (!open || show.questionStartedAt === null || show.deadline === null) throw conflict('errors:show.notAsked');
    const elapsedMs = Math.max(0, Math.min(now, show.deadline) - show.questionStartedAt);
    store.insertAnswer.run({
      playerId: player.id,
      showId: show.id,
      position: input.position,
      answerIndex: input.answerIndex,
      elapsedMs,
    });
    return { ...changeOf(db, show.id), playerId: player.id, ...input, recorded: true };
  });
}

/** The player out of the show, nothing of it kept. */
export function leaveShow(db: Db, tokenHash: string): ShowChange {
  return writeTransaction(db, () => {
    const player = playerOfToken(db, tokenHash);
    db.delete(showPlayers).where(eq(showPlayers.id, player.id)).run();
    return changeOf(db, player.showId);
  });
}

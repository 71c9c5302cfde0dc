import { MAX_SHOW_PLAYERS } from '#shared/show.ts';
import type { JoinedShow, ShowLookup } from '#shared/show-views.ts';
import { hashToken } from '../auth/session';
import { type Db, inTransaction } from '../db/database';
import { notFound } from '../errors';
import { CODE_NOT_FOUND } from '../rate-limits';
import { listProfiles } from '../services/profiles';
import { type PlayerRow, type QuestionRow, type ShowRow, showStore } from './store';

/**
 * The family show as its screens read it, on the server's read connection: a GET never writes
 * (server/http/read-only.test.ts), and the streams read here at every change.
 */

/** Everything a show's snapshots are made of, at one version. */
export type ShowState = {
  show: ShowRow;
  players: PlayerRow[];
  /** The question on screen (null in the lobby). */
  question: QuestionRow | null;
  /** The answers to it so far. */
  answers: { playerId: string; answerIndex: number }[];
};

/**
 * Reads a show's state, once a version: the screens of a show woken by one change (the TV and up
 * to 12 phones) share one read. Null once the show is deleted.
 */
export function createShowStates(db: Db) {
  const cache = new Map<string, ShowState>();
  return {
    load(showId: string): ShowState | null {
      return inTransaction(db, () => {
        const store = showStore(db);
        const show = store.show.get({ showId });
        if (!show) {
          cache.delete(showId);
          return null;
        }
        const cached = cache.get(showId);
        if (cached && cached.show.version === show.version) return cached;
        const position = show.position;
        const state: ShowState = {
          show,
          players: store.players.all({ showId }),
          question: position >= 0 ? (store.question.get({ showId, position }) ?? null) : null,
          answers: position >= 0 ? store.answers.all({ showId, position }) : [],
        };
        cache.set(showId, state);
        return state;
      });
    },
    forget(showId: string) {
      cache.delete(showId);
    },
  };
}
export type ShowStates = ReturnType<typeof createShowStates>;

/** The account's show (at most one: show.create closes an ended one), to resume after the TV reloads. */
export function currentShow(db: Db, userId: string): { showId: string } | null {
  const [show] = showStore(db).showsOfHost.all({ userId });
  return show ? { showId: show.id } : null;
}

/** What a room code opens to, before joining (NOT_FOUND errors:show.codeNotFound for none). */
export function lookupShow(db: Db, userId: string | null, code: string): ShowLookup {
  return inTransaction(db, () => {
    const store = showStore(db);
    const show = store.showByCode.get({ code });
    if (!show) throw notFound(CODE_NOT_FOUND);
    const players = store.players.all({ showId: show.id });
    const joined = new Set(players.map((player) => player.profileId));
    return {
      status: show.status,
      lang: show.lang,
      players: players.length,
      full: players.length >= MAX_SHOW_PLAYERS,
      profiles:
        userId === show.hostUserId
          ? listProfiles(db, userId).map((profile) => ({
              profileId: profile.id,
              name: profile.name,
              avatar: profile.avatar as NonNullable<ShowLookup['profiles']>[number]['avatar'],
              age: profile.age,
              joined: joined.has(profile.id),
            }))
          : null,
    };
  });
}

/** The player a phone's join token names, or null (none, or its show is over). */
export function joinedShow(db: Db, token: string | null): JoinedShow | null {
  if (!token) return null;
  const player = showStore(db).playerByToken.get({ tokenHash: hashToken(token) });
  return player ? { showId: player.showId, playerId: player.id } : null;
}

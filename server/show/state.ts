import { MAX_SHOW_PLAYERS } from '#shared/show.ts';
import type { JoinedShow, ShowLookup } from '#shared/show-views.ts';
import { hashToken } from '../auth/session';
import { type Db, inTransaction } from '../db/database';
import { notFound } from '../errors';
import { CODE_NOT_FOUND } from '../rate-limits';
import { listProfiles } from '../services/profiles';
import { readShowState, type ShowChange, type ShowState, showStore } from './store';

/**
 * The family show as its screens read it, on the server's read connection: a GET never writes
 * (server/http/read-only.test.ts); the streams' state is kept here between changes.
 */

/**
 * A show's state for its screens, in memory: the screens of a show woken by one change (the TV
 * and up to 12 phones), its timer and the check for everyone having answered share it. Every change
 * of a show is a write its runtime makes and then tells of (`changed`, with the version written
 * and the state the write left), so what is kept stands until then and a woken stream reads no
 * database. A show not kept (after a restart, say) is read on the server's read connection. (A
 * show's streams and writes are on the primary: docs/decisions/family-show.md.)
 */
export function createShowStates(db: Db) {
  const kept = new Map<string, ShowState>();
  return {
    /** The show's state (null once it is deleted). */
    load(showId: string): ShowState | null {
      const state = kept.get(showId) ?? readShowState(db, showId);
      if (state) kept.set(showId, state);
      return state;
    },
    /**
     * The show changed to `version` (null: deleted, or not known) and, if the write read it, to
     * `state`: kept, unless what is kept is already as new; else read again when next loaded.
     */
    changed({ showId, version, state }: ShowChange) {
      const known = kept.get(showId);
      if (known && version !== null && known.show.version >= version) return;
      if (state) kept.set(showId, state);
      else kept.delete(showId);
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

import type { TrackedEnvelope } from '@trpc/server';
import type { AnswerShowInput, ConfigureShowInput, CreateShowInput, JoinShowInput } from '#shared/schemas/show.ts';
import { dueAction, everyoneAnswered } from '#shared/show.ts';
import type { HostEvent, JoinedShow, PlayerEvent } from '#shared/show-views.ts';
import { hashToken, newSessionToken } from '../auth/session';
import type { Db } from '../db/database';
import { shows } from '../db/schema';
import type { Writer } from '../writer';
import { createShowHub, HOST } from './hub';
import { createShowStates } from './state';
import { hostedShow, playerOfToken, type ShowChange, type ShowRow } from './store';
import { hostStream, playerStream } from './streams';
import { createShowTimers } from './timers';

/**
 * The family show on the server's main thread (docs/decisions/family-show.md): each change is a
 * write operation run by the writer, which hands back the show's state as it left it; the state is
 * kept (state.ts), the show's screens are woken (a notifier in memory) and its timer set again;
 * each screen's stream sends its viewer's whole snapshot of that state. Reads that answer once
 * (show.current, lookup, me) are plain functions of server/show/state.ts.
 */
export type ShowRuntime = {
  create(userId: string, input: CreateShowInput): Promise<{ showId: string; code: string }>;
  configure(userId: string, input: ConfigureShowInput): Promise<void>;
  start(userId: string, showId: string): Promise<void>;
  next(userId: string, showId: string, position: number): Promise<void>;
  end(userId: string, showId: string): Promise<void>;
  close(userId: string, showId: string): Promise<void>;
  removePlayer(userId: string, showId: string, playerId: string): Promise<void>;
  /** A new player, or (a profile already in) the same one again; the token goes to the phone's cookie. */
  join(userId: string | null, input: JoinShowInput): Promise<JoinedShow & { token: string }>;
  /** The player's recorded answer: the first tap's, whatever came after. */
  answer(token: string, input: AnswerShowInput): Promise<{ position: number; answerIndex: number }>;
  leave(token: string): Promise<void>;
  /** The TV's stream (NOT_FOUND, thrown before it opens, for anyone but the host). */
  hostEvents(
    userId: string,
    showId: string,
    lastEventId: string | null,
    signal: AbortSignal | undefined,
  ): Promise<AsyncGenerator<TrackedEnvelope<HostEvent>>>;
  /** A phone's stream (NOT_FOUND for a token that names no player). */
  playerEvents(
    token: string | null,
    lastEventId: string | null,
    signal: AbortSignal | undefined,
  ): Promise<AsyncGenerator<TrackedEnvelope<PlayerEvent>>>;
  /** Sets every open show's timer from the database (at start-up: a restart resumes its shows). */
  resume(): void;
  /** Clears the timers and ends every stream (the server is closing). */
  stop(): void;
};

/** A timer's write that failed (a busy database) is tried again this much later. */
const RETRY_MS = 1000;

export type ShowRuntimeOptions = {
  db: Db;
  writer: Writer;
  /** Where a failed timer's write is reported. */
  onError?: (error: unknown, message: string) => void;
};

export function createShowRuntime({ db, writer, onError = () => undefined }: ShowRuntimeOptions): ShowRuntime {
  const hub = createShowHub();
  const states = createShowStates(db);
  const timers = createShowTimers((showId) => void act(showId));
  let stopped = false;

  /** After a write: the show's screens woken (those of `viewers` only, when no one else sees it), its timer set again. */
  function changed(change: ShowChange | null, viewers?: readonly string[]) {
    if (!change) return;
    states.changed(change);
    hub.changed(change.showId, viewers);
    schedule(change.showId);
  }

  /** What the show's timer must do next; a host never seen counts as away from the show's creation (or the server's start). */
  function dueOf(show: ShowRow) {
    const away = hub.awaySince(show.id, HOST);
    return dueAction(show, away === null ? null : Math.max(away, show.createdAt));
  }

  function schedule(showId: string) {
    if (stopped) return;
    const show = states.load(showId)?.show;
    if (!show) {
      timers.clear(showId);
      hub.forget(showId);
      return;
    }
    timers.schedule(showId, dueOf(show)?.at ?? null);
  }

  /** What the show's timer found due: a deadline, a host gone too long, a podium shown long enough. */
  async function act(showId: string) {
    if (stopped) return;
    let action = 'check';
    try {
      const show = states.load(showId)?.show;
      const due = show && dueOf(show);
      if (!show || !due) return;
      if (due.at > Date.now()) return schedule(showId);
      action = due.action;
      const change =
        due.action === 'reveal'
          ? await writer.revealShowQuestion(showId, show.position)
          : due.action === 'end'
            ? await writer.endUnattendedShow(showId)
            : await writer.closeFinishedShow(showId);
      if (change) changed(change);
      else {
        // Nothing to do after all (the show moved on meanwhile): its state is read again.
        states.changed({ showId, version: null });
        schedule(showId);
      }
    } catch (error) {
      if (stopped) return;
      states.changed({ showId, version: null });
      onError(error, `the family show's ${action} failed; trying again`);
      timers.schedule(showId, Date.now() + RETRY_MS);
    }
  }

  /** Once every player still around has answered, the question is revealed without waiting for its deadline. */
  async function revealIfAllAnswered(showId: string) {
    const state = states.load(showId);
    if (state?.show.status !== 'question') return;
    const answered = new Set(state.answers.map((answer) => answer.playerId));
    const eligible = state.players
      .filter((player) => player.firstPosition <= state.show.position)
      .map((player) => ({
        playerId: player.id,
        answered: answered.has(player.id),
        around: hub.isAround(showId, player.id),
      }));
    if (eligible.length > 0 && everyoneAnswered(eligible)) {
      changed(await writer.revealShowQuestion(showId, state.show.position));
    }
  }

  const streams = { hub, states, onPresence: schedule };

  return {
    async create(userId, input) {
      const { closed, code, ...change } = await writer.createShow(userId, input);
      for (const showId of closed) changed({ showId, version: null });
      changed(change);
      return { showId: change.showId, code };
    },
    async configure(userId, input) {
      changed(await writer.configureShow(userId, input));
    },
    async start(userId, showId) {
      changed(await writer.startShow(userId, showId));
    },
    async next(userId, showId, position) {
      changed(await writer.nextShowQuestion(userId, showId, position));
    },
    async end(userId, showId) {
      changed(await writer.endShow(userId, showId));
    },
    async close(userId, showId) {
      changed(await writer.closeShow(userId, showId));
    },
    async removePlayer(userId, showId, playerId) {
      changed(await writer.removeShowPlayer(userId, showId, playerId));
      await revealIfAllAnswered(showId);
    },
    async join(userId, input) {
      const token = newSessionToken();
      const { playerId, ...change } = await writer.joinShow(userId, input, hashToken(token));
      changed(change);
      return { showId: change.showId, playerId, token };
    },
    async answer(token, input) {
      const { position, answerIndex, recorded, playerId, ...change } = await writer.answerShow(hashToken(token), input);
      if (recorded) {
        // An answer shows on the TV (who has answered) and on its own phone; the others' screens stay as they are.
        changed(change, [HOST, playerId]);
        await revealIfAllAnswered(change.showId);
      }
      return { position, answerIndex };
    },
    async leave(token) {
      const change = await writer.leaveShow(hashToken(token));
      changed(change);
      await revealIfAllAnswered(change.showId);
    },
    async hostEvents(userId, showId, lastEventId, signal) {
      hostedShow(db, userId, showId);
      return hostStream(streams, showId, lastEventId, signal);
    },
    async playerEvents(token, lastEventId, signal) {
      const player = playerOfToken(db, hashToken(token ?? ''));
      return playerStream(streams, player.showId, player.id, lastEventId, signal);
    },
    resume() {
      stopped = false;
      for (const { id } of db.select({ id: shows.id }).from(shows).all()) schedule(id);
    },
    stop() {
      stopped = true;
      timers.clearAll();
      hub.closeAll();
    },
  };
}

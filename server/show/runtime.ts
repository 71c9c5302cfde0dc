import type { TrackedEnvelope } from '@trpc/server';
import type { AnswerShowInput, ConfigureShowInput, CreateShowInput, JoinShowInput } from '../../shared/schemas/show';
import type { HostEvent, JoinedShow, PlayerEvent } from '../../shared/show-views';

/**
 * The family show on the server's main thread (docs/decisions/family-show.md): each change is a
 * write operation run by the writer, after which the show's screens are woken (a notifier in
 * memory) and its timer set again; each screen's stream reads the show's state back and sends
 * its viewer's whole snapshot. Reads that answer once (show.current, lookup, me) are plain
 * functions of server/show/state.ts.
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

/** Placeholder until the show is built: every call is refused. */
export function createShowRuntime(): ShowRuntime {
  const refuse = async (): Promise<never> => {
    throw new Error('the family show is not built yet');
  };
  return {
    create: refuse,
    configure: refuse,
    start: refuse,
    next: refuse,
    end: refuse,
    close: refuse,
    removePlayer: refuse,
    join: refuse,
    answer: refuse,
    leave: refuse,
    hostEvents: refuse,
    playerEvents: refuse,
    resume() {},
    stop() {},
  };
}

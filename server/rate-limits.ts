import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { tooManyRequests } from './errors';

/** Calls a session may make per window; what a family plays never comes near them. */
export type RateLimits = {
  gameStarts: number;
  answers: number;
  reports: number;
  /** AI question sets, per admin account (each costs the service a request or three). */
  generations: number;
  windowSeconds: number;
};

/**
 * A game start takes at least a few seconds of play, a pick at least the 2-s feedback (spec §9):
 * even a child tapping Play Again as fast as the screens allow stays well under these.
 */
export const DEFAULT_RATE_LIMITS: RateLimits = {
  gameStarts: 20,
  answers: 60,
  reports: 10,
  generations: 10,
  windowSeconds: 60,
};

export type GameLimiter = {
  /** A game start (tRPC game.start or POST /api/start-game): throws TOO_MANY_REQUESTS over the limit. */
  gameStart(sessionId: string): Promise<void>;
  /** A pick (game.answer). */
  answer(sessionId: string): Promise<void>;
  /** A "Report a problem" (game.report). */
  report(sessionId: string): Promise<void>;
  /** An AI question set, counted per admin account (tRPC and POST /api/generate-questions together). */
  generation(userId: string): Promise<void>;
  /**
   * Seconds a session must wait before the named calls can be taken again, counting nothing;
   * null when they can be. Lets a request already over its limit be refused before any work.
   */
  waitBefore(calls: { gameStart: boolean; answer: boolean }, sessionId: string): Promise<number | null>;
};

/**
 * Per-session limits on the calls that write a game, so that one account cannot fill the
 * writer's queue (and the disk) at everyone else's expense. Counted in memory: the server is one
 * process, and a restart forgetting the counts costs nothing.
 */
export function createGameLimiter(limits: RateLimits = DEFAULT_RATE_LIMITS): GameLimiter {
  const limiter = (points: number) => new RateLimiterMemory({ points, duration: limits.windowSeconds });
  const starts = limiter(limits.gameStarts);
  const answers = limiter(limits.answers);
  const reports = limiter(limits.reports);
  const generations = limiter(limits.generations);
  const consume = async (from: RateLimiterMemory, key: string) => {
    try {
      await from.consume(key);
    } catch (refusal) {
      if (refusal instanceof RateLimiterRes) throw tooManyRequests(refusal.msBeforeNext / 1000);
      throw refusal;
    }
  };
  const waitOf = async (from: RateLimiterMemory, key: string) => {
    const state = await from.get(key);
    return state && state.consumedPoints >= from.points ? state.msBeforeNext / 1000 : 0;
  };
  return {
    gameStart: (sessionId) => consume(starts, sessionId),
    answer: (sessionId) => consume(answers, sessionId),
    report: (sessionId) => consume(reports, sessionId),
    generation: (userId) => consume(generations, userId),
    async waitBefore(calls, sessionId) {
      const waits = await Promise.all([
        calls.gameStart ? waitOf(starts, sessionId) : 0,
        calls.answer ? waitOf(answers, sessionId) : 0,
      ]);
      const wait = Math.max(...waits);
      return wait > 0 ? Math.max(1, Math.ceil(wait)) : null;
    },
  };
}

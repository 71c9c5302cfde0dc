import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { DomainError, tooManyRequests } from './errors';

/** How many calls of each kind an account may make per window; what a family does never comes near them. */
export type RateLimits = {
  gameStarts: number;
  /** Picks and lifelines. */
  answers: number;
  reports: number;
  /** Adding, editing, deleting and choosing profiles, and the speech toggle. */
  profileWrites: number;
  /** AI question sets (each costs the service a request or three). */
  generations: number;
  /** Lines spoken by the server (GET /api/speech): a game says a few a question. */
  speech: number;
  /**
   * Parent PINs tried (each costs the server a slow hash when taken): apart from the lockouts,
   * which bound the guesses (shared/parent-lock.ts), this bounds the requests.
   */
  pinTries: number;
  /** Family show: looks-ups and joins by room code, per address (a family's phones may share one). */
  showJoins: number;
  /** …per room code (a show has 12 players at most, each looking up then joining). */
  showJoinsPerCode: number;
  /** …codes that open no show, per address: what makes guessing a code hopeless. */
  showJoinMisses: number;
  /** Answers sent by the phones behind one address. */
  showAnswers: number;
  windowSeconds: number;
};
export type Budget = Exclude<keyof RateLimits, 'windowSeconds'>;

/**
 * A game start takes at least a few seconds of play, a pick at least the 2-s feedback (spec §9):
 * even a child tapping Play Again as fast as the screens allow stays well under these.
 */
export const DEFAULT_RATE_LIMITS: RateLimits = {
  gameStarts: 20,
  answers: 60,
  reports: 10,
  profileWrites: 30,
  generations: 10,
  speech: 120,
  pinTries: 10,
  showJoins: 40,
  showJoinsPerCode: 40,
  showJoinMisses: 5,
  showAnswers: 300,
  windowSeconds: 60,
};

/**
 * Every limited call, by the budget it draws on: tRPC procedures by their path, the REST routes by
 * theirs. The procedures (trpc/trpc.ts) and the early refusal before a body is read (app.ts) both
 * read this table.
 */
export const LIMITED_CALLS: Readonly<Record<string, Budget>> = {
  'game.start': 'gameStarts',
  'POST /api/start-game': 'gameStarts',
  'game.answer': 'answers',
  'game.lifeline': 'answers',
  'game.report': 'reports',
  'profiles.create': 'profileWrites',
  'profiles.update': 'profileWrites',
  'profiles.remove': 'profileWrites',
  'profiles.setTts': 'profileWrites',
  'profiles.choose': 'profileWrites',
  'parentLock.set': 'profileWrites',
  'parentLock.remove': 'profileWrites',
  'parentLock.unlock': 'pinTries',
  'admin.questionSets.generate': 'generations',
  'POST /api/generate-questions': 'generations',
  'GET /api/speech': 'speech',
  // The family show: the host's calls per account; the phones' (no account) per address and code.
  'show.create': 'gameStarts',
  'show.configure': 'profileWrites',
  'show.start': 'answers',
  'show.next': 'answers',
  'show.end': 'answers',
  'show.close': 'answers',
  'show.removePlayer': 'answers',
  'show.join': 'showJoins',
  'show.join.code': 'showJoinsPerCode',
  'show.join.miss': 'showJoinMisses',
  'show.answer': 'showAnswers',
};

export type GameLimiter = {
  /** Counts a call of `call` (a LIMITED_CALLS key) for the account; throws TOO_MANY_REQUESTS over its limit. */
  consume(call: string, userId: string): Promise<void>;
  /**
   * Seconds the account must wait before any of `calls` can be taken again, counting nothing; null
   * when they can be. Lets a request already over its limit be refused before any work.
   */
  waitBefore(calls: readonly string[], userId: string): Promise<number | null>;
};

/**
 * Per-account limits on the calls that write, so that one account cannot fill the disk or the
 * server's time at everyone else's expense. Per account, not per session: a new sign-in brings no
 * new allowance. Counted in memory: the server is one process, and a restart forgetting the counts
 * costs nothing.
 */
export function createGameLimiter(limits: RateLimits = DEFAULT_RATE_LIMITS): GameLimiter {
  const budgets = new Map<Budget, RateLimiterMemory>();
  const limiterOf = (call: string): RateLimiterMemory | null => {
    const budget = LIMITED_CALLS[call];
    if (!budget) return null;
    let limiter = budgets.get(budget);
    if (!limiter) {
      limiter = new RateLimiterMemory({ points: limits[budget], duration: limits.windowSeconds });
      budgets.set(budget, limiter);
    }
    return limiter;
  };
  return {
    async consume(call, userId) {
      try {
        await limiterOf(call)?.consume(userId);
      } catch (refusal) {
        if (refusal instanceof RateLimiterRes) throw tooManyRequests(refusal.msBeforeNext / 1000);
        throw refusal;
      }
    },
    async waitBefore(calls, userId) {
      let wait = 0;
      for (const limiter of new Set(calls.map(limiterOf))) {
        const state = limiter && (await limiter.get(userId));
        if (limiter && state && state.consumedPoints >= limiter.points)
          wait = Math.max(wait, state.msBeforeNext / 1000);
      }
      return wait > 0 ? Math.max(1, Math.ceil(wait)) : null;
    },
  };
}

/** The answer a code that opens no show gets (show.lookup, show.join): what counts as a miss. */
export const CODE_NOT_FOUND = 'errors:show.codeNotFound';

/**
 * A look-up or join by room code, limited per address and per code, and refused outright for an
 * address that has missed too many codes lately: at a handful of misses a minute, finding one of
 * a server's live shows among a million codes takes days (docs/decisions/family-show.md).
 */
export async function asJoinAttempt<T>(
  limiter: GameLimiter,
  ip: string,
  code: string,
  attempt: () => T | Promise<T>,
): Promise<T> {
  const wait = await limiter.waitBefore(['show.join.miss'], `ip:${ip}`);
  if (wait !== null) throw tooManyRequests(wait);
  await limiter.consume('show.join', `ip:${ip}`);
  await limiter.consume('show.join.code', code);
  try {
    return await attempt();
  } catch (error) {
    if (error instanceof DomainError && error.message === CODE_NOT_FOUND) {
      await limiter.consume('show.join.miss', `ip:${ip}`).catch(() => undefined);
    }
    throw error;
  }
}

/** An answer from a phone, counted against its address. */
export function countShowAnswer(limiter: GameLimiter, ip: string): Promise<void> {
  return limiter.consume('show.answer', `ip:${ip}`);
}

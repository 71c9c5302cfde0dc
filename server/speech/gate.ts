/** Refused by a full gate: try again in `retryAfterSeconds`. */
export class GateFull extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('busy');
    this.name = 'GateFull';
  }
}

export type GateLimits = {
  /** How many may run at once. */
  running: number;
  /** How many may wait for a place beyond those; more are refused at once. */
  waiting: number;
  /** How long one waits before it is refused after all. */
  maxWaitMs: number;
};

export type Gate = {
  /** Runs `work` once a place is free; throws GateFull when none comes soon. */
  run<T>(work: () => Promise<T>): Promise<T>;
  /** How many are running and waiting now. */
  load(): { running: number; waiting: number };
};

/**
 * A counting semaphore with a short, bounded queue: work beyond what the machine does well at
 * once waits a little, in order, and past that is refused straight away (a 503 the caller can
 * retry), so a crowd never piles up work that would only be late.
 */
export function createGate(limits: GateLimits): Gate {
  let running = 0;
  const waiting: { start: () => void; timer: NodeJS.Timeout }[] = [];
  const retryAfter = Math.max(1, Math.ceil(limits.maxWaitMs / 1000));

  function release() {
    const next = waiting.shift();
    if (!next) {
      running--;
      return;
    }
    clearTimeout(next.timer);
    next.start(); // the place passes on: `running` stays the same
  }

  async function place(): Promise<void> {
    if (running < limits.running) {
      running++;
      return;
    }
    if (waiting.length >= limits.waiting) throw new GateFull(retryAfter);
    return new Promise((resolve, reject) => {
      const entry = {
        start: resolve,
        timer: setTimeout(() => {
          waiting.splice(waiting.indexOf(entry), 1);
          reject(new GateFull(retryAfter));
        }, limits.maxWaitMs),
      };
      waiting.push(entry);
    });
  }

  return {
    async run(work) {
      await place();
      try {
        return await work();
      } finally {
        release();
      }
    },
    load: () => ({ running, waiting: waiting.length }),
  };
}

const DAY_MS = 24 * 60 * 60 * 1000;

export type SpeechBudget = {
  /** Seconds until the account may have new clips made again; null when it may now. */
  waitBefore(account: string): number | null;
  /** Counts the bytes of a clip made for the account. */
  charge(account: string, bytes: number): void;
};

/**
 * Each account's bytes of new clips a day (UTC): clips already kept cost nothing, so a family
 * playing the bank's questions rarely comes near it, while one asking for line after line never
 * made before cannot fill the disk or keep the voice busy for everyone. Counted in memory, like
 * the rate limits: a restart forgetting the day costs little.
 */
export function createSpeechBudget(bytesPerDay: number, now: () => number = Date.now): SpeechBudget {
  let day = Math.floor(now() / DAY_MS);
  const spent = new Map<string, number>();
  const today = () => {
    const current = Math.floor(now() / DAY_MS);
    if (current !== day) {
      day = current;
      spent.clear();
    }
  };
  return {
    waitBefore(account) {
      today();
      if ((spent.get(account) ?? 0) < bytesPerDay) return null;
      return Math.max(1, Math.ceil(((day + 1) * DAY_MS - now()) / 1000));
    },
    charge(account, bytes) {
      today();
      spent.set(account, (spent.get(account) ?? 0) + bytes);
    },
  };
}

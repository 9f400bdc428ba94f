/**
 * Rolling-window rate limits: per account for keyed requests and per client IP for the rest, reads and
 * writes counted apart. Time is the sandbox clock, so advancing it also empties the windows.
 */

/** Requests allowed per window. */
export interface RateLimits {
  accountReads: number;
  accountWrites: number;
  publicReads: number;
  publicWrites: number;
  windowMs: number;
}

/** The spec's limits: per minute, 1800/600 per account, 1800/60 per IP. */
export const DEFAULT_LIMITS: RateLimits = {
  accountReads: 1800,
  accountWrites: 600,
  publicReads: 1800,
  publicWrites: 60,
  windowMs: 60_000,
};

/**
 * One key's request times in the window, oldest first: those before `start` have left it. Leaving is
 * marked by moving `start`, and the array is compacted now and then, so a request costs the same however
 * many the window holds (filtering a copy of it per request made a busy key ever slower).
 */
interface Window {
  times: number[];
  start: number;
}

/** Counts requests per key in a rolling window. */
export class RateLimiter {
  readonly #limits: RateLimits;
  readonly #hits = new Map<string, Window>();

  /** Uses `limits` for every key. */
  constructor(limits: RateLimits) {
    this.#limits = limits;
  }

  /**
   * Counts one request for the account (or, when null, for the IP) unless over the limit. Returns 0 when
   * allowed, else the whole seconds (at least 1) until a slot frees.
   */
  take(accountId: number | null, ip: string, write: boolean, now: number): number {
    const l = this.#limits;
    const key = `${accountId === null ? `ip:${ip}` : `account:${accountId}`}:${write ? "w" : "r"}`;
    const limit =
      accountId === null
        ? write
          ? l.publicWrites
          : l.publicReads
        : write
          ? l.accountWrites
          : l.accountReads;
    let window = this.#hits.get(key);
    if (window === undefined) {
      window = { times: [], start: 0 };
      this.#hits.set(key, window);
    }
    const { times } = window;
    const since = now - l.windowMs;
    while (window.start < times.length && (times[window.start] as number) <= since) window.start++;
    if (window.start > 64 && window.start * 2 > times.length) {
      times.splice(0, window.start);
      window.start = 0;
    }
    if (times.length - window.start >= limit) {
      const oldest = times[window.start] ?? now;
      return Math.max(1, Math.ceil((oldest + l.windowMs - now) / 1000));
    }
    times.push(now);
    return 0;
  }
}

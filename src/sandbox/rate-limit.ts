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

/** Counts requests per key in a rolling window. */
export class RateLimiter {
  readonly #limits: RateLimits;
  readonly #hits = new Map<string, number[]>();

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
    const since = now - l.windowMs;
    const hits = (this.#hits.get(key) ?? []).filter((t) => t > since);
    if (hits.length >= limit) {
      this.#hits.set(key, hits);
      const oldest = hits[0] ?? now;
      return Math.max(1, Math.ceil((oldest + l.windowMs - now) / 1000));
    }
    hits.push(now);
    this.#hits.set(key, hits);
    return 0;
  }
}

/**
 * Keys marked until a time, in this process: a mark lapses by itself, and lapsed marks are swept out once
 * many are held, so a storm of distinct users or chats cannot grow it without bound. The skip memos of the
 * inbound limits use it (a budget found spent, a chat found full).
 */

/** How many marks are held before the lapsed ones are swept. */
const SWEEP_AT = 1000;

/** Marks that lapse at their time. */
export class LapsingMarks<K> {
  readonly #until = new Map<K, number>();
  readonly #now: () => number;

  /** `now`: the clock (epoch ms) the marks' times are on. */
  constructor(now: () => number = Date.now) {
    this.#now = now;
  }

  /** Marks `key` until `until` (epoch ms). */
  mark(key: K, until: number): void {
    if (this.#until.size >= SWEEP_AT) {
      const now = this.#now();
      for (const [marked, at] of this.#until) if (at <= now) this.#until.delete(marked);
    }
    this.#until.set(key, until);
  }

  /** Whether `key` is marked now; a lapsed mark is forgotten. */
  has(key: K): boolean {
    const until = this.#until.get(key);
    if (until === undefined) return false;
    if (until > this.#now()) return true;
    this.#until.delete(key);
    return false;
  }

  /** Takes `key`'s mark away before its time. */
  clear(key: K): void {
    this.#until.delete(key);
  }
}

/**
 * The sandbox clock: real time plus an offset that only grows. Tests advance it to make due work (swap
 * settlement, link expiry, recurring runs) happen without waiting.
 */

/** Sandbox time source. */
export class Clock {
  #offsetMs = 0;

  /** Current sandbox time in epoch milliseconds. */
  now(): number {
    return Date.now() + this.#offsetMs;
  }

  /** How far the sandbox clock runs ahead of real time, in milliseconds. */
  get offsetMs(): number {
    return this.#offsetMs;
  }

  /** Moves sandbox time forward by `ms` milliseconds. */
  advance(ms: number): void {
    this.#offsetMs += ms;
  }
}

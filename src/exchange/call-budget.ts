/**
 * What one client call may spend: an overall deadline across its attempts and waits, and the caller's
 * abort signal (a user who sent /cancel). Both are merged into one signal that fetch, the rate limiter
 * and the retry waits listen to, so nothing of the call keeps running once either fires.
 */
import { ExchangeCancelledError, ExchangeNetworkError } from "./errors.ts";

/** How a budget is made. */
export interface CallBudgetOptions {
  /** Overall time of the call; none means only the per-attempt timeouts and attempt counts bound it. */
  deadlineMs?: number;
  /** The caller's signal; its abort ends the call with ExchangeCancelledError. */
  caller?: AbortSignal;
  /** Whether the call is a write (a timed-out write may have been done). */
  write: boolean;
}

/** One call's budget. Call `dispose()` when the call ends so its deadline timer does not linger. */
export class CallBudget {
  /** Fires at the deadline or when the caller aborts. */
  readonly signal: AbortSignal;
  readonly #deadline = new AbortController();
  readonly #timer: ReturnType<typeof setTimeout> | undefined;
  readonly #endsAt: number;
  readonly #caller: AbortSignal | undefined;
  readonly #write: boolean;

  constructor(options: CallBudgetOptions) {
    const { deadlineMs, caller } = options;
    this.#caller = caller;
    this.#write = options.write;
    this.#endsAt = deadlineMs === undefined ? Number.POSITIVE_INFINITY : Date.now() + deadlineMs;
    this.#timer =
      deadlineMs === undefined
        ? undefined
        : setTimeout(() => this.#deadline.abort(), Math.max(0, deadlineMs));
    this.signal = caller ? AbortSignal.any([this.#deadline.signal, caller]) : this.#deadline.signal;
  }

  /** Milliseconds left before the deadline (Infinity without one). */
  remainingMs(): number {
    return this.#endsAt - Date.now();
  }

  /** The error the call must end with now, or undefined while it may go on. */
  stopped(): Error | undefined {
    if (this.#caller?.aborted) return new ExchangeCancelledError();
    if (this.#deadline.signal.aborted) return new ExchangeNetworkError("timeout", { write: this.#write });
    return undefined;
  }

  /** Clears the deadline timer. */
  dispose(): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
  }
}

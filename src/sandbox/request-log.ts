/**
 * A log of API requests (method, path, status and account only; never a key), so tests can assert that
 * no exchange write happened.
 */
import { formatTime } from "./time.ts";

/** One logged request. */
export interface LoggedRequest {
  accountId: number | null;
  method: string;
  path: string;
  status: number;
  /** When it was answered (or dropped), sandbox clock ms. */
  at: number;
  /** When it arrived, sandbox clock ms (before any fault hold). */
  receivedAt: number;
}

const MAX_ENTRIES = 10_000;

/** Methods that count as writes. */
export const WRITE_METHODS: ReadonlySet<string> = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** The most recent API requests. */
export class RequestLog {
  readonly #entries: LoggedRequest[] = [];

  /**
   * Appends an entry. The oldest past the cap are dropped a batch at a time (shifting one off a full log
   * per request moved all the others): the log holds up to twice the cap, and reads only the latest.
   */
  add(entry: LoggedRequest): void {
    this.#entries.push(entry);
    if (this.#entries.length >= 2 * MAX_ENTRIES) this.#entries.splice(0, this.#entries.length - MAX_ENTRIES);
  }

  /** Requests of one account (all when undefined): writes counted per path, and the full list. */
  summary(accountId: number | undefined): Record<string, unknown> {
    const entries = this.#entries
      .slice(-MAX_ENTRIES)
      .filter((e) => accountId === undefined || e.accountId === accountId);
    const writes: Record<string, number> = {};
    let writeCount = 0;
    for (const e of entries) {
      if (!WRITE_METHODS.has(e.method)) continue;
      writes[e.path] = (writes[e.path] ?? 0) + 1;
      writeCount += 1;
    }
    return {
      account_id: accountId ?? null,
      write_count: writeCount,
      writes,
      requests: entries.map((e) => ({
        method: e.method,
        path: e.path,
        status: e.status,
        at: formatTime(e.at),
        // Millisecond times on the sandbox clock, for tests of waits such as Retry-After.
        received_ms: e.receivedAt,
        answered_ms: e.at,
      })),
    };
  }
}

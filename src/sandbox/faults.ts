/**
 * Fault injection for retry and lost-answer tests: the next `count` API requests matching a method and
 * path prefix answer a chosen status, or lose their connection without an answer. A fault acts before
 * any processing, or (`after`) once the request has taken effect, in place of its real answer.
 */
import type { ApiResponse } from "./http-utils.ts";

/** One armed fault. */
export interface Fault {
  id: number;
  /** Upper-case method, or null for any. */
  method: string | null;
  pathPrefix: string;
  /** The status to answer, or null to close the connection without an answer. */
  status: number | null;
  /** When it acts: before processing, or after it (the request's effects stay). */
  phase: FaultPhase;
  remaining: number;
  /** Retry-After seconds to send (429 gets 1 when not given). */
  retryAfter: number | null;
}

/** Before the request is processed, or after it took effect. */
export type FaultPhase = "before" | "after";

/** What a fault does to a request: an answer to send instead, or `drop` (destroy the connection). */
export type FaultAction = ApiResponse | "drop";

/** The armed faults, consumed first-in first-out. */
export class Faults {
  readonly #faults: Fault[] = [];
  #nextId = 1;

  /** Arms a fault. */
  add(spec: Omit<Fault, "id">): Fault {
    const fault = { id: this.#nextId++, ...spec };
    this.#faults.push(fault);
    return fault;
  }

  /** Disarms every fault. */
  clear(): void {
    this.#faults.length = 0;
  }

  /** Consumes one use of the first fault of `phase` matching the request, if any, and returns its action. */
  take(method: string, path: string, phase: FaultPhase): FaultAction | undefined {
    const index = this.#faults.findIndex(
      (f) => f.phase === phase && (f.method === null || f.method === method) && path.startsWith(f.pathPrefix),
    );
    const fault = this.#faults[index];
    if (!fault) return undefined;
    fault.remaining -= 1;
    if (fault.remaining <= 0) this.#faults.splice(index, 1);
    if (fault.status === null) return "drop";
    const retryAfter = fault.retryAfter ?? (fault.status === 429 ? 1 : null);
    return {
      status: fault.status,
      json: { detail: fault.status === 429 ? "Request was throttled." : "Injected fault." },
      headers: retryAfter === null ? {} : { "retry-after": String(retryAfter) },
    };
  }
}

/** The control endpoint's view of a fault. */
export function faultJson(f: Fault): Record<string, unknown> {
  return {
    id: f.id,
    method: f.method,
    path_prefix: f.pathPrefix,
    status: f.status,
    drop: f.status === null,
    after: f.phase === "after",
    count: f.remaining,
    retry_after: f.retryAfter,
  };
}

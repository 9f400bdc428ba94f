/**
 * Fault injection for retry, slowness and lost-answer tests: the next `count` API requests matching a
 * method and path prefix answer a chosen status, lose their connection without an answer (`drop`), and/or
 * are held for `delayMs` first (a slow or hanging exchange: a request whose client hangs up while held is
 * dropped unprocessed), or answer a body that is not JSON (`malformed`: a garbled or truncated answer).
 * A fault acts before any processing, or (`after`) once the request has taken effect, in place of its
 * real answer.
 */
import type { ApiResponse } from "./http-utils.ts";

/** One armed fault. */
export interface Fault {
  id: number;
  /** Upper-case method, or null for any. */
  method: string | null;
  pathPrefix: string;
  /** The status to answer, or null: then the connection is dropped (`drop`), the body garbled (`malformed`) or the request processed. */
  status: number | null;
  /** Close the connection without an answer. */
  drop: boolean;
  /** Answer a cut-off JSON body (status `status`, else 200 before processing or the real status after). */
  malformed: boolean;
  /** When it acts: before processing, or after it (the request's effects stay). */
  phase: FaultPhase;
  /** How long a request is held before it is answered or processed ("before" faults); 0 for none. */
  delayMs: number;
  remaining: number;
  /** Retry-After seconds to send (429 gets 1 when not given). */
  retryAfter: number | null;
}

/** Before the request is processed, or after it took effect. */
export type FaultPhase = "before" | "after";

/** What a fault does to a request: hold it first, then answer instead, drop it, or (neither) process it. */
export interface FaultAction {
  delayMs: number;
  response?: ApiResponse;
  drop?: true;
  /** Cut the answer's JSON short: `status` replaces the real one when given. */
  malformed?: { status: number | null };
}

/** A JSON body cut off half way, as a connection lost mid-answer or a broken proxy leaves it. */
export function truncatedJson(json: unknown): string {
  const text = JSON.stringify(json ?? { detail: "Injected fault." });
  return text.slice(0, Math.max(1, Math.floor(text.length / 2)));
}

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
    if (fault.drop) return { delayMs: fault.delayMs, drop: true };
    if (fault.malformed) return { delayMs: fault.delayMs, malformed: { status: fault.status } };
    if (fault.status === null) return { delayMs: fault.delayMs };
    const retryAfter = fault.retryAfter ?? (fault.status === 429 ? 1 : null);
    return {
      delayMs: fault.delayMs,
      response: {
        status: fault.status,
        json: { detail: fault.status === 429 ? "Request was throttled." : "Injected fault." },
        headers: retryAfter === null ? {} : { "retry-after": String(retryAfter) },
      },
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
    drop: f.drop,
    malformed: f.malformed,
    after: f.phase === "after",
    delay_ms: f.delayMs,
    count: f.remaining,
    retry_after: f.retryAfter,
  };
}

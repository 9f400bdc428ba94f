/**
 * Fault injection for retry and slowness tests: the next `count` API requests matching a method and path
 * prefix answer a chosen status before any processing, and/or are held for `delayMs` first (a slow or
 * hanging exchange: a request whose client hangs up while held is dropped unprocessed).
 */
import type { ApiResponse } from "./http-utils.ts";

/** One armed fault. */
export interface Fault {
  id: number;
  /** Upper-case method, or null for any. */
  method: string | null;
  pathPrefix: string;
  /** The answer's status, or null to process the request normally after the delay. */
  status: number | null;
  /** How long the request is held before it is answered or processed; 0 for none. */
  delayMs: number;
  remaining: number;
  /** Retry-After seconds to send (429 gets 1 when not given). */
  retryAfter: number | null;
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

  /** Consumes one use of the first fault matching the request, if any: how long to hold it, and its answer. */
  take(method: string, path: string): { delayMs: number; response?: ApiResponse } | undefined {
    const index = this.#faults.findIndex(
      (f) => (f.method === null || f.method === method) && path.startsWith(f.pathPrefix),
    );
    const fault = this.#faults[index];
    if (!fault) return undefined;
    fault.remaining -= 1;
    if (fault.remaining <= 0) this.#faults.splice(index, 1);
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
    delay_ms: f.delayMs,
    count: f.remaining,
    retry_after: f.retryAfter,
  };
}

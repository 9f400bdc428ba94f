/**
 * The transport every client call goes through: builds the request from the endpoint table, waits for
 * the shared rate-limit budget, sends it with ky, maps failures to the typed errors of `errors.ts`,
 * retries what is safe to retry, and checks the response against a zod schema.
 *
 * Retry policy (the service acted or not?):
 * - reads are retried on 5xx, network errors, timeouts and 429;
 * - writes never: even a 429 may come from a gateway after the service acted (two swaps, one reported).
 *   The caller looks for a write whose answer was not a clear refusal (write-outcome.ts). An estimate,
 *   a POST that changes nothing, is retried on 429 like a read.
 * Backoff is exponential with jitter; a Retry-After is waited in full, with jitter added on top, and is
 * shared with every other process through the limiter's cooldown.
 *
 * A call may have an overall deadline (`deadlineMs`, for a user waiting in a chat) and a caller's abort
 * signal (`signal`, for /cancel): a wait that would cross the deadline is not started (the last error is
 * thrown instead), and when either fires the request in flight is aborted. The caller's signal applies
 * to reads only: a write already sent is never cut short, since its outcome would become unknown.
 */
import ky, { isNetworkError, isTimeoutError, type KyInstance } from "ky";
import type { z } from "zod";
import { CallBudget } from "./call-budget.ts";
import {
  buildPath,
  ENDPOINTS,
  type Endpoint,
  type EndpointName,
  isReadMethod,
  type PathParams,
} from "./endpoints.ts";
import {
  ExchangeForbiddenError,
  ExchangeHttpError,
  ExchangeNetworkError,
  ExchangeNotFoundError,
  ExchangeRateLimitedError,
  ExchangeResponseError,
  ExchangeServerError,
  ExchangeUnauthorizedError,
  ExchangeUnsupportedError,
  ExchangeValidationError,
  type FieldErrors,
  SwapRejectedError,
} from "./errors.ts";
import type { RateLimiter } from "./rate-limiter.ts";
import { parseResponse } from "./schemas.ts";

/** The subset of a pino logger the transport uses (kept minimal so the client has no logger dependency). */
export interface TransportLogger {
  debug(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/** Query values; `undefined` entries are left out. */
export type QueryParams = Readonly<Record<string, string | number | boolean | undefined>>;

/** How a transport is made. Only `baseUrl` is required. */
export interface TransportOptions {
  /** The service's origin, e.g. `https://app.digitalsurge.com.au`. */
  baseUrl: string;
  /** The account's API key; without it only public endpoints can be called. */
  apiKey?: string;
  /** Shared budget; without it requests are sent as soon as they are made. */
  limiter?: RateLimiter;
  /** Rate-limit bucket of the account (see `accountBucket`). Required with a limiter and a key. */
  accountBucket?: string;
  /** Rate-limit bucket of public calls from this host (see `publicBucket`). */
  publicBucket?: string;
  /** Per-attempt timeout. Default 15 s. */
  timeoutMs?: number;
  /** Attempts for a read (first try included). Default 4. */
  maxReadAttempts?: number;
  /** Attempts for a write answered 429. Default 3. */
  maxWriteAttempts?: number;
  /** First backoff step. Default 300 ms; doubles each attempt. */
  backoffBaseMs?: number;
  /** Largest backoff step. Default 8 s. */
  backoffMaxMs?: number;
  /** A Retry-After longer than this is not waited for: the call fails with ExchangeRateLimitedError. Default 60 s. */
  maxRetryAfterMs?: number;
  /**
   * Overall time of one call, attempts and waits included; past it the call fails with
   * ExchangeNetworkError("timeout"). None by default (background work); the bot gives ~20 s.
   */
  deadlineMs?: number;
  /** Aborts this transport's reads (ExchangeCancelledError); writes ignore it once they may be sent. */
  signal?: AbortSignal;
  /**
   * The ky instance to send with, from {@link createKy} with these options: a factory makes it once for
   * all its clients (the bot makes a client per request, the watcher one per read). Made here without it.
   */
  ky?: KyInstance;
  /** Injected for tests. */
  fetch?: typeof fetch;
  random?: () => number;
  /** Waits between attempts; should end early when `signal` fires. */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  logger?: TransportLogger;
}

/** One call: which operation, its placeholders, query and body, and how to read the answer. */
export interface RequestSpec<S extends z.ZodType | undefined> {
  params?: PathParams;
  query?: QueryParams;
  body?: object;
  /** Schema of a JSON answer; `undefined` for 204 or PDF answers. */
  schema: S;
  /** `pdf` returns the body bytes. Default `json`. */
  accept?: "json" | "pdf";
}

type Outcome<S extends z.ZodType | undefined> = S extends z.ZodType ? z.output<S> : undefined;

/** A PDF answer. */
export interface PdfDocument {
  bytes: Uint8Array;
  contentType: string;
}

/**
 * What one attempt came to: an answer, a final error, or an error worth another attempt (after the
 * server's Retry-After when it gave one, else after a backoff step).
 */
type AttemptOutcome =
  | { kind: "done"; value: unknown }
  | { kind: "fail"; error: Error }
  | { kind: "retry"; error: Error; retryAfterMs?: number }
  | { kind: "stopped" };

/** Resolves after `ms`, or as soon as `signal` fires (the caller then sees why it stopped). */
function defaultSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener("abort", done, { once: true });
  });
}

/**
 * Parses a Retry-After header (seconds or an HTTP date) to milliseconds; a missing or unreadable one
 * counts as one second, so a 429 is never retried at once.
 */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number {
  if (value !== null) {
    const trimmed = value.trim();
    if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.ceil(Number(trimmed) * 1000);
    const date = Date.parse(trimmed);
    if (!Number.isNaN(date)) return Math.max(0, date - now);
  }
  return 1000;
}

/**
 * Turns a 400 body into a field map: lists are kept, single strings wrapped, nested objects (such as
 * `travel_rule`) flattened to `travel_rule.field`, and `{detail}` becomes a whole-request error.
 */
export function toFieldErrors(body: unknown): FieldErrors {
  const fields: FieldErrors = {};
  const visit = (value: unknown, path: string): void => {
    if (typeof value === "string") {
      const name = path || "non_field_errors";
      fields[name] = [...(fields[name] ?? []), value];
    } else if (Array.isArray(value)) {
      for (const item of value) visit(item, path);
    } else if (value !== null && typeof value === "object") {
      for (const [key, inner] of Object.entries(value)) {
        const name = key === "detail" && !path ? "non_field_errors" : path ? `${path}.${key}` : key;
        visit(inner, name);
      }
    }
  };
  visit(body, "");
  if (Object.keys(fields).length === 0) fields.non_field_errors = ["The request was not accepted."];
  return fields;
}

function detailOf(body: unknown): string | undefined {
  if (body !== null && typeof body === "object" && "detail" in body && typeof body.detail === "string") {
    return body.detail;
  }
  return undefined;
}

/** A swap rejection is a 400 whose body is `{message}` alone, without a field map. */
function swapRejectionMessage(body: unknown): string | undefined {
  if (body === null || typeof body !== "object" || Array.isArray(body)) return undefined;
  const entries = Object.entries(body);
  const message = (body as { message?: unknown }).message;
  if (typeof message !== "string") return undefined;
  return entries.every(([key, value]) => key === "message" || !Array.isArray(value)) ? message : undefined;
}

/**
 * The ky instance a transport sends with. It carries no key (each request sets its own header), so every
 * client made with the same options can share one.
 */
export function createKy(options: Pick<TransportOptions, "baseUrl" | "timeoutMs" | "fetch">): KyInstance {
  return ky.create({
    prefix: options.baseUrl,
    timeout: options.timeoutMs ?? 15_000,
    retry: 0, // retries are decided by the transport, where the rate limiter and the write rule are known
    throwHttpErrors: false,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
}

/** Makes requests for one API key (or none, for public data). Holds no state but its configuration. */
export class Transport {
  readonly #ky: KyInstance;
  readonly #options: TransportOptions;
  readonly #random: () => number;
  readonly #sleep: (ms: number, signal: AbortSignal) => Promise<void>;

  constructor(options: TransportOptions) {
    this.#options = options;
    this.#random = options.random ?? Math.random;
    this.#sleep = options.sleep ?? defaultSleep;
    this.#ky = options.ky ?? createKy(options);
  }

  /** Calls one operation and returns its checked JSON answer (or `undefined` for 204). */
  async request<S extends z.ZodType | undefined>(
    name: EndpointName,
    spec: RequestSpec<S>,
  ): Promise<Outcome<S>> {
    const result = await this.#send(name, spec);
    return result as Outcome<S>;
  }

  /** Calls an operation that answers with a PDF. */
  async requestPdf(
    name: EndpointName,
    spec: Omit<RequestSpec<undefined>, "schema" | "accept">,
  ): Promise<PdfDocument> {
    return (await this.#send(name, { ...spec, schema: undefined, accept: "pdf" })) as PdfDocument;
  }

  async #send(name: EndpointName, spec: RequestSpec<z.ZodType | undefined>): Promise<unknown> {
    const endpoint: Endpoint = ENDPOINTS[name];
    const read = isReadMethod(endpoint.method);
    const maxAttempts = read ? (this.#options.maxReadAttempts ?? 4) : (this.#options.maxWriteAttempts ?? 3);
    const bucket = this.#bucketFor(endpoint);
    const path = buildPath(endpoint.path, spec.params).replace(/^\//, "");
    const budget = new CallBudget({
      ...(this.#options.deadlineMs !== undefined ? { deadlineMs: this.#options.deadlineMs } : {}),
      ...(read && this.#options.signal ? { caller: this.#options.signal } : {}),
      write: !read,
    });
    try {
      for (let attempt = 1; ; attempt++) {
        await this.#acquire(bucket, read, budget);
        const started = Date.now();
        const outcome = await this.#attempt(name, endpoint, path, spec, read, budget.signal);
        this.#options.logger?.debug(
          { op: name, method: endpoint.method, attempt, ms: Date.now() - started, outcome: outcome.kind },
          "exchange request",
        );
        if (outcome.kind === "done") return outcome.value;
        // Cut short by the deadline or the caller: that, not what the cut-off attempt came to, is the answer.
        const stopped = budget.stopped();
        if (stopped) throw stopped;
        if (outcome.kind === "stopped") throw new ExchangeNetworkError("timeout", { write: !read });
        if (outcome.kind === "fail") {
          // A write's 429 is not sent again, but every other process still pauses for it.
          if (outcome.error instanceof ExchangeRateLimitedError && this.#options.limiter && bucket)
            await this.#options.limiter.cooldown(bucket, outcome.error.retryAfterMs).catch(() => undefined);
          throw outcome.error;
        }

        let delayMs: number;
        if (outcome.retryAfterMs !== undefined) {
          // Shared first, so every other process pauses too, then waited in full plus jitter.
          if (this.#options.limiter && bucket)
            await this.#options.limiter.cooldown(bucket, outcome.retryAfterMs);
          delayMs = outcome.retryAfterMs + this.#retryAfterJitter(outcome.retryAfterMs);
        } else {
          delayMs = this.#backoff(attempt);
        }
        const tooLong =
          delayMs > (this.#options.maxRetryAfterMs ?? 60_000) || delayMs >= budget.remainingMs();
        if (attempt >= maxAttempts || tooLong) throw outcome.error;
        this.#options.logger?.warn({ op: name, attempt, delayMs }, "exchange request will be retried");
        await this.#sleep(delayMs, budget.signal);
        const stoppedWaiting = budget.stopped();
        if (stoppedWaiting) throw stoppedWaiting;
      }
    } finally {
      budget.dispose();
    }
  }

  /** Waits for the shared rate-limit budget, giving up when the call's own budget ends first. */
  async #acquire(bucket: string | undefined, read: boolean, budget: CallBudget): Promise<void> {
    const stopped = budget.stopped();
    if (stopped) throw stopped;
    if (!this.#options.limiter || !bucket) return;
    try {
      await this.#options.limiter.acquire(bucket, read ? "read" : "write", budget.signal);
    } catch (error) {
      throw budget.stopped() ?? error;
    }
  }

  #bucketFor(endpoint: Endpoint): string | undefined {
    return endpoint.auth === "private" ? this.#options.accountBucket : this.#options.publicBucket;
  }

  /** Exponential backoff with "equal jitter": never less than half the step, so retries spread out. */
  #backoff(attempt: number): number {
    const step = Math.min(
      this.#options.backoffMaxMs ?? 8000,
      (this.#options.backoffBaseMs ?? 300) * 2 ** (attempt - 1),
    );
    return Math.round(step / 2 + (this.#random() * step) / 2);
  }

  /** Jitter added on top of a Retry-After: up to 10 % of it, at least 50 ms and at most 2 s. */
  #retryAfterJitter(retryAfterMs: number): number {
    return Math.round(Math.min(2000, Math.max(50, retryAfterMs * 0.1)) * this.#random());
  }

  async #attempt(
    name: EndpointName,
    endpoint: Endpoint,
    path: string,
    spec: RequestSpec<z.ZodType | undefined>,
    read: boolean,
    signal: AbortSignal,
  ): Promise<AttemptOutcome> {
    let response: Response;
    try {
      response = await this.#ky(path, {
        method: endpoint.method,
        signal,
        headers: {
          accept: spec.accept === "pdf" ? "application/pdf" : "application/json",
          ...(endpoint.auth === "private" ? this.#authHeader() : {}),
        },
        ...(spec.query ? { searchParams: toSearchParams(spec.query) } : {}),
        ...(spec.body !== undefined ? { json: spec.body } : {}),
      });
    } catch (error) {
      if (signal.aborted) return { kind: "stopped" };
      if (!isTimeoutError(error) && !isNetworkError(error) && !isFetchFailure(error)) throw error;
      const networkError = new ExchangeNetworkError(
        isTimeoutError(error) ? "timeout" : neverConnected(error) ? "unreachable" : "interrupted",
        { write: !read },
      );
      // A write that timed out may have been done: never repeat it blindly.
      return { kind: read ? "retry" : "fail", error: networkError };
    }
    return this.#interpret(name, response, spec, read);
  }

  #authHeader(): Record<string, string> {
    const key = this.#options.apiKey;
    // Refused here rather than sent without a key: the service would answer 401 anyway.
    if (key === undefined) throw new ExchangeUnauthorizedError("no API key is configured");
    return { authorization: `Bearer ${key}` };
  }

  async #interpret(
    name: EndpointName,
    response: Response,
    spec: RequestSpec<z.ZodType | undefined>,
    read: boolean,
  ): Promise<AttemptOutcome> {
    const status = response.status;
    if (status >= 200 && status < 300) {
      if (spec.accept === "pdf") {
        const bytes = new Uint8Array(await response.arrayBuffer());
        const contentType = response.headers.get("content-type") ?? "application/pdf";
        return { kind: "done", value: { bytes, contentType } };
      }
      if (status === 204 || spec.schema === undefined) {
        await response.body?.cancel();
        return { kind: "done", value: undefined };
      }
      const body = await readJson(response);
      if (body === undefined)
        return { kind: "fail", error: new ExchangeResponseError(name, ["body: not JSON"]) };
      try {
        return { kind: "done", value: parseResponse(spec.schema, body, name) };
      } catch (error) {
        return { kind: "fail", error: error as Error };
      }
    }

    const body = await readJson(response);
    if (status === 429) {
      const retryAfterMs = parseRetryAfter(response.headers.get("retry-after"));
      if (!read && !ENDPOINTS[name].changesNothing)
        return { kind: "fail", error: new ExchangeRateLimitedError(retryAfterMs, true) };
      return { kind: "retry", error: new ExchangeRateLimitedError(retryAfterMs), retryAfterMs };
    }
    if (status === 501) return { kind: "fail", error: new ExchangeUnsupportedError(detailOf(body)) };
    if (status >= 500) return { kind: read ? "retry" : "fail", error: new ExchangeServerError(status) };
    return { kind: "fail", error: clientError(name, status, body) };
  }
}

/** Maps a 4xx answer (other than 429) to its typed error. */
function clientError(name: EndpointName, status: number, body: unknown): Error {
  switch (status) {
    case 400: {
      const rejection = name === "swaps.create" ? swapRejectionMessage(body) : undefined;
      return rejection
        ? new SwapRejectedError(rejection)
        : new ExchangeValidationError(toFieldErrors(body), false);
    }
    case 401:
      return new ExchangeUnauthorizedError(detailOf(body));
    case 403:
      return new ExchangeForbiddenError(detailOf(body));
    case 404:
      return new ExchangeNotFoundError(detailOf(body));
    default:
      return new ExchangeHttpError(status);
  }
}

function toSearchParams(query: QueryParams): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.set(key, String(value));
  }
  return params;
}

/** Reads a JSON body; `undefined` when there is none or it is not JSON. */
async function readJson(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => "");
  if (text === "") return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Socket error codes that mean no connection was made, so the request never left. */
const NOT_CONNECTED_CODES: ReadonlySet<string> = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EADDRNOTAVAIL",
  "UND_ERR_CONNECT_TIMEOUT",
]);

/**
 * Whether a network failure happened before any connection (found in the error's `cause` chain, where
 * Node's fetch puts the socket error; several for a host with many addresses). Anything else, such as
 * a reset or a closed socket, may have come after the request was sent.
 */
function neverConnected(error: unknown): boolean {
  const codes: string[] = [];
  const visit = (value: unknown, depth: number): void => {
    if (depth > 5 || value === null || typeof value !== "object") return;
    const { code, cause, errors } = value as { code?: unknown; cause?: unknown; errors?: unknown };
    if (typeof code === "string") codes.push(code);
    if (Array.isArray(errors)) for (const inner of errors) visit(inner, depth + 1);
    visit(cause, depth + 1);
  };
  visit(error, 0);
  return codes.length > 0 && codes.every((code) => NOT_CONNECTED_CODES.has(code));
}

/** Node's fetch rejects with a TypeError("fetch failed") when ky does not recognize it as a network error. */
function isFetchFailure(error: unknown): boolean {
  return error instanceof TypeError && /fetch failed|network/i.test(error.message);
}

/**
 * Typed errors of the exchange client. Every failure the client reports is one of these, so callers
 * (the bot, services) can explain it in plain words without parsing messages.
 *
 * No error message ever contains the API key: the transport never puts headers into messages.
 */

/** Field name -> messages, in the service's 400 shape (`non_field_errors` for whole-request problems). */
export type FieldErrors = Record<string, string[]>;

/** Base class: `code` is stable and meant for `switch`, the message is for logs only. */
export abstract class ExchangeError extends Error {
  abstract readonly code: string;
}

/** A request the client refused to send, or a 400 from the service. `fields` is kept for display. */
export class ExchangeValidationError extends ExchangeError {
  readonly code = "validation";
  /** True when the client caught it before sending, false for a 400 from the service. */
  readonly local: boolean;
  readonly fields: FieldErrors;
  constructor(fields: FieldErrors, local: boolean) {
    super(`validation failed: ${Object.keys(fields).join(", ") || "request"}`);
    this.name = "ExchangeValidationError";
    this.fields = fields;
    this.local = local;
  }
}

/** 401: the key is missing, unknown or revoked. */
export class ExchangeUnauthorizedError extends ExchangeError {
  readonly code = "unauthorized";
  readonly detail: string | undefined;
  constructor(detail?: string) {
    super("the API key was not accepted (401)");
    this.name = "ExchangeUnauthorizedError";
    this.detail = detail;
  }
}

/** 403: the key lacks permission, e.g. a read-only key asked to trade. */
export class ExchangeForbiddenError extends ExchangeError {
  readonly code = "forbidden";
  readonly detail: string | undefined;
  constructor(detail?: string) {
    super("the API key lacks permission (403)");
    this.name = "ExchangeForbiddenError";
    this.detail = detail;
  }
}

/** 404: no such record, or it belongs to another account. */
export class ExchangeNotFoundError extends ExchangeError {
  readonly code = "not_found";
  readonly detail: string | undefined;
  constructor(detail?: string) {
    super("not found (404)");
    this.name = "ExchangeNotFoundError";
    this.detail = detail;
  }
}

/** 429 that outlasted the retries, or a local budget that stayed empty past the wait bound. */
export class ExchangeRateLimitedError extends ExchangeError {
  readonly code = "rate_limited";
  /** Milliseconds until a retry may succeed. */
  readonly retryAfterMs: number;
  /**
   * The service answered a write with it: a proxy or gateway may answer 429 after the service acted, so
   * such a write may have been done. False when the client's own limiter refused before sending.
   */
  readonly afterSending: boolean;
  constructor(retryAfterMs: number, afterSending = false) {
    super(`rate limited; retry in ${Math.ceil(retryAfterMs / 1000)} s`);
    this.name = "ExchangeRateLimitedError";
    this.retryAfterMs = retryAfterMs;
    this.afterSending = afterSending;
  }
}

/** 501: an invoice for a transaction type that has none (only swap, buy, sell and withdrawal do). */
export class ExchangeUnsupportedError extends ExchangeError {
  readonly code = "unsupported";
  readonly detail: string | undefined;
  constructor(detail?: string) {
    super("not supported by the service (501)");
    this.name = "ExchangeUnsupportedError";
    this.detail = detail;
  }
}

/** Swap create refused because the market moved beyond tolerance of `expected_price`. */
export class SwapRejectedError extends ExchangeError {
  readonly code = "swap_rejected";
  readonly serviceMessage: string;
  constructor(serviceMessage: string) {
    super(`swap rejected: ${serviceMessage}`);
    this.name = "SwapRejectedError";
    this.serviceMessage = serviceMessage;
  }
}

/** 5xx (after retries for reads; at once for writes, whose outcome is then unknown). */
export class ExchangeServerError extends ExchangeError {
  readonly code = "server";
  readonly status: number;
  constructor(status: number) {
    super(`exchange server error (${status})`);
    this.name = "ExchangeServerError";
    this.status = status;
  }
}

/**
 * No answer from the service: `unreachable` when no connection was made (refused, unknown host), so
 * nothing was sent; `timeout` when it did not answer in time (within one attempt or the call's deadline);
 * `interrupted` when the connection broke after the request went out (reset, closed). Only `unreachable`
 * proves a write was not done. `write` tells whether the call was a write; it defaults to true, the safe
 * assumption when the caller does not know.
 */
export type NetworkFailure = "timeout" | "unreachable" | "interrupted";

const NETWORK_MESSAGES: Record<NetworkFailure, string> = {
  timeout: "the exchange did not answer in time",
  unreachable: "the exchange could not be reached",
  interrupted: "the connection to the exchange broke before its answer arrived",
};

/** The service could not be reached, did not answer in time, or its answer was lost. */
export class ExchangeNetworkError extends ExchangeError {
  readonly code = "network";
  readonly reason: NetworkFailure;
  readonly write: boolean;
  constructor(reason: NetworkFailure, options: { write?: boolean } = {}) {
    super(NETWORK_MESSAGES[reason]);
    this.name = "ExchangeNetworkError";
    this.reason = reason;
    this.write = options.write ?? true;
  }
}

/**
 * A write its caller stopped before sending it (the user's /cancel came first): nothing was sent. Not an
 * exchange error (the exchange never saw it), so no flow explains it as one; its caller says so.
 */
export class WriteNotSentError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "WriteNotSentError";
  }
}

/** The caller gave up on a read (its abort signal fired, e.g. the user sent /cancel); nothing was changed. */
export class ExchangeCancelledError extends ExchangeError {
  readonly code = "cancelled";
  constructor() {
    super("the call was cancelled by its caller");
    this.name = "ExchangeCancelledError";
  }
}

/** A response that does not match the expected shape; `issues` name the fields (`results.0.amount`). */
export class ExchangeResponseError extends ExchangeError {
  readonly code = "bad_response";
  readonly operation: string;
  readonly issues: string[];
  constructor(operation: string, issues: string[]) {
    super(`unexpected response from ${operation}: ${issues.join("; ")}`);
    this.name = "ExchangeResponseError";
    this.operation = operation;
    this.issues = issues;
  }
}

/** Any other status the spec does not describe. */
export class ExchangeHttpError extends ExchangeError {
  readonly code = "http";
  readonly status: number;
  constructor(status: number) {
    super(`unexpected HTTP status ${status}`);
    this.name = "ExchangeHttpError";
    this.status = status;
  }
}

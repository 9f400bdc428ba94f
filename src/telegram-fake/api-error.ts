/** Failed Bot API answers, thrown inside the fake's method handlers and turned into `{ ok: false }` replies. */
import type { ResponseParameters } from "grammy/types";

/** What a failed Bot API call answers: the HTTP status is the error code, as with Telegram. */
export interface ApiFailure {
  error_code: number;
  description: string;
  parameters?: ResponseParameters;
}

/** A Bot API failure raised by a method handler. */
export class FakeApiError extends Error {
  readonly failure: ApiFailure;

  /** @param failure the reply the call gets */
  constructor(failure: ApiFailure) {
    super(failure.description);
    this.name = "FakeApiError";
    this.failure = failure;
  }
}

/** A 400 "Bad Request: ..." failure. */
export function badRequest(reason: string): FakeApiError {
  return new FakeApiError({ error_code: 400, description: `Bad Request: ${reason}` });
}

/** A 403 "Forbidden: ..." failure. */
export function forbidden(reason: string): FakeApiError {
  return new FakeApiError({ error_code: 403, description: `Forbidden: ${reason}` });
}

/** A 409 "Conflict: ..." failure. */
export function conflict(reason: string): FakeApiError {
  return new FakeApiError({ error_code: 409, description: `Conflict: ${reason}` });
}

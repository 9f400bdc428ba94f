/**
 * What a failed write (create, authorize, update, delete) means for the account. Only an answer in
 * which the service refuses the request, or a failure before anything was sent, proves that nothing
 * changed; a lost, cut-off or unreadable answer leaves the write possibly done, and the caller must
 * say so and look for its effect rather than invite a second try. Shared by every flow that writes.
 */
import {
  ExchangeForbiddenError,
  ExchangeHttpError,
  ExchangeNetworkError,
  ExchangeNotFoundError,
  ExchangeRateLimitedError,
  ExchangeUnauthorizedError,
  ExchangeUnsupportedError,
  ExchangeValidationError,
  SwapRejectedError,
  WriteNotSentError,
} from "./errors.ts";

/** `not_done`: the write certainly did not happen. `unknown`: it may have happened. */
export type WriteOutcome = "not_done" | "unknown";

/**
 * Classifies the error a write failed with. Not done: refused by the service (400 and a swap
 * rejection, 401, 403, 404, 501, any other 4xx), refused by the client before sending (its own rate
 * limiter included), stopped by its caller before sending (WriteNotSentError), or no connection made. Unknown: a timeout, a connection cut after sending, a 429 the
 * service sent back (a gateway may answer it after the service acted: the write is looked for, never sent
 * again blindly), any 5xx (a proxy's 502/504 included, with or without body), a 2xx whose body cannot be
 * read, and any error that is not the client's (a bug may strike after the request went out).
 */
export function writeOutcome(error: unknown): WriteOutcome {
  if (
    error instanceof ExchangeValidationError ||
    error instanceof SwapRejectedError ||
    error instanceof ExchangeUnauthorizedError ||
    error instanceof ExchangeForbiddenError ||
    error instanceof ExchangeNotFoundError ||
    (error instanceof ExchangeRateLimitedError && !error.afterSending) ||
    error instanceof WriteNotSentError ||
    error instanceof ExchangeUnsupportedError
  ) {
    return "not_done";
  }
  if (error instanceof ExchangeHttpError)
    return error.status >= 400 && error.status < 500 ? "not_done" : "unknown";
  if (error instanceof ExchangeNetworkError) return error.reason === "unreachable" ? "not_done" : "unknown";
  return "unknown";
}

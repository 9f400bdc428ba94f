/** Which failed writes may still have happened: the rule every writing flow relies on. */
import { describe, expect, it } from "vitest";
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
  SwapRejectedError,
  writeOutcome,
} from "../../src/exchange/index.ts";

describe("writeOutcome", () => {
  it("only a refusal, or a request never sent, proves nothing was done", () => {
    const notDone = [
      new ExchangeValidationError({ amount: ["Too small."] }, false),
      new ExchangeValidationError({ amount: ["Not a number."] }, true),
      new SwapRejectedError("The price moved."),
      new ExchangeUnauthorizedError(),
      new ExchangeForbiddenError(),
      new ExchangeNotFoundError(),
      new ExchangeRateLimitedError(1000),
      new ExchangeUnsupportedError(),
      new ExchangeHttpError(409),
      new ExchangeHttpError(405),
      new ExchangeNetworkError("unreachable"),
    ];
    for (const error of notDone) expect([error.name, writeOutcome(error)]).toEqual([error.name, "not_done"]);
  });

  it("a lost, cut-off or unreadable answer leaves the write possibly done", () => {
    const unknown = [
      new ExchangeNetworkError("timeout"),
      new ExchangeNetworkError("interrupted"),
      new ExchangeServerError(500),
      new ExchangeServerError(502),
      new ExchangeServerError(504),
      new ExchangeHttpError(302),
      new ExchangeResponseError("swaps.create", ["id: missing"]),
      new TypeError("a bug after sending"),
    ];
    for (const error of unknown) expect([error.name, writeOutcome(error)]).toEqual([error.name, "unknown"]);
  });
});

/** Every exchange error in plain words, in both languages; anything else is not the exchange's. */
import { describe, expect, it } from "vitest";
import type { BotContext } from "../../src/bot/context.ts";
import { describeExchangeError } from "../../src/bot/flow-kit/exchange-errors.ts";
import { createI18n } from "../../src/bot/pipeline/i18n.ts";
import {
  ExchangeCancelledError,
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
} from "../../src/exchange/index.ts";

const i18n = createI18n();
const tIn =
  (language: string): BotContext["t"] =>
  (key, variables) =>
    i18n.t(language, key, variables);

describe("describeExchangeError", () => {
  const t = tIn("en");

  it("words field errors plainly: no field names, known messages reworded, the rest quoted as the exchange's", () => {
    const text = describeExchangeError(
      new ExchangeValidationError(
        {
          req_spend_amount: ["Ensure that there are no more than 2 decimal places."],
          src_asset: ["This field is required."],
          some_new_field: ["Must be <= 5 & > 0."],
          non_field_errors: ["Try later."],
        },
        false,
      ),
      t,
    );
    expect(text).toBe(
      [
        "The exchange did not accept that:",
        "• Amount you spend or sell: at most 2 decimal places",
        "• Asset you spend or sell: missing",
        "• A detail of the request: The exchange says: “Must be &lt;= 5 &amp; &gt; 0.”",
        "• The exchange says: “Try later.”",
      ].join("\n"),
    );
  });

  it("words field errors in Chinese too", () => {
    const text = describeExchangeError(
      new ExchangeValidationError({ req_get_amount: ["Ensure this value is greater than 0."] }, false),
      tIn("zh"),
    );
    expect(text).toContain("• 收到的数量：必须大于零");
    expect(text).not.toContain("req_get_amount");
    const unknown = describeExchangeError(
      new ExchangeValidationError({ amount: ["Withdrawals are paused."] }, false),
      tIn("zh"),
    );
    expect(unknown).toContain("• 数量：交易所原文：“Withdrawals are paused.”");
  });

  it("says what each status means and what to do", () => {
    const cases: [Error, string][] = [
      [new ExchangeUnauthorizedError(), "no longer valid. Send /connect"],
      [new ExchangeForbiddenError(), "read-only"],
      [new ExchangeNotFoundError(), "no such record"],
      [new ExchangeRateLimitedError(2500), "busy. Try again in 3 s"],
      [new ExchangeNetworkError("unreachable"), "cannot be reached right now. Nothing was done"],
      [new ExchangeNetworkError("timeout"), "may have gone through"],
      [new ExchangeNetworkError("timeout", { write: true }), "did not answer in time"],
      [new ExchangeNetworkError("interrupted"), "broke before its answer arrived"],
      [
        new ExchangeNetworkError("interrupted", { write: false }),
        "not answering right now. Nothing was changed",
      ],
      [new ExchangeNetworkError("timeout", { write: false }), "not answering right now. Nothing was changed"],
      [new ExchangeCancelledError(), "Cancelled. Nothing was changed"],
      [new ExchangeServerError(502), "had a problem (error 502)"],
      [new ExchangeHttpError(418), "refused it (error 418) without saying why"],
      [new ExchangeHttpError(502), "had a problem (error 502)"],
      [new ExchangeResponseError("swaps.get", ["id: missing"]), "could not read"],
      [new ExchangeUnsupportedError(), "does not support"],
    ];
    for (const [error, expected] of cases) expect(describeExchangeError(error, t)).toContain(expected);
  });

  it("claims nothing changed only when nothing could have", () => {
    const mayHaveHappened = [
      new ExchangeNetworkError("timeout"),
      new ExchangeNetworkError("interrupted"),
      new ExchangeServerError(502),
      new ExchangeResponseError("swaps.create", ["id: missing"]),
    ];
    for (const error of mayHaveHappened) {
      expect(describeExchangeError(error, t)).not.toMatch(/Nothing was (done|changed)/);
    }
    // The error boundary's apology covers failures after a write too.
    expect(t("something-went-wrong")).not.toMatch(/Nothing was (done|changed)/);
    expect(tIn("zh")("something-went-wrong")).not.toContain("没有任何更改");
  });

  it("speaks Chinese too", () => {
    expect(describeExchangeError(new ExchangeForbiddenError(), tIn("zh"))).toContain("只读");
  });

  it("leaves other errors to the error boundary", () => {
    expect(describeExchangeError(new TypeError("bug"), t)).toBeUndefined();
  });
});

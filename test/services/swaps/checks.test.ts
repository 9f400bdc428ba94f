/** Trade checks made before any exchange call: precision per asset, the minimum order, the balance. */
import { describe, expect, it } from "vitest";
import type { Ticker } from "../../../src/exchange/index.ts";
import { audValueOf, checkTrade, MIN_ORDER_AUD, shareOf } from "../../../src/services/swaps/checks.ts";

const ticker: Ticker = { BTC: { buy: "150000", sell: "149000" }, ETH: { buy: "5000", sell: "4990" } };
const rich = { AUD: "100000", BTC: "10", ETH: "10" };

describe("checkTrade", () => {
  it("AUD takes cents, crypto 8 places, counted in the asset the amount is given in", () => {
    expect(
      checkTrade({ src: "AUD", dst: "BTC", amount: "10.001", side: "spend" }, "buy", ticker, rich),
    ).toEqual({ code: "too_precise", asset: "AUD", decimals: 2 });
    expect(
      checkTrade({ src: "AUD", dst: "BTC", amount: "0.000123456", side: "receive" }, "buy", ticker, rich),
    ).toEqual({ code: "too_precise", asset: "BTC", decimals: 8 });
    expect(
      checkTrade({ src: "BTC", dst: "AUD", amount: "0.00012345", side: "spend" }, "sell", ticker, rich),
    ).toBeUndefined();
  });

  it("an order under MIN_ORDER_AUD is refused; exactly the minimum passes", () => {
    expect(MIN_ORDER_AUD).toBe("1");
    const below = { code: "below_minimum", minimum: "1" };
    expect(
      checkTrade({ src: "AUD", dst: "BTC", amount: "0.99", side: "spend" }, "buy", ticker, rich),
    ).toEqual(below);
    expect(
      checkTrade({ src: "AUD", dst: "BTC", amount: "1", side: "spend" }, "buy", ticker, rich),
    ).toBeUndefined();
    // 0.0000067 BTC at the bid of 149,000 is $0.9983.
    expect(
      checkTrade({ src: "BTC", dst: "ETH", amount: "0.0000067", side: "spend" }, "swap", ticker, rich),
    ).toEqual(below);
    expect(
      checkTrade({ src: "AUD", dst: "ETH", amount: "0.0001", side: "receive" }, "buy", ticker, rich),
    ).toEqual(below);
  });

  it("over the balance, only when spending a fixed amount", () => {
    expect(
      checkTrade({ src: "ETH", dst: "AUD", amount: "11", side: "spend" }, "sell", ticker, rich),
    ).toMatchObject({
      code: "over_balance",
    });
    expect(
      checkTrade({ src: "ETH", dst: "AUD", amount: "100000", side: "receive" }, "sell", ticker, rich),
    ).toBeUndefined();
  });
});

describe("audValueOf and shareOf", () => {
  it("values a spent crypto at the bid and a received one at the ask", () => {
    expect(audValueOf({ src: "BTC", dst: "AUD", amount: "0.01", side: "spend" }, ticker)).toBe("1490");
    expect(audValueOf({ src: "AUD", dst: "BTC", amount: "0.01", side: "receive" }, ticker)).toBe("1500");
    expect(audValueOf({ src: "AUD", dst: "BTC", amount: "25", side: "spend" }, ticker)).toBe("25");
  });

  it("rounds a share down to the asset's precision", () => {
    expect(shareOf("100.01", 50, "AUD")).toBe("50");
    expect(shareOf("0.123456789", 100, "BTC")).toBe("0.12345678");
  });
});

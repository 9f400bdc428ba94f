/** The checks a recurring trade passes before any exchange call. */
import { describe, expect, it } from "vitest";
import { DIRECTION, type Ticker } from "../../../src/exchange/index.ts";
import {
  checkQuantity,
  checkStart,
  isPeriod,
  quantityAsset,
} from "../../../src/services/recurring/checks.ts";

const ticker: Ticker = {
  BTC: { buy: "100500", sell: "99500", last: "100000" },
  DOGE: { buy: "0.21", sell: "0.19", last: "0.2" },
};
describe("checkQuantity", () => {
  it("a buy counts AUD: cents at most, a dollar at least", () => {
    expect(checkQuantity("100", "BTC", DIRECTION.BUY, ticker)).toEqual({ quantity: "100" });
    expect(checkQuantity("$1,250.50", "BTC", DIRECTION.BUY, ticker)).toEqual({ quantity: "1250.5" });
    expect(checkQuantity("1", "BTC", DIRECTION.BUY, {})).toEqual({ quantity: "1" });
    expect(checkQuantity("10.001", "BTC", DIRECTION.BUY, ticker)).toEqual({
      code: "too_precise",
      asset: "AUD",
      decimals: 2,
    });
    expect(checkQuantity("0.99", "BTC", DIRECTION.BUY, {})).toEqual({ code: "below_minimum", minimum: "1" });
  });

  it("a sell counts the asset: 8 places at most, worth a dollar at the bid", () => {
    expect(checkQuantity("0.00001006", "BTC", DIRECTION.SELL, ticker)).toEqual({ quantity: "0.00001006" });
    // 0.00001 BTC at a 99,500 bid is $0.995.
    expect(checkQuantity("0.00001", "BTC", DIRECTION.SELL, ticker)).toEqual({
      code: "below_minimum",
      minimum: "1",
    });
    expect(checkQuantity("0.000000001", "BTC", DIRECTION.SELL, ticker)).toEqual({
      code: "too_precise",
      asset: "BTC",
      decimals: 8,
    });
    expect(checkQuantity("5", "DOGE", DIRECTION.SELL, ticker)).toEqual({
      code: "below_minimum",
      minimum: "1",
    });
    expect(checkQuantity("6", "DOGE", DIRECTION.SELL, ticker)).toEqual({ quantity: "6" });
    // Without a price the minimum cannot be judged here; the precision still can.
    expect(checkQuantity("5", "DOGE", DIRECTION.SELL, {})).toEqual({ quantity: "5" });
  });

  it.each(["", "abc", "-5", "0", "0.00", "1e3", "1/2", "NaN", "Infinity", "1,00", "9".repeat(41)])(
    "%j is not an amount",
    (input) => {
      expect(checkQuantity(input, "BTC", DIRECTION.BUY, ticker)).toEqual({ code: "not_amount", input });
    },
  );
});

describe("the rest", () => {
  it("a start must not have passed", () => {
    expect(checkStart(new Date(1000), 999)).toBeUndefined();
    expect(checkStart(new Date(1000), 1000)).toBeUndefined();
    expect(checkStart(new Date(1000), 1001)).toEqual({ code: "start_past" });
  });

  it("the quantity is AUD for a buy, the asset for a sell; the offered cadences", () => {
    expect(quantityAsset("ETH", DIRECTION.BUY)).toBe("AUD");
    expect(quantityAsset("ETH", DIRECTION.SELL)).toBe("ETH");
    expect(["daily", "weekly", "fortnightly", "monthly"].every(isPeriod)).toBe(true);
    expect(isPeriod("hourly")).toBe(false);
  });
});

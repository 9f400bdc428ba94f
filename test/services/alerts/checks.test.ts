/** The alert checks as pure functions: typed numbers, sides, a crossed level, the balance and the request. */
import { describe, expect, it } from "vitest";
import {
  type AlertDraft,
  checkDraft,
  checkLevel,
  checkTrade,
  createRequest,
  distancePercent,
  firesAtOnce,
  parsePositive,
  resolvedMatch,
  sideAsset,
  spendAtLevel,
} from "../../../src/services/alerts/triggers/checks.ts";

const BTC = { buy: "101", sell: "99" };
const ticker = { BTC };
const alert: AlertDraft = {
  asset: "BTC",
  level: "110",
  match: "above",
  action: "alert",
  notifyEmail: false,
  notifySms: false,
};

describe("typed numbers", () => {
  it("tells a non-number from a number that is not positive", () => {
    expect(parsePositive("100,000")).toEqual({ value: "100000" });
    expect(parsePositive("$2,500.50")).toEqual({ value: "2500.5" });
    expect(parsePositive(" 0.05 ")).toEqual({ value: "0.05" });
    expect(parsePositive("160k")).toEqual({ value: "160000" });
    expect(parsePositive("1.5万")).toEqual({ value: "15000" });
    for (const text of ["abc", "1e5", "1,00", "", "1.2.3", "--1", "1".repeat(41)])
      expect(parsePositive(text), text).toEqual({ error: "not_number" });
    for (const text of ["0", "-5", "0.000", "-0"])
      expect(parsePositive(text), text).toEqual({ error: "not_positive" });
  });

  it("a level has at most 8 decimals", () => {
    expect(checkLevel("0.00000001")).toEqual({ level: "0.00000001" });
    expect(checkLevel("0.000000001")).toEqual({ problem: { code: "level_too_precise", decimals: 8 } });
  });
});

describe("sides and levels", () => {
  it("counts a quantity in AUD when spent on a buy or got for a sell", () => {
    expect(sideAsset("BTC", "buy", "spend")).toBe("AUD");
    expect(sideAsset("BTC", "buy", "receive")).toBe("BTC");
    expect(sideAsset("BTC", "sell", "spend")).toBe("BTC");
    expect(sideAsset("BTC", "sell", "receive")).toBe("AUD");
  });

  it("a level already crossed fires at once; automatic never does and resolves by the market", () => {
    expect(firesAtOnce({ level: "100", match: "above" }, BTC)).toBe(true);
    expect(firesAtOnce({ level: "100.5", match: "above" }, BTC)).toBe(false);
    expect(firesAtOnce({ level: "100", match: "below" }, BTC)).toBe(true);
    expect(firesAtOnce({ level: "99", match: "below" }, BTC)).toBe(false);
    expect(firesAtOnce({ level: "100", match: "auto" }, BTC)).toBe(false);
    expect(resolvedMatch({ level: "120", match: "auto" }, BTC)).toBe("above");
    expect(resolvedMatch({ level: "80", match: "auto" }, BTC)).toBe("below");
    expect(distancePercent("110", BTC)).toBe("10");
    expect(distancePercent("90", { ...BTC, last: "120" })).toBe("-25");
  });
});

describe("trades", () => {
  const buy: AlertDraft = { ...alert, level: "100", action: "buy", side: "spend", quantity: "50" };

  it("a receive-side quantity is priced at the level", () => {
    expect(spendAtLevel({ ...buy, side: "receive", quantity: "0.5" })).toEqual({
      asset: "AUD",
      amount: "50",
    });
    expect(spendAtLevel({ ...buy, action: "sell", side: "receive", quantity: "30" })).toEqual({
      asset: "BTC",
      amount: "0.3",
    });
    // Rounded up: the estimate never understates what is needed.
    expect(spendAtLevel({ ...buy, action: "sell", side: "receive", quantity: "1", level: "3" })?.amount).toBe(
      "0.33333334",
    );
  });

  it("refuses a read-only key, too many decimals, under the minimum and over the balance, in that order", () => {
    expect(checkTrade(buy, "read_only", { AUD: "1000" })).toEqual({ code: "read_only" });
    expect(checkTrade({ ...buy, quantity: "1.001" }, "read_write", {})).toMatchObject({
      code: "quantity_too_precise",
      asset: "AUD",
    });
    expect(checkTrade({ ...buy, quantity: "0.99" }, "read_write", {})).toMatchObject({
      code: "below_minimum",
    });
    expect(checkTrade(buy, "read_write", { AUD: "49.99" })).toEqual({
      code: "over_balance",
      asset: "AUD",
      amount: "50",
      balance: "49.99",
    });
    expect(checkTrade(buy, "read_write", { AUD: "50" })).toBeUndefined();
    expect(checkTrade(alert, "read_only", {})).toBeUndefined();
  });

  it("checks the asset against the ticker first", () => {
    expect(checkDraft({ ...alert, asset: "NOPE" }, ticker, "read_write", {})).toEqual({
      code: "unknown_asset",
      asset: "NOPE",
    });
    expect(checkDraft(alert, ticker, "read_write", {})).toBeUndefined();
  });
});

describe("the create request", () => {
  it("sends the side as match, the action as direction and exactly one quantity", () => {
    expect(createRequest(alert)).toEqual({
      asset: "BTC",
      price: "110",
      match: 1,
      notify_email: false,
      notify_sms: false,
      order_direction: null,
    });
    expect(
      createRequest({ ...alert, match: "auto", action: "sell", side: "receive", quantity: "5" }),
    ).toEqual({
      asset: "BTC",
      price: "110",
      match: null,
      notify_email: false,
      notify_sms: false,
      order_direction: 20,
      order_get_quantity: "5",
    });
    expect(
      createRequest({ ...alert, match: "below", action: "buy", side: "spend", quantity: "5" }),
    ).toMatchObject({
      match: 2,
      order_direction: 10,
      order_quantity: "5",
    });
  });
});

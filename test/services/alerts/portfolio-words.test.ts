/**
 * The typed words of portfolio alerts in both languages, through parsePortfolioAlertSpec as the chat uses
 * them: amounts with k / m, commas, "$", "AUD", 千 and 万 as decimal strings; a value without a side left
 * open; digits inside a word never an amount; a spec written back as words reads as the same spec.
 */
import { describe, expect, it } from "vitest";
import {
  type PortfolioAlertSpec,
  parsePortfolioAlertSpec,
} from "../../../src/services/alerts/portfolio/kinds.ts";
import {
  accountNamed,
  portfolioKindNamed,
  portfolioWordsOf,
  readPortfolioQuickForm,
  readPortfolioRequest,
  valueSideNamed,
} from "../../../src/services/alerts/portfolio/words.ts";

function spec(args: string): PortfolioAlertSpec | string | undefined {
  const form = readPortfolioQuickForm(args);
  if (form === undefined) return undefined;
  const parsed = parsePortfolioAlertSpec({ ...form.words, asset: form.asset });
  return parsed.ok ? parsed.spec : parsed.error;
}

const value = (direction: string, level: string) => ({ kind: "portfolio_value", direction, level });

describe("readPortfolioQuickForm", () => {
  it.each([
    ["portfolio below 50000", value("below", "50000")],
    ["portfolio above 120k", value("above", "120000")],
    ["Portfolio > 1.2M", value("above", "1200000")],
    ["portfolio below $50,000", value("below", "50000")],
    ["portfolio under 45,000.50 AUD", value("below", "45000.5")],
    ["account over a$2k", value("above", "2000")],
    ["资产 低于 5万", value("below", "50000")],
    ["总资产高于12万", value("above", "120000")],
    ["我的资产 低于 8千", value("below", "8000")],
    ["portfolio day 5%", { kind: "portfolio_day", direction: "either", percent: "5" }],
    ["portfolio day -3%", { kind: "portfolio_day", direction: "down", percent: "3" }],
    ["portfolio day +2.5%", { kind: "portfolio_day", direction: "up", percent: "2.5" }],
    ["portfolio down 4% today", { kind: "portfolio_day", direction: "down", percent: "4" }],
    ["组合 今天 涨跌 5%", { kind: "portfolio_day", direction: "either", percent: "5" }],
    ["组合 今日 下跌 5%", { kind: "portfolio_day", direction: "down", percent: "5" }],
    ["btc return 20%", { kind: "asset_return", asset: "BTC", direction: "either", percent: "20" }],
    ["btc return -10%", { kind: "asset_return", asset: "BTC", direction: "down", percent: "10" }],
    ["eth up 50% on what I paid", { kind: "asset_return", asset: "ETH", direction: "up", percent: "50" }],
    ["BTC 收益 超过 20%", { kind: "asset_return", asset: "BTC", direction: "up", percent: "20" }],
    ["BTC 盈亏 15%", { kind: "asset_return", asset: "BTC", direction: "either", percent: "15" }],
  ])("%s", (args, expected) => {
    expect(spec(args)).toEqual(expected);
  });

  it.each([
    ["portfolio day 500%", "percent-range"],
    ["portfolio day 5.555%", "percent-format"],
    ["btc return 2000%", "percent-range"],
    ["aud return 5%", "asset"],
    ["portfolio below lots", "level-format"],
    ["portfolio below 0.001", "level-format"],
    ["portfolio above 2000b", "level-range"],
    ["portfolio below probe304bb415", "level-format"],
    // No side, or both: left open for the chat to ask.
    ["portfolio 50000", "direction"],
    ["portfolio above or below 50000", "direction"],
  ])("%s is refused: %s", (args, error) => {
    expect(spec(args)).toBe(error);
  });

  it("other forms are not portfolio alerts", () => {
    expect(readPortfolioQuickForm("btc above 100000")).toBeUndefined();
    expect(readPortfolioQuickForm("btc moves 5% 1h")).toBeUndefined();
    expect(readPortfolioQuickForm("eth every 2%")).toBeUndefined();
  });

  it.each([
    value("below", "50000"),
    value("above", "1000000000000"),
    { kind: "portfolio_day", direction: "either", percent: "5" },
    { kind: "portfolio_day", direction: "down", percent: "0.1" },
    { kind: "asset_return", asset: "BTC", direction: "up", percent: "1000" },
  ])("a spec written back as words reads the same: %o", (original) => {
    const parsed = parsePortfolioAlertSpec(original);
    if (!parsed.ok) throw new Error(parsed.error);
    const asset = parsed.spec.kind === "asset_return" ? parsed.spec.asset : undefined;
    expect(spec(portfolioWordsOf(parsed.spec, asset))).toEqual(parsed.spec);
  });
});

describe("readPortfolioRequest", () => {
  it("reads the account only without an asset, a return only with one asset", () => {
    expect(readPortfolioRequest("alert me if my portfolio falls below 50k", [])).toEqual({
      kind: "portfolio_value",
      direction: "below",
      level: "50000",
    });
    expect(readPortfolioRequest("alert me if my portfolio falls below 50k", ["BTC"])).toBeUndefined();
    expect(readPortfolioRequest("alert me when btc moves 5% in 1h", ["BTC"])).toBeUndefined();
    expect(readPortfolioRequest("alert me when btc or eth return 5%", ["BTC", "ETH"])).toBeUndefined();
  });
});

describe("the guided steps' typed words", () => {
  it.each([
    ["day return", "portfolio_day"],
    ["当日收益", "portfolio_day"],
    ["total value", "portfolio_value"],
    ["总资产", "portfolio_value"],
    ["return", "asset_return"],
    ["收益", "asset_return"],
    ["hello", undefined],
  ])("%s names %s", (text, kind) => {
    expect(portfolioKindNamed(text)).toBe(kind);
  });

  it("sides and the account", () => {
    expect(valueSideNamed("below")).toBe("below");
    expect(valueSideNamed("高于")).toBe("above");
    expect(valueSideNamed("above or below")).toBeUndefined();
    expect(accountNamed("my portfolio")).toBe(true);
    expect(accountNamed("我的全部资产")).toBe(true);
    expect(accountNamed("bitcoin")).toBe(false);
  });
});

/**
 * The typed words of market alerts in both languages, through parseMarketAlertSpec as the chat uses them,
 * and a spec written back as words reads as the same spec.
 */
import { describe, expect, it } from "vitest";
import { type MarketAlertSpec, parseMarketAlertSpec } from "../../../src/services/alerts/market/kinds.ts";
import { marketWordsOf, readMarketWords } from "../../../src/services/alerts/market/words.ts";

function spec(words: string): MarketAlertSpec | string | undefined {
  const read = readMarketWords(words);
  if (read === undefined) return undefined;
  const parsed = parseMarketAlertSpec({ ...read, asset: "BTC" });
  return parsed.ok ? parsed.spec : parsed.error;
}

describe("readMarketWords", () => {
  it.each([
    ["moves 5% in 1h", { kind: "move", asset: "BTC", window: "1h", direction: "either", percent: "5" }],
    ["up 3% 15m", { kind: "move", asset: "BTC", window: "15m", direction: "up", percent: "3" }],
    ["down 10% 24h", { kind: "move", asset: "BTC", window: "24h", direction: "down", percent: "10" }],
    ["drops 10% in 4 hours", { kind: "move", asset: "BTC", window: "4h", direction: "down", percent: "10" }],
    ["moves 5% in an hour", { kind: "move", asset: "BTC", window: "1h", direction: "either", percent: "5" }],
    ["24h change 8%", { kind: "day_change", asset: "BTC", direction: "either", percent: "8" }],
    ["every 2%", { kind: "step", asset: "BTC", percent: "2" }],
    ["rsi", { kind: "rsi", asset: "BTC", direction: "either", low: "30", high: "70" }],
    ["rsi 25 75", { kind: "rsi", asset: "BTC", direction: "either", low: "25", high: "75" }],
    ["oversold rsi", { kind: "rsi", asset: "BTC", direction: "down", low: "30", high: "70" }],
    ["1小时 涨跌 5%", { kind: "move", asset: "BTC", window: "1h", direction: "either", percent: "5" }],
    ["15分钟 上涨 3%", { kind: "move", asset: "BTC", window: "15m", direction: "up", percent: "3" }],
    ["24小时 下跌 10%", { kind: "move", asset: "BTC", window: "24h", direction: "down", percent: "10" }],
    ["24小时涨跌幅 8%", { kind: "day_change", asset: "BTC", direction: "either", percent: "8" }],
    ["每 2%", { kind: "step", asset: "BTC", percent: "2" }],
    ["每涨跌2%", { kind: "step", asset: "BTC", percent: "2" }],
    ["rsi 超卖", { kind: "rsi", asset: "BTC", direction: "down", low: "30", high: "70" }],
  ])("%s", (words, expected) => {
    expect(spec(words)).toEqual(expected);
  });

  it("words of the price-level form are not a market alert", () => {
    for (const words of ["above 100000", "100000", "below 90000 buy 500", "6000 sell get 2500 email sms"])
      expect(readMarketWords(words)).toBeUndefined();
  });

  it("each refusal has its code", () => {
    expect(spec("moves 5%")).toBe("window");
    expect(spec("moves 5% 2h")).toBe("window");
    expect(spec("moves 1h")).toBe("percent-format");
    expect(spec("moves 500% 1h")).toBe("percent-range");
    expect(spec("every 0.1%")).toBe("percent-range");
    expect(spec("rsi 2 70")).toBe("rsi-range");
    expect(spec("rsi 45 50")).toBe("rsi-spread");
    expect(spec("moves 5.125% 1h")).toBe("percent-format");
  });

  it("a spec written as words reads back as itself", () => {
    const specs: MarketAlertSpec[] = [
      { kind: "move", asset: "BTC", window: "4h", direction: "down", percent: "2.5" },
      { kind: "move", asset: "BTC", window: "15m", direction: "either", percent: "1" },
      { kind: "day_change", asset: "BTC", direction: "up", percent: "8" },
      { kind: "day_change", asset: "BTC", direction: "either", percent: "8" },
      { kind: "step", asset: "BTC", percent: "0.5" },
      { kind: "rsi", asset: "BTC", direction: "up", low: "25", high: "80" },
      { kind: "rsi", asset: "BTC", direction: "either", low: "30", high: "70" },
    ];
    for (const s of specs) expect(spec(marketWordsOf(s))).toEqual(s);
  });
});

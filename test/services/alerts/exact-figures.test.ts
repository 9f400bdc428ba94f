/**
 * The alert words never change a typed figure: what cannot be read exactly ("1e5%", "5e1%", "-50000", "NaN",
 * a fall past 100 %) is refused by the check, never read in part; "1.5m" after a level is a million and a
 * half, not a window.
 */
import { describe, expect, it } from "vitest";
import { parseMarketAlertSpec } from "../../../src/services/alerts/market/kinds.ts";
import { readMarketWords } from "../../../src/services/alerts/market/words.ts";
import { parsePortfolioAlertSpec } from "../../../src/services/alerts/portfolio/kinds.ts";
import { readPortfolioQuickForm } from "../../../src/services/alerts/portfolio/words.ts";

const market = (words: string) => {
  const read = readMarketWords(words);
  return read === undefined ? undefined : parseMarketAlertSpec({ ...read, asset: "BTC" });
};
const portfolio = (args: string) => {
  const form = readPortfolioQuickForm(args);
  return form === undefined ? undefined : parsePortfolioAlertSpec({ ...form.words, asset: form.asset });
};

describe("figures read exactly or refused", () => {
  it.each(["moves 1e5% 1h", "moves 5e1% 1h", "up -5% 1h", "every 2e1%", "24h change NaN%"])(
    "%j is refused, not read in part",
    (words) => {
      expect(market(words)).toMatchObject({ ok: false, error: "percent-format" });
    },
  );

  it("rsi NaN 70 is refused", () => {
    expect(market("rsi NaN 70")).toMatchObject({ ok: false, error: "rsi-format" });
  });

  it("plain figures still read as typed", () => {
    expect(market("moves 5% 1h")).toMatchObject({ ok: true, spec: { percent: "5", window: "1h" } });
    expect(market("every 2.5%")).toMatchObject({ ok: true, spec: { kind: "step", percent: "2.5" } });
    expect(market("rsi 30 70")).toMatchObject({ ok: true, spec: { low: "30", high: "70" } });
    expect(market("moves 5% 15m")).toMatchObject({ ok: true, spec: { window: "15m" } });
  });

  it("a level of 1.5m is no window: the words are the price-level form's", () => {
    expect(readMarketWords("above 1.5m")).toBeUndefined();
  });

  it("a negative portfolio level and a fall past 100 % are refused", () => {
    expect(portfolio("portfolio below -50000")).toMatchObject({ ok: false });
    expect(portfolio("BTC return -1000%")).toMatchObject({ ok: false, error: "percent-range" });
    expect(portfolio("BTC return -50%")).toMatchObject({
      ok: true,
      spec: { direction: "down", percent: "50" },
    });
    expect(portfolio("portfolio below 50000")).toMatchObject({ ok: true });
  });
});

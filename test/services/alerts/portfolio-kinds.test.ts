import { describe, expect, it } from "vitest";
import {
  parsePortfolioAlertSpec,
  parsePortfolioAlertState,
  portfolioReadEvery,
} from "../../../src/services/alerts/portfolio/kinds.ts";

describe("parsePortfolioAlertSpec", () => {
  it("accepts each kind in canonical form", () => {
    expect(
      parsePortfolioAlertSpec({ kind: "portfolio_value", level: " 0100000.50 ", direction: "above" }),
    ).toEqual({
      ok: true,
      spec: { kind: "portfolio_value", level: "100000.5", direction: "above" },
    });
    expect(parsePortfolioAlertSpec({ kind: "portfolio_value", level: 2500, direction: "below" })).toEqual({
      ok: true,
      spec: { kind: "portfolio_value", level: "2500", direction: "below" },
    });
    expect(parsePortfolioAlertSpec({ kind: "portfolio_day", percent: "05.50" })).toEqual({
      ok: true,
      spec: { kind: "portfolio_day", direction: "either", percent: "5.5" },
    });
    expect(
      parsePortfolioAlertSpec({ kind: "asset_return", asset: " btc ", direction: "up", percent: "1000" }),
    ).toEqual({
      ok: true,
      spec: { kind: "asset_return", asset: "BTC", direction: "up", percent: "1000" },
    });
    // A fall of all of it is the most a return can fall.
    expect(
      parsePortfolioAlertSpec({ kind: "asset_return", asset: "BTC", direction: "down", percent: "100" }),
    ).toMatchObject({ ok: true });
  });

  it("refuses what it cannot watch, with a code the chat can word", () => {
    const cases: [unknown, string][] = [
      [null, "not-an-object"],
      ["portfolio_value", "not-an-object"],
      [{ kind: "value" }, "kind"],
      [{ kind: "portfolio_value", level: "100" }, "direction"],
      [{ kind: "portfolio_value", level: "100", direction: "up" }, "direction"],
      [{ kind: "portfolio_value", level: "1,000", direction: "above" }, "level-format"],
      [{ kind: "portfolio_value", level: "10.001", direction: "above" }, "level-format"],
      [{ kind: "asset_return", asset: "BTC", direction: "down", percent: "1000" }, "percent-range"],
      [{ kind: "portfolio_value", level: "-5", direction: "above" }, "level-format"],
      [{ kind: "portfolio_value", level: "1e5", direction: "above" }, "level-format"],
      [{ kind: "portfolio_value", level: "0", direction: "above" }, "level-range"],
      [{ kind: "portfolio_value", level: "0.00", direction: "below" }, "level-range"],
      [{ kind: "portfolio_value", level: "1000000000000.01", direction: "below" }, "level-range"],
      [{ kind: "portfolio_day", percent: "0.09" }, "percent-range"],
      [{ kind: "portfolio_day", percent: "100.01" }, "percent-range"],
      [{ kind: "portfolio_day", percent: "5", direction: "above" }, "direction"],
      [{ kind: "portfolio_day", percent: "five" }, "percent-format"],
      [{ kind: "portfolio_day" }, "percent-format"],
      [{ kind: "asset_return", asset: "BTC", percent: "1000.01" }, "percent-range"],
      [{ kind: "asset_return", asset: "BTC", percent: "0.123" }, "percent-format"],
      [{ kind: "asset_return", asset: "aud", percent: "5" }, "asset"],
      [{ kind: "asset_return", asset: "BT-C", percent: "5" }, "asset"],
      [{ kind: "asset_return", percent: "5" }, "asset"],
    ];
    for (const [raw, error] of cases)
      expect(parsePortfolioAlertSpec(raw), JSON.stringify(raw)).toEqual({ ok: false, error });
  });

  it("keeps the bounds themselves", () => {
    expect(parsePortfolioAlertSpec({ kind: "portfolio_value", level: "0.01", direction: "below" }).ok).toBe(
      true,
    );
    expect(
      parsePortfolioAlertSpec({ kind: "portfolio_value", level: "1000000000000", direction: "above" }).ok,
    ).toBe(true);
    expect(parsePortfolioAlertSpec({ kind: "portfolio_day", percent: "0.1" }).ok).toBe(true);
    expect(parsePortfolioAlertSpec({ kind: "portfolio_day", percent: "100" }).ok).toBe(true);
  });
});

describe("parsePortfolioAlertState", () => {
  it("reads a stored state back and starts malformed ones again", () => {
    const s = { phase: "fired", side: "down", firedAt: 5, firedFigure: "-3.2" };
    expect(parsePortfolioAlertState(JSON.parse(JSON.stringify(s)))).toEqual(s);
    expect(parsePortfolioAlertState({ phase: "fired" })).toEqual({ phase: "new" });
    expect(parsePortfolioAlertState({ phase: "odd", side: "left" })).toEqual({ phase: "new" });
    expect(parsePortfolioAlertState("x")).toEqual({ phase: "new" });
  });
});

describe("portfolioReadEvery", () => {
  /** Private reads a minute at steady state: the beat's trigger read plus r reads every k-th beat. */
  const perMinute = (p: number, r: number, k: number) => (60 / p) * (1 + r / k);

  it("gives the default heartbeat's numbers", () => {
    expect(portfolioReadEvery(60, 1)).toBe(5);
    expect(portfolioReadEvery(60, 2)).toBe(10);
    expect(portfolioReadEvery(3600, 2)).toBe(1);
    expect(portfolioReadEvery(100, 1)).toBe(1);
    expect(portfolioReadEvery(75, 2)).toBe(4);
  });

  it("has no room when the heartbeat alone uses the budget", () => {
    expect(portfolioReadEvery(50, 1)).toBeNull();
    expect(portfolioReadEvery(5, 1)).toBeNull();
  });

  it("stays within 1.2 reads a minute with the smallest k that does, for every allowed heartbeat", () => {
    for (let p = 5; p <= 3600; p++) {
      for (const r of [1, 2]) {
        const k = portfolioReadEvery(p, r);
        if (k === null) {
          expect(60 / p, `P=${p}`).toBeGreaterThanOrEqual(1.2);
          continue;
        }
        expect(perMinute(p, r, k), `P=${p} r=${r}`).toBeLessThanOrEqual(1.2 + 1e-9);
        if (k > 1) expect(perMinute(p, r, k - 1), `P=${p} r=${r}`).toBeGreaterThan(1.2 + 1e-9);
      }
    }
  });
});

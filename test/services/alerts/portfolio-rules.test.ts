import { describe, expect, it } from "vitest";
import type { PortfolioStatistics } from "../../../src/exchange/index.ts";
import {
  type PortfolioAlert,
  type PortfolioAlertSpec,
  type PortfolioAlertState,
  parsePortfolioAlertSpec,
} from "../../../src/services/alerts/portfolio/kinds.ts";
import {
  evaluatePortfolioAlerts,
  type PortfolioAlertEvent,
  type PortfolioFigures,
  portfolioFigures,
} from "../../../src/services/alerts/portfolio/rules.ts";

function spec(raw: object): PortfolioAlertSpec {
  const parsed = parsePortfolioAlertSpec(raw);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.spec;
}

/** Feeds one alert the readings in turn, carrying its state; the events of each reading. */
function run(
  s: PortfolioAlertSpec,
  readings: PortfolioFigures[],
  state: PortfolioAlertState = { phase: "new" },
) {
  const events: PortfolioAlertEvent[][] = [];
  readings.forEach((figures, i) => {
    const result = evaluatePortfolioAlerts([{ id: "a", spec: s, state }], figures, i);
    for (const c of result.changed) state = c.state;
    events.push(result.events);
  });
  return { events, state };
}

const total = (t: string | null): PortfolioFigures => ({ total: t, dayPercent: null, assets: {} });
const day = (d: string | null): PortfolioFigures => ({ total: null, dayPercent: d, assets: {} });
const btc = (r: string | null | undefined): PortfolioFigures => ({
  total: null,
  dayPercent: null,
  assets: r === undefined ? {} : { BTC: r },
});
const fired = (events: PortfolioAlertEvent[][]) =>
  events.map((e) => e.map((x) => `${x.direction}:${x.figure}`).join());

describe("portfolio_value", () => {
  const above = spec({ kind: "portfolio_value", level: "100000", direction: "above" });
  const below = spec({ kind: "portfolio_value", level: "100000", direction: "below" });

  it("fires on a crossing above, re-arms only 1 % below the level", () => {
    const { events } = run(
      above,
      ["99000", "100000", "100500", "99000.01", "99000", "98999.99", "99500", "100000.00"].map(total),
    );
    expect(fired(events)).toEqual(["", "up:100000", "", "", "", "", "", "up:100000.00"]);
    expect(events[1]?.[0]).toEqual({
      id: "a",
      kind: "portfolio_value",
      direction: "up",
      at: 1,
      figure: "100000",
      threshold: "100000",
    });
  });

  it("fires on a crossing below, re-arms only 1 % above", () => {
    const { events } = run(
      below,
      ["100000.01", "99999.99", "100999.99", "99000", "101000.01", "100000"].map(total),
    );
    expect(fired(events)).toEqual(["", "down:99999.99", "", "", "", "down:100000"]);
  });

  it("does not fire without a crossing; a new alert past its level fires at its first reading, then waits to re-arm", () => {
    expect(fired(run(above, ["50000", "99999.99", "99000"].map(total)).events)).toEqual(["", "", ""]);
    const past = run(above, ["150000", "120000", "100000", "98999.99", "100000"].map(total));
    expect(fired(past.events)).toEqual(["up:150000", "", "", "", "up:100000"]);
  });

  it("an unknown total never fires and never re-arms", () => {
    const { events, state } = run(above, [
      total("90000"),
      total(null),
      total("100000"),
      total(null),
      total("98000"),
      total(null),
      total("101000"),
    ]);
    expect(fired(events)).toEqual(["", "", "up:100000", "", "", "", "up:101000"]);
    expect(state).toMatchObject({ phase: "fired", side: "up", firedAt: 6, firedFigure: "101000" });
    // A new alert stays new while the figure is unknown: its first known figure decides.
    expect(fired(run(above, [total(null), total("150000")]).events)).toEqual(["", "up:150000"]);
  });
});

describe("portfolio_day and asset_return", () => {
  it("fire on a crossing of +X or -X and re-arm once back within four fifths of X", () => {
    const either = spec({ kind: "portfolio_day", percent: "5" });
    const { events } = run(either, ["0", "5", "4.5", "4", "3.99", "-6", "-4.01", "-3.9", "-5.1"].map(day));
    expect(fired(events)).toEqual(["", "up:5", "", "", "", "down:-6", "", "", "down:-5.1"]);
  });

  it("re-arms and fires on the other side in one reading", () => {
    const either = spec({ kind: "asset_return", asset: "BTC", percent: "10" });
    expect(fired(run(either, ["0", "12", "-10"].map(btc)).events)).toEqual(["", "up:12", "down:-10"]);
  });

  it("watch only their direction", () => {
    const up = spec({ kind: "asset_return", asset: "BTC", direction: "up", percent: "20" });
    expect(fired(run(up, ["0", "-50", "19.99", "20.5"].map(btc)).events)).toEqual(["", "", "", "up:20.5"]);
    const down = spec({ kind: "portfolio_day", direction: "down", percent: "2.5" });
    expect(fired(run(down, ["0", "30", "-2.49", "-2.5"].map(day)).events)).toEqual(["", "", "", "down:-2.5"]);
  });

  it("an asset not held (or with no return) is unknown", () => {
    const up = spec({ kind: "asset_return", asset: "BTC", direction: "up", percent: "20" });
    const { events } = run(up, [
      btc("0"),
      btc(undefined),
      btc(null),
      btc("25"),
      btc(undefined),
      btc("10"),
      btc(null),
      btc("30"),
    ]);
    expect(fired(events)).toEqual(["", "", "", "up:25", "", "", "", "up:30"]);
    const event = run(up, [btc("0"), btc("25")]).events[1]?.[0];
    expect(event).toEqual({
      id: "a",
      kind: "asset_return",
      direction: "up",
      at: 1,
      figure: "25",
      threshold: "20",
      asset: "BTC",
    });
  });

  it("lists a state only when it changed", () => {
    const alert: PortfolioAlert = {
      id: "x",
      spec: spec({ kind: "portfolio_day", percent: "5" }),
      state: { phase: "armed" },
    };
    expect(evaluatePortfolioAlerts([alert], day("1"), 0)).toEqual({ events: [], changed: [] });
    expect(evaluatePortfolioAlerts([alert], day(null), 0)).toEqual({ events: [], changed: [] });
  });
});

describe("portfolioFigures", () => {
  const asset = (a: string, balance: string, value: string, ret: string | null) => ({
    asset: a,
    approximate_value: value,
    current_balance: balance,
    current_buy_price: null,
    current_sell_price: null,
    last_buy_price: null,
    last_sell_price: null,
    day_buy_return: null,
    day_buy_return_percentage: null,
    total_avg_buy: null,
    total_avg_sell: null,
    total_buy_return: null,
    total_buy_return_percentage: ret,
    stale_price: false,
  });
  const assets = [
    asset("btc", "0.5", "50000.10", "12.5"),
    asset("ETH", "0", "0", "3"),
    asset("SOL", "2", "300", null),
  ];

  it("uses /balance's definitions: the overall wallet value plus AUD cash, the whole account's day %, held assets' returns", () => {
    const stats: PortfolioStatistics[] = [
      {
        overall: {
          overall_aud_wallet_value: "50300.10",
          overall_day_return: "-10",
          overall_day_return_percentage: "-0.02",
          overall_total_return: null,
          overall_total_return_percentage: null,
        },
        assets,
      },
    ];
    // The day: -10 over the account's value at the day's start (51,310.15, AUD cash included), not the
    // exchange's -0.02 % of the crypto alone.
    expect(portfolioFigures(stats, "1000.05")).toEqual({
      total: "51300.15",
      dayPercent: "-0.0195",
      assets: { BTC: "12.5", SOL: null },
    });
    // Without the cash read, neither the total nor the whole account's day is known.
    expect(portfolioFigures(stats, null)).toMatchObject({ total: null, dayPercent: null });
  });

  it("sums the holdings when the statistics give no overall", () => {
    expect(portfolioFigures([{ overall: null, assets }], "0.9")).toEqual({
      total: "50301",
      dayPercent: null,
      assets: { BTC: "12.5", SOL: null },
    });
  });
});

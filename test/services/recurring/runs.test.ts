/** Telling runs from two lists of schedules, and a run's trades from the history. */
import { describe, expect, it } from "vitest";
import type { RecurringBuy, Transaction } from "../../../src/exchange/index.ts";
import {
  detectRuns,
  matchRunTrades,
  type RecurringRun,
  scheduleState,
} from "../../../src/services/recurring/runs.ts";

const T0 = Date.parse("2031-01-01T00:00:00Z");
const DAY = 86_400_000;

function schedule(start: number, extra: Partial<RecurringBuy> = {}): RecurringBuy {
  return {
    id: 7,
    asset: "BTC",
    asset_name: "Bitcoin",
    in_discovery_zone: false,
    quantity: "100.00",
    direction: 10,
    start: new Date(start),
    period: "daily",
    enabled: true,
    ...extra,
  };
}

describe("detectRuns", () => {
  it("a due next run that moved on is a run, with what it was to trade", () => {
    const before = { "7": scheduleState(schedule(T0)) };
    expect(detectRuns(before, [schedule(T0 + DAY)], T0 + 5000)).toEqual([
      {
        scheduleId: 7,
        asset: "BTC",
        direction: 10,
        quantity: "100.00",
        period: "daily",
        at: T0,
        seenAt: T0 + 5000,
        next: T0 + DAY,
      },
    ]);
  });

  it("not a run: a schedule seen for the first time, a next run moved before it came, a paused one's reset", () => {
    expect(detectRuns({}, [schedule(T0 + DAY)], T0 + 5000)).toEqual([]);
    const future = { "7": scheduleState(schedule(T0 + DAY)) };
    expect(detectRuns(future, [schedule(T0 + 2 * DAY)], T0)).toEqual([]);
    const paused = { "7": scheduleState(schedule(T0, { enabled: false })) };
    expect(detectRuns(paused, [schedule(T0 + 1000, { enabled: false })], T0 + 5000)).toEqual([]);
    const same = { "7": scheduleState(schedule(T0)) };
    expect(detectRuns(same, [schedule(T0)], T0 + 5000)).toEqual([]);
  });
});

describe("matchRunTrades", () => {
  const run: RecurringRun = {
    scheduleId: 7,
    asset: "BTC",
    direction: 10,
    quantity: "100",
    period: "daily",
    at: T0,
    seenAt: T0 + 10_000,
    next: T0 + DAY,
  };
  const tx = (extra: Partial<Transaction>): Transaction =>
    ({
      summary_id: 1,
      id: 1,
      object_id: 7,
      created: new Date(T0 + 2000),
      src_asset: "AUD",
      dst_asset: "BTC",
      transaction_type: "buy",
      src_amount: "100.00",
      dst_amount: "0.001",
      ...extra,
    }) as Transaction;

  it("the schedule's own items in the window; else items for exactly the run's quantity", () => {
    const own = tx({ id: 1 });
    const other = tx({ id: 2, object_id: 99, src_amount: "100.00" });
    expect(matchRunTrades(run, [own, other])).toEqual([own]);
    expect(matchRunTrades(run, [other, tx({ id: 3, object_id: 98, src_amount: "55" })])).toEqual([other]);
  });

  it("nothing outside the window, of another asset or side", () => {
    expect(matchRunTrades(run, [tx({ created: new Date(T0 - 3_600_000) })])).toEqual([]);
    expect(matchRunTrades(run, [tx({ dst_asset: "ETH" })])).toEqual([]);
    expect(
      matchRunTrades(run, [tx({ transaction_type: "sell", src_asset: "BTC", dst_asset: "AUD" })]),
    ).toEqual([]);
  });
});

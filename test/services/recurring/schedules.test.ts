/** Listing schedules in a stable order, pages by id, and how a failed write is classified. */
import { describe, expect, it } from "vitest";
import {
  DIRECTION,
  ExchangeNetworkError,
  ExchangeNotFoundError,
  ExchangeServerError,
  ExchangeValidationError,
  type RecurringBuy,
} from "../../../src/exchange/index.ts";
import { allSchedules, attemptWrite, pageOf } from "../../../src/services/recurring/schedules.ts";
import { startTestExchange } from "../../support/exchange.ts";

const ex = await startTestExchange();

const row = (id: number): RecurringBuy => ({
  id,
  asset: "BTC",
  asset_name: "Bitcoin",
  in_discovery_zone: false,
  quantity: "10",
  direction: DIRECTION.BUY,
  start: null,
  period: "daily",
  enabled: true,
});
const rows = (...ids: number[]) => ids.map(row);
const ids = (page: { rows: RecurringBuy[] }) => page.rows.map((r) => r.id);

describe("pageOf", () => {
  const all = rows(12, 11, 10, 9, 8, 7, 6);

  it("pages newest first, with cursors both ways", () => {
    const first = pageOf(all, 3);
    expect(first).toMatchObject({ page: 1, pages: 3, olderThan: 10 });
    expect(first.newerThan).toBeUndefined();
    expect(ids(first)).toEqual([12, 11, 10]);
    const second = pageOf(all, 3, { olderThan: 10 });
    expect(second).toMatchObject({ page: 2, pages: 3, olderThan: 7, newerThan: 9 });
    const last = pageOf(all, 3, { olderThan: 7 });
    expect(ids(last)).toEqual([6]);
    expect(last.olderThan).toBeUndefined();
    expect(ids(pageOf(all, 3, { newerThan: 9 }))).toEqual([12, 11, 10]);
  });

  it("rows added above, or removed, never repeat a row on the next page", () => {
    const grown = rows(14, 13, ...all.map((r) => r.id));
    expect(ids(pageOf(grown, 3, { olderThan: 10 }))).toEqual([9, 8, 7]);
    const shrunk = rows(12, 11, 6);
    expect(ids(pageOf(shrunk, 3, { olderThan: 10 }))).toEqual([6]);
    // Past the end (everything older was deleted): the last page rather than nothing.
    expect(ids(pageOf(rows(12, 11), 3, { olderThan: 10 }))).toEqual([12, 11]);
    expect(pageOf([], 3)).toMatchObject({ rows: [], page: 1, pages: 1 });
  });
});

describe("allSchedules", () => {
  it("reads every page, newest first", async () => {
    const account = ex.account({ AUD: "100" });
    const client = ex.client(account.readWriteKey);
    const made: number[] = [];
    for (let i = 0; i < 3; i++) {
      made.push(
        (
          await client.recurringBuys.create({
            asset: "BTC",
            direction: DIRECTION.BUY,
            quantity: "5",
            period: "daily",
          })
        ).id,
      );
    }
    expect((await allSchedules(client)).map((s) => s.id)).toEqual(made.reverse());
  });
});

describe("attemptWrite", () => {
  it("done, refused (the exchange said no), or unknown (it may have happened)", async () => {
    expect(await attemptWrite(async () => 1)).toEqual({ status: "done", value: 1 });
    const refusals = [
      new ExchangeValidationError({ quantity: ["bad"] }, false),
      new ExchangeNotFoundError("gone"),
    ];
    for (const error of refusals) {
      expect((await attemptWrite(() => Promise.reject(error))).status).toBe("refused");
    }
    const lost = [
      new ExchangeServerError(502),
      new ExchangeNetworkError("interrupted", { write: true }),
      new ExchangeNetworkError("timeout", { write: true }),
      new Error("a bug after sending"),
    ];
    for (const error of lost) {
      expect((await attemptWrite(() => Promise.reject(error))).status).toBe("unknown");
    }
  });
});

import { describe, expect, it } from "vitest";
import { sandbox } from "./helpers.ts";

const SCHEDULES = "/api/private/broker/schedules/";
const TRIGGERS = "/api/private/broker/price-triggers/";

describe("recurring buys", () => {
  it("validates, runs when due at market, and moves start by the period", async () => {
    const t = await sandbox();
    const bad = await t.call("POST", SCHEDULES, { asset: "BTC", quantity: "50", period: "hourly" });
    expect(bad).toMatchObject({ status: 400, body: { period: [expect.any(String)] } });
    const later = new Date(t.sb.now().getTime() + 3_600_000 + 36_000_000).toISOString().slice(0, 19);
    const created = await t.call("POST", SCHEDULES, {
      asset: "BTC",
      quantity: "50",
      direction: 10,
      period: "daily",
      start: later,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      asset: "BTC",
      asset_name: "Bitcoin",
      quantity: "50.00",
      period: "daily",
      enabled: true,
      start: later,
    });
    expect((await t.call("GET", "/api/private/balances/AUD/")).body.total).toBe("10000");
    await t.control("POST", "/_sandbox/clock/advance", { seconds: 3700 });
    expect((await t.call("GET", "/api/private/balances/AUD/")).body.total).toBe("9950");
    const runs = (await t.call("GET", "/api/private/wallet/all-transactions/?transaction_type=buy")).body;
    expect(runs.results[0]).toMatchObject({
      transaction_subtype: "recurring_buy",
      src_amount: "50.00",
      status: "completed",
    });
    const after = (await t.call("GET", `${SCHEDULES}${created.body.id}/`)).body;
    expect(after.start > later).toBe(true);
    expect((await t.call("GET", `${SCHEDULES}?enabled=true&asset=BTC`)).body.count).toBe(1);
    expect((await t.call("GET", `${SCHEDULES}?enabled=false`)).body.count).toBe(0);
  });

  it("resets start to now on a period change unless start is given, and deletes", async () => {
    const t = await sandbox();
    const future = "2099-01-01T09:00:00";
    const s = (
      await t.call("POST", SCHEDULES, {
        asset: "ETH",
        quantity: "25",
        period: "weekly",
        start: future,
        enabled: false,
      })
    ).body;
    const patched = (await t.call("PATCH", `${SCHEDULES}${s.id}/`, { period: "monthly" })).body;
    expect(patched.period).toBe("monthly");
    expect(patched.start < future).toBe(true);
    const withStart = (await t.call("PATCH", `${SCHEDULES}${s.id}/`, { period: "daily", start: future }))
      .body;
    expect(withStart.start).toBe(future);
    expect((await t.call("DELETE", `${SCHEDULES}${s.id}/`)).status).toBe(204);
    expect((await t.call("GET", `${SCHEDULES}${s.id}/`)).status).toBe(404);
  });
});

describe("price triggers", () => {
  it("fires on a crossing, records an event, pauses, and re-arms on PATCH", async () => {
    const t = await sandbox();
    const created = await t.call("POST", TRIGGERS, { asset: "BTC", price: "160000" });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      match: 1,
      paused: false,
      enabled: true,
      order_direction: null,
      order_side: "",
      last_trigger: null,
      events: [],
    });
    await t.control("PUT", "/_sandbox/prices/BTC", { price: "161000" });
    const fired = (await t.call("GET", `${TRIGGERS}${created.body.id}/`)).body;
    expect(fired.paused).toBe(true);
    expect(fired.last_trigger).toEqual(expect.any(String));
    expect(fired.events).toEqual([
      {
        fired: fired.last_trigger,
        price: "161000.00",
        matched: 1,
        trade: "",
        failure_reason: "",
        seen: false,
      },
    ]);
    const seen = (await t.call("PATCH", `${TRIGGERS}${created.body.id}/`, { events: [{ seen: true }] })).body;
    expect(seen.events[0].seen).toBe(true);
    const rearmed = (await t.call("PATCH", `${TRIGGERS}${created.body.id}/`, { price: "150000" })).body;
    expect(rearmed).toMatchObject({ paused: false, match: 2 });
    await t.control("PUT", "/_sandbox/prices/BTC", { price: "149000" });
    const twice = (await t.call("GET", `${TRIGGERS}${created.body.id}/`)).body;
    expect(twice.events).toHaveLength(2);
    const marked = (await t.call("PATCH", `${TRIGGERS}${created.body.id}/`, { mark_seen: true })).body;
    expect(marked.events.every((e: { seen: boolean }) => e.seen)).toBe(true);
    expect(marked.mark_seen).toBe(false);
  });

  it("fires a trigger made or re-armed past the price at the next request, with no price move", async () => {
    // The pass before each request is skipped while nothing changed; a new or re-armed trigger must not be.
    const t = await sandbox();
    await t.control("PUT", "/_sandbox/prices/BTC", { price: "161000" });
    await t.call("GET", TRIGGERS);
    const made = await t.call("POST", TRIGGERS, { asset: "BTC", price: "150000", match: 1 });
    const fired = (await t.call("GET", `${TRIGGERS}${made.body.id}/`)).body;
    expect(fired).toMatchObject({ paused: true, events: [{ price: "161000.00", matched: 1 }] });
    await t.call("PATCH", `${TRIGGERS}${made.body.id}/`, { price: "155000", match: 1 });
    const again = (await t.call("GET", `${TRIGGERS}${made.body.id}/`)).body;
    expect(again.paused).toBe(true);
    expect(again.events).toHaveLength(2);
  });

  it("places a market order when it fires, or says why it could not", async () => {
    const t = await sandbox();
    const buy = (
      await t.call("POST", TRIGGERS, {
        asset: "ETH",
        price: "5000",
        order_direction: 10,
        order_quantity: "100",
      })
    ).body;
    expect(buy).toMatchObject({
      match: 2,
      order_side: "buy",
      order_quantity: "100.00",
      order_get_quantity: null,
    });
    const sell = (
      await t.call("POST", TRIGGERS, {
        asset: "ETH",
        price: "4000",
        order_direction: 20,
        order_get_quantity: "100000",
      })
    ).body;
    await t.control("PUT", "/_sandbox/prices/ETH", { price: "3900" });
    const bought = (await t.call("GET", `${TRIGGERS}${buy.id}/`)).body.events[0];
    expect(bought.trade).toMatch(/^Bought \d+\.\d{8} ETH for 100\.00 AUD/);
    expect(bought.failure_reason).toBe("");
    const failed = (await t.call("GET", `${TRIGGERS}${sell.id}/`)).body.events[0];
    expect(failed.trade).toBe("");
    expect(failed.failure_reason).toMatch(/Insufficient ETH/);
    expect((await t.call("GET", "/api/private/balances/AUD/")).body.total).toBe("9900");
    const ok = (await t.call("GET", `${TRIGGERS}?trade_successful=true`)).body;
    expect(ok.results.map((x: { id: number }) => x.id)).toEqual([buy.id]);
    expect((await t.call("GET", `${TRIGGERS}?direction=20`)).body.count).toBe(1);
    expect((await t.call("GET", `${TRIGGERS}?trade_set=false`)).body.count).toBe(0);
  });

  it("refuses both order quantities, and a quantity without a direction", async () => {
    const t = await sandbox();
    const both = await t.call("POST", TRIGGERS, {
      asset: "BTC",
      price: "1",
      order_direction: 10,
      order_quantity: "10",
      order_get_quantity: "0.1",
    });
    expect(both).toMatchObject({ status: 400, body: { non_field_errors: [expect.any(String)] } });
    const noDirection = await t.call("POST", TRIGGERS, { asset: "BTC", price: "1", order_quantity: "10" });
    expect(noDirection.body.order_direction).toHaveLength(1);
    const created = (await t.call("POST", TRIGGERS, { asset: "BTC", price: "1" })).body;
    expect((await t.call("DELETE", `${TRIGGERS}${created.id}/`)).status).toBe(204);
    expect((await t.call("GET", `${TRIGGERS}${created.id}/`)).status).toBe(404);
  });
});

/** Recurring buys and price triggers through the client against the sandbox (clock and prices controlled). */
import { describe, expect, it } from "vitest";
import { DIRECTION, MATCH, toDec } from "../../src/exchange/index.ts";
import { collect, startTestExchange } from "../support/exchange.ts";

const ex = await startTestExchange();

describe("recurring buys", () => {
  it("create, list, run on schedule, patch, delete", async () => {
    const account = ex.account({ AUD: "1000" });
    const client = ex.client(account.readWriteKey);
    const created = await client.recurringBuys.create({
      asset: "BTC",
      quantity: "50",
      direction: DIRECTION.BUY,
      period: "daily",
      start: ex.sb.now(),
    });
    expect(created.enabled).toBe(true);
    expect(created.period).toBe("daily");
    expect((await client.recurringBuys.get(created.id)).asset).toBe("BTC");
    expect((await collect(client.recurringBuys.iterate({ asset: "BTC" }))).map((r) => r.id)).toEqual([
      created.id,
    ]);

    // The first run is due at `start`; the next one a day later.
    ex.sb.advanceClock(1);
    expect(toDec((await client.balances.get("AUD")).total).equals(950)).toBe(true);
    expect(toDec((await client.balances.get("BTC")).total).greaterThan(0)).toBe(true);
    ex.sb.advanceClock(24 * 3600);
    expect(toDec((await client.balances.get("AUD")).total).equals(900)).toBe(true);

    const disabled = await client.recurringBuys.update(created.id, { enabled: false });
    expect(disabled.enabled).toBe(false);
    ex.sb.advanceClock(24 * 3600);
    expect(toDec((await client.balances.get("AUD")).total).equals(900)).toBe(true);

    await client.recurringBuys.delete(created.id);
    await expect(client.recurringBuys.get(created.id)).rejects.toMatchObject({ code: "not_found" });
  });

  it("a cadence change resets the next run to now unless a start is given", async () => {
    const account = ex.account({ AUD: "1000" });
    const client = ex.client(account.readWriteKey);
    const later = new Date(ex.sb.now().getTime() + 7 * 24 * 3600 * 1000);
    const created = await client.recurringBuys.create({
      asset: "ETH",
      quantity: "20",
      direction: DIRECTION.BUY,
      period: "weekly",
      start: later,
    });
    // The moment of the change, as the wire carries it (whole seconds): between just before and after.
    const before = Math.floor(ex.sb.now().getTime() / 1000) * 1000;
    const reset = await client.recurringBuys.update(created.id, { period: "monthly" });
    expect(reset.start?.getTime()).toBeGreaterThanOrEqual(before);
    expect(reset.start?.getTime()).toBeLessThanOrEqual(ex.sb.now().getTime());

    const explicit = new Date(Math.floor((ex.sb.now().getTime() + 3 * 24 * 3600 * 1000) / 1000) * 1000);
    const kept = await client.recurringBuys.update(created.id, { period: "fortnightly", start: explicit });
    expect(kept.start?.getTime()).toBe(explicit.getTime());
  });
});

describe("price triggers", () => {
  it("alert-only: fires when the price crosses, records an event, pauses; mark_seen", async () => {
    const account = ex.account({ AUD: "1000" });
    const client = ex.client(account.readWriteKey);
    ex.sb.setPrice("DOGE", "0.20");
    const trigger = await client.priceTriggers.create({ asset: "DOGE", price: "0.25", notify_email: true });
    expect(trigger.match).toBe(MATCH.ABOVE);
    expect(trigger.events).toEqual([]);

    ex.sb.setPrice("DOGE", "0.24");
    expect((await client.priceTriggers.get(trigger.id)).events).toHaveLength(0);
    ex.sb.setPrice("DOGE", "0.26");
    const fired = await client.priceTriggers.get(trigger.id);
    expect(fired.events).toHaveLength(1);
    expect(fired.events[0]?.matched).toBe(MATCH.ABOVE);
    expect(fired.events[0]?.seen).toBe(false);
    expect(fired.paused).toBe(true);
    expect(fired.last_trigger).toBeInstanceOf(Date);

    const seen = await client.priceTriggers.update(trigger.id, { mark_seen: true });
    expect(seen.events.every((e) => e.seen)).toBe(true);
    const listed = await collect(client.priceTriggers.iterate({ asset: "DOGE" }));
    expect(listed.map((t) => t.id)).toEqual([trigger.id]);
    await client.priceTriggers.delete(trigger.id);
    await expect(client.priceTriggers.get(trigger.id)).rejects.toMatchObject({ code: "not_found" });
  });

  it("a trading trigger places a market order; without funds the event says why", async () => {
    const account = ex.account({ AUD: "100" });
    const client = ex.client(account.readWriteKey);
    ex.sb.setPrice("ADA", "1.00");
    const buy = await client.priceTriggers.create({
      asset: "ADA",
      price: "0.80",
      order_direction: DIRECTION.BUY,
      order_quantity: "40",
    });
    expect(buy.match).toBe(MATCH.BELOW);
    const tooBig = await client.priceTriggers.create({
      asset: "ADA",
      price: "0.80",
      order_direction: DIRECTION.BUY,
      order_quantity: "5000",
    });
    ex.sb.setPrice("ADA", "0.75");
    const done = await client.priceTriggers.get(buy.id);
    expect(done.events[0]?.trade).toBeTruthy();
    expect(done.events[0]?.failure_reason ?? null).toBeNull();
    expect(toDec((await client.balances.get("ADA")).total).greaterThan(0)).toBe(true);
    const failed = await client.priceTriggers.get(tooBig.id);
    expect(failed.events[0]?.failure_reason).toBeTruthy();
  });
});

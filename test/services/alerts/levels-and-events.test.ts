/** Which levels make the watcher read a user, and which events are new. */
import { describe, expect, it } from "vitest";
import type { PriceTrigger, PriceTriggerEvent } from "../../../src/exchange/index.ts";
import { diffEvents, eventName } from "../../../src/services/alerts/triggers/events.ts";
import { anyNear, armedLevels, isNear, parseLevels } from "../../../src/services/alerts/triggers/levels.ts";

// Spread 100 around a mid of 100000; the band adds 0.2% of the price (200): 300 beyond buy or sell.
const entry = { buy: "100050", sell: "99950", last: "100000" };

function trigger(
  id: number,
  events: Partial<PriceTriggerEvent>[],
  extra: Partial<PriceTrigger> = {},
): PriceTrigger {
  return {
    id,
    asset: "BTC",
    asset_name: "Bitcoin",
    in_discovery_zone: false,
    created: new Date("2026-01-01T00:00:00Z"),
    price: "100000",
    match: 1,
    paused: false,
    last_trigger: null,
    order_side: null,
    enabled: true,
    notify_sms: false,
    notify_email: false,
    order_direction: null,
    order_quantity: null,
    order_get_quantity: null,
    events: events.map((e) => ({
      fired: new Date("2026-01-02T00:00:00Z"),
      price: "100000",
      matched: 1,
      trade: null,
      failure_reason: null,
      seen: false,
      ...e,
    })),
    ...extra,
  };
}

describe("near a level", () => {
  it("above: near within the spread plus the band below it, and anywhere past it", () => {
    expect(isNear({ a: "BTC", p: "100350", m: 1 }, entry, "0.002")).toBe(true);
    expect(isNear({ a: "BTC", p: "100351", m: 1 }, entry, "0.002")).toBe(false);
    expect(isNear({ a: "BTC", p: "50000", m: 1 }, entry, "0.002")).toBe(true);
  });

  it("below: the mirror image", () => {
    expect(isNear({ a: "BTC", p: "99650", m: 2 }, entry, "0.002")).toBe(true);
    expect(isNear({ a: "BTC", p: "99649", m: 2 }, entry, "0.002")).toBe(false);
    expect(isNear({ a: "BTC", p: "200000", m: 2 }, entry, "0.002")).toBe(true);
  });

  it("an undecided match is near only inside the band on either side", () => {
    expect(isNear({ a: "BTC", p: "100300", m: null }, entry, "0.002")).toBe(true);
    expect(isNear({ a: "BTC", p: "110000", m: null }, entry, "0.002")).toBe(false);
    expect(isNear({ a: "BTC", p: "90000", m: null }, entry, "0.002")).toBe(false);
  });

  it("assets missing from the ticker and malformed stored levels are skipped", () => {
    expect(anyNear([{ a: "XYZ", p: "1", m: 1 }], { BTC: entry }, "0.002")).toBe(false);
    expect(isNear({ a: "BTC", p: "not a number", m: 1 }, entry, "0.002")).toBe(false);
    expect(parseLevels("{nope")).toEqual([]);
    expect(parseLevels(JSON.stringify([{ a: "BTC", p: "1", m: 1 }, { a: 5 }]))).toEqual([
      { a: "BTC", p: "1", m: 1 },
    ]);
  });

  it("only enabled, unpaused triggers are watched", () => {
    const levels = armedLevels([
      trigger(1, []),
      trigger(2, [], { paused: true }),
      trigger(3, [], { enabled: false }),
      trigger(4, [], { asset: "eth", price: "2500", match: 2 }),
    ]);
    expect(levels).toEqual([
      { a: "BTC", p: "100000", m: 1 },
      { a: "ETH", p: "2500", m: 2 },
    ]);
  });
});

describe("new events", () => {
  const before = new Date("2026-01-02T00:00:00Z");
  const after = new Date("2026-01-02T00:00:10Z");
  const since = new Date("2026-01-02T00:00:05Z").getTime();

  it("without a baseline, events from before the connection are known, later ones new", () => {
    const diff = diffEvents([trigger(7, [{ fired: before }, { fired: after }])], undefined, since);
    expect(diff.fresh.map((e) => [e.triggerId, e.index, e.fired])).toEqual([[7, 1, after.toISOString()]]);
    expect(diff.names).toEqual([eventName(7, before), eventName(7, after)]);
  });

  it("without a baseline or a connection time, every event is known", () => {
    expect(diffEvents([trigger(7, [{ fired: after }])], undefined, undefined).fresh).toEqual([]);
  });

  it("known events and events already marked seen are not new", () => {
    const known = new Set(["*", eventName(7, before)]);
    const diff = diffEvents(
      [trigger(7, [{ fired: before }, { fired: after, seen: true }]), trigger(8, [{ fired: after }])],
      known,
      undefined,
    );
    expect(diff.fresh.map((e) => e.triggerId)).toEqual([8]);
    expect(diff.names).toContain(eventName(7, after));
  });

  it("carries what the message needs: the trade or the failure", () => {
    const [event] = diffEvents(
      [
        trigger(9, [{ fired: after, trade: "Bought 0.005 BTC for 500.00 AUD", price: "100100.5" }], {
          order_direction: 10,
          order_quantity: "500",
        }),
      ],
      new Set(["*"]),
      undefined,
    ).fresh;
    expect(event).toMatchObject({
      triggerId: 9,
      asset: "BTC",
      level: "100000",
      price: "100100.5",
      orderDirection: 10,
      orderQuantity: "500",
      trade: "Bought 0.005 BTC for 500.00 AUD",
      failureReason: null,
    });
  });
});

/**
 * Market alerts at runtime, on real Redis and BullMQ: three instances evaluating one group's alerts (one
 * evaluates, each event is sent once), the lease moving in the middle of a window (the new holder loads the
 * history and the states and fires exactly what an uninterrupted engine fires on the same recorded path),
 * paused and edited alerts, an event left in the outbox by a holder that died before queueing it, a stalled
 * holder fenced out, and a Redis error that neither loses nor repeats anything. The ticker readings are the
 * test's own (a recorded path), fed to every instance, and written to the price history as the app does.
 */
import pino from "pino";
import { afterAll, describe, expect, it } from "vitest";
import type { Ticker } from "../../../src/exchange/index.ts";
import type { MarketAlertSpec } from "../../../src/services/alerts/market/kinds.ts";
import { type MarketAlertEvent, MarketRules } from "../../../src/services/alerts/market/rules.ts";
import { createMarketAlertStore } from "../../../src/services/alerts/market/store.ts";
import {
  createMarketWatch,
  type MarketDelivery,
  type MarketWatch,
  marketEventId,
  marketWatchKeys,
  tickerMids,
} from "../../../src/services/alerts/market/watch.ts";
import type { TickerReading } from "../../../src/services/alerts/shared/ticker.ts";
import { createPriceHistory } from "../../../src/services/market/price-history.ts";
import { REDIS_URL, redisWithPrefixes } from "../../support/redis-prefixes.ts";
import { HOUR, MINUTE, T0 } from "./market-paths.ts";

const watches: MarketWatch[] = [];
const { redis, prefix: prefixFor } = redisWithPrefixes(() => Promise.all(watches.map((w) => w.close())));
afterAll(async () => {
  await Promise.all(watches.map((w) => w.close()));
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A ticker of BTC at `mid` (a spread of 0.2 around it). */
function tickerAt(mid: number): Ticker {
  return { BTC: { buy: String(mid + 0.1), sell: String(mid - 0.1) } } as Ticker;
}

/** A group of instances on one prefix, with the readings the test feeds and the messages they send. */
function group(name: string) {
  const prefix = prefixFor(name);
  const store = createMarketAlertStore({ redis, prefix: `${prefix}market-alerts:` });
  const history = createPriceHistory({ redis, prefix: `${prefix}price-history:` });
  const keys = marketWatchKeys(`${prefix}market-alerts:`);
  let current: TickerReading | undefined;
  const hooks: { onReading?: () => Promise<void> } = {};
  const sent: MarketDelivery[] = [];
  const instances: MarketWatch[] = [];
  const g = {
    hooks,
    store,
    keys,
    sent,
    instances,
    /** Starts an instance (ticked by the test). */
    start(deliver?: (d: MarketDelivery) => Promise<void>): MarketWatch {
      const watch = createMarketWatch({
        redisUrl: REDIS_URL,
        redis,
        bullPrefix: `${prefix}bull`,
        keyPrefix: `${prefix}market-alerts:`,
        reading: async () => {
          if (current === undefined) throw new Error("no reading yet");
          await hooks.onReading?.();
          return current;
        },
        history,
        deliver: async (delivery) => {
          await deliver?.(delivery);
          sent.push(delivery);
          return { status: "sent", markSeen: false };
        },
        logger: pino({ level: "silent" }),
        tickMs: 0,
        lockDurationMs: 5000,
      });
      watches.push(watch);
      instances.push(watch);
      return watch;
    },
    /** A reading at `at`: recorded in the history (as the reader of the ticker does), then ticked by `ticking`. */
    async read(at: number, mid: number, ticking: MarketWatch[] = instances): Promise<void> {
      current = { at, ticker: tickerAt(mid) };
      await history.record(current.ticker, at);
      for (const watch of ticking) await watch.tick();
    },
    /** Waits until `count` messages were sent, then a little more for any extra one. */
    async sentCount(count: number): Promise<number> {
      const deadline = Date.now() + 10_000;
      while (sent.length < count && Date.now() < deadline) await sleep(20);
      await sleep(300);
      return sent.length;
    },
  };
  return g;
}

function created(answer: Awaited<ReturnType<ReturnType<typeof createMarketAlertStore>["create"]>>) {
  if (!("alert" in answer)) throw new Error(`refused: ${answer.refused}`);
  return answer.alert;
}

const move5: MarketAlertSpec = {
  kind: "move",
  asset: "BTC",
  window: "1h",
  direction: "either",
  percent: "5",
};

describe("market watch", () => {
  it("three instances: one evaluates, the alert's message is sent once", async () => {
    const g = group("mwatch");
    const alert = created(await g.store.create(1, move5, "100", T0));
    const [a, b, c] = [g.start(), g.start(), g.start()];
    for (let i = 0; i < 30; i++) await g.read(T0 + i * 20_000, 100);
    expect([a, b, c].filter((w) => w.leading())).toHaveLength(1);
    await g.read(T0 + 30 * 20_000, 106);
    await g.read(T0 + 31 * 20_000, 106.5);
    expect(await g.sentCount(1)).toBe(1);
    expect(g.sent[0]).toMatchObject({
      userId: 1,
      rev: 0,
      event: { id: alert.id, kind: "move", direction: "up", price: "106", reference: { price: "100" } },
    });
    // The state is stored: fired, waiting for the move to fall back below 4 %.
    expect((await g.store.get(1, alert.id))?.state).toMatchObject({ phase: "fired", side: "up" });
    expect(a.stats.readings + b.stats.readings + c.stats.readings).toBe(32);
  });

  it("paused alerts are not evaluated; an edit starts anew; a delete stops it", async () => {
    const g = group("mwatch");
    const alert = created(await g.store.create(2, move5, "100", T0));
    const watch = g.start();
    for (let i = 0; i < 10; i++) await g.read(T0 + i * 20_000, 100);
    await g.store.setPaused(2, alert.id, true);
    await g.read(T0 + 10 * 20_000, 110);
    await g.read(T0 + 11 * 20_000, 100);
    expect(await g.sentCount(0)).toBe(0);
    // Resumed: the rise is over, the alert was armed; a new rise fires.
    await g.store.setPaused(2, alert.id, false);
    await g.read(T0 + 12 * 20_000, 100);
    await g.read(T0 + 13 * 20_000, 107);
    expect(await g.sentCount(1)).toBe(1);
    // Edited to 10 %: a new alert, held as fired if its condition already holds (no message).
    await g.store.replace(2, alert.id, { ...move5, percent: "10" }, "107", T0 + 14 * 20_000);
    await g.read(T0 + 14 * 20_000, 108);
    await g.read(T0 + 15 * 20_000, 111);
    expect(await g.sentCount(2)).toBe(2);
    expect(g.sent[1]?.rev).toBe(3);
    await g.store.remove(2, alert.id);
    await g.read(T0 + 16 * 20_000, 90);
    expect(await g.sentCount(2)).toBe(2);
    expect(watch.leading()).toBe(true);
  });

  it("a lease that moves mid-window fires exactly what an uninterrupted engine fires on the same path", async () => {
    // A recorded path, a reading every 20 s, the price changing at :30 of each minute (so a minute's last
    // reading is the next minute's first, the point the history keeps): 25 hours of a slow rise (RSI high,
    // the 24-hour change up), a 7 % fall within an hour, a rebound, and small noise throughout.
    const readings: [number, number][] = [];
    let price = 1000;
    for (let i = 0; i < 27 * 180; i++) {
      const at = T0 + i * 20_000;
      if (at % MINUTE === 40_000) {
        const hour = (at - T0) / HOUR;
        const drift = hour < 25 ? 0.00005 : hour < 26 ? -0.0013 : 0.001;
        price = Number((price * (1 + drift + (((i * 7919) % 13) - 6) * 0.0001)).toFixed(4));
      }
      readings.push([at, price]);
    }
    const specs: MarketAlertSpec[] = [
      move5,
      { kind: "move", asset: "BTC", window: "15m", direction: "down", percent: "1" },
      { kind: "day_change", asset: "BTC", direction: "either", percent: "0.5" },
      { kind: "step", asset: "BTC", percent: "2" },
      { kind: "rsi", asset: "BTC", direction: "either", low: "30", high: "70" },
    ];
    const g = group("mwatch");
    const ids: string[] = [];
    for (const spec of specs) ids.push(created(await g.store.create(3, spec, "1000", T0)).id);
    // The reference: one engine fed every reading.
    const engine = new MarketRules();
    for (const [i, spec] of specs.entries()) {
      engine.upsert({
        id: ids[i] as string,
        spec,
        state: spec.kind === "step" ? { phase: "new", anchor: "1000", anchorAt: T0 } : { phase: "new" },
      });
    }
    const expected: MarketAlertEvent[] = [];
    const btc = new Set(["BTC"]);
    // The instance's first reading (T0) is also, in the history, the close of the minute before (the point
    // a restart loads): the reference engine sees that minute's close too.
    engine.reading(T0 - 20_000, tickerMids(tickerAt(1000), btc));
    for (const [at, mid] of readings)
      expected.push(...engine.reading(at, tickerMids(tickerAt(mid), btc)).events);
    expect(new Set(expected.map((e) => e.kind))).toEqual(new Set(["move", "day_change", "step", "rsi"]));

    // The group: instance A evaluates until 25:20 (in the middle of the fall's hour), then dies without a
    // word; B takes over once the lease is gone, loads the history and the states, and goes on.
    const a = g.start();
    const b = g.start();
    const handover = T0 + 25 * HOUR + 20 * MINUTE;
    for (const [at, mid] of readings) {
      if (at < handover) await g.read(at, mid, [a]);
      else {
        if (at === handover) await redis.del(g.keys.leader); // A's lease ran out.
        await g.read(at, mid, [b]);
      }
    }
    expect(b.leading()).toBe(true);
    expect(expected.some((e) => e.at >= handover && e.at < handover + HOUR)).toBe(true);
    await g.sentCount(expected.length);
    const got = g.sent.map((d) => marketEventId(d.event)).sort();
    expect(got).toEqual(expected.map(marketEventId).sort());
    // And the figures are the same: the history's points are what the engine kept.
    const byId = new Map(g.sent.map((d) => [marketEventId(d.event), d.event]));
    for (const e of expected) {
      const mine = byId.get(marketEventId(e));
      expect(mine?.price).toBe(e.price);
      expect(mine?.value).toBeCloseTo(e.value, 6);
    }
  }, 120_000);

  it("an event left in the outbox by a holder that died before queueing it is sent once", async () => {
    const g = group("mwatch");
    const alert = created(await g.store.create(4, move5, "100", T0));
    const a = g.start();
    for (let i = 0; i < 5; i++) await g.read(T0 + i * 20_000, 100);
    await g.read(T0 + 5 * 20_000, 106);
    expect(await g.sentCount(1)).toBe(1);
    // As if A had written the event and died before its job: the same event once more, and one never queued.
    const queued = g.sent[0] as MarketDelivery;
    const lost: MarketDelivery = { ...queued, event: { ...queued.event, at: queued.event.at + 1 } };
    await redis.hset(g.keys.outbox, marketEventId(queued.event), JSON.stringify(queued));
    await redis.hset(g.keys.outbox, marketEventId(lost.event), JSON.stringify(lost));
    await redis.del(g.keys.leader);
    const b = g.start();
    await g.read(T0 + 6 * 20_000, 106, [b]);
    expect(await g.sentCount(2)).toBe(2);
    expect(g.sent[1]?.event.at).toBe(lost.event.at);
    expect(await redis.hlen(g.keys.outbox)).toBe(0);
    expect(alert.id).toBe(queued.event.id);
    // A, stalled past its lease, wakes: it finds the lease taken and steps down, writing nothing.
    await a.tick();
    expect(a.leading()).toBe(false);
  });

  it("a stalled holder whose lease was taken writes nothing; a Redis error loses and repeats nothing", async () => {
    const g = group("mwatch");
    const alert = created(await g.store.create(5, { ...move5, direction: "up" }, "100", T0));
    const a = g.start();
    for (let i = 0; i < 5; i++) await g.read(T0 + i * 20_000, 100);
    // A stalls while evaluating; meanwhile its lease runs out and B's instance takes it: A's write is refused.
    g.hooks.onReading = async () => {
      await redis.set(g.keys.leader, "another-instance", "PX", 60_000);
    };
    await g.read(T0 + 5 * 20_000, 106, [a]);
    g.hooks.onReading = undefined;
    expect(a.leading()).toBe(false);
    expect(await g.sentCount(0)).toBe(0);
    expect((await g.store.get(5, alert.id))?.state.phase).toBe("armed");
    await redis.del(g.keys.leader);
    // B evaluates from the stored state: the rise still holds, so it fires, once.
    const b = g.start();
    await g.read(T0 + 6 * 20_000, 106.5, [b, a]);
    expect(await g.sentCount(1)).toBe(1);
    expect(g.sent[0]?.event.price).toBe("106.5");

    // A further 5 % from the price it fired at fires again; B's write of it fails once (Redis away): the
    // batch waits and goes next tick.
    await g.read(T0 + 7 * 20_000, 108, [b]);
    expect(await g.sentCount(1)).toBe(1);
    const original = redis.evalsha.bind(redis);
    let failOnce = true;
    redis.evalsha = (async (...args: Parameters<typeof original>) => {
      if (failOnce && args.includes(g.keys.outbox)) {
        failOnce = false;
        throw new Error("Connection is closed.");
      }
      return original(...args);
    }) as typeof redis.evalsha;
    try {
      await g.read(T0 + 8 * 20_000, 112, [b]);
      expect(failOnce).toBe(false);
      expect(await g.sentCount(1)).toBe(1);
      await g.read(T0 + 9 * 20_000, 112.5, [b]);
    } finally {
      redis.evalsha = original;
    }
    expect(await g.sentCount(2)).toBe(2);
    expect(g.sent[1]?.event.price).toBe("112");
  });
});

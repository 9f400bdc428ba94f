/** The shared price history: minute and five-minute slots in Redis, gaps kept as gaps, the day's change. */
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  bytesPerAsset,
  createPriceHistory,
  DAYS_KEPT,
  FIVE_MINUTES_MS,
  MINUTE_MS,
  periodCloses,
} from "../../src/services/market/price-history.ts";
import { redisWithPrefixes } from "../support/redis-prefixes.ts";

const { redis, prefix: prefixFor } = redisWithPrefixes();
const DAY = 24 * 3600_000;
// A UTC day start, and 03:00 that day: every time below is injected, none read from the clock.
const DAY0 = Date.UTC(2026, 10, 20);
const T0 = DAY0 + 3 * 3600_000;

const tick = (btc: string) => ({ BTC: { buy: btc, sell: btc }, ETH: { buy: "4000", sell: "3990" } });
const doubleBytes = (value: number) => {
  const bytes = Buffer.alloc(8);
  bytes.writeDoubleLE(value);
  return bytes;
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe("price history", () => {
  it("writes each minute and five-minute slot and reads them back, ascending, at the slots' starts", async () => {
    const history = createPriceHistory({ redis, prefix: prefixFor("price-history") });
    for (let minute = 0; minute < 12; minute++) {
      await history.record(tick(String(100 + minute)), T0 + minute * MINUTE_MS + 1500);
    }
    const minutes = await history.series("BTC", T0, T0 + 11 * MINUTE_MS, "1m");
    expect(minutes).toEqual(
      Array.from({ length: 12 }, (_, minute) => ({ at: T0 + minute * MINUTE_MS, mid: 100 + minute })),
    );
    expect(await history.series("BTC", T0, T0 + 11 * MINUTE_MS, "5m")).toEqual([
      { at: T0, mid: 100 },
      { at: T0 + FIVE_MINUTES_MS, mid: 105 },
      { at: T0 + 2 * FIVE_MINUTES_MS, mid: 110 },
    ]);
    // Slots overlapping the span count, from its first slot to its last.
    expect(await history.series("ETH", T0 + 30_000, T0 + MINUTE_MS + 1, "1m")).toEqual([
      { at: T0, mid: 3995 },
      { at: T0 + MINUTE_MS, mid: 3995 },
    ]);
    expect(await history.series("BTC", T0 + MINUTE_MS, T0, "1m")).toEqual([]);
    // A mid keeps every digit a float64 holds, however small or large the price.
    const fine = createPriceHistory({ redis, prefix: prefixFor("price-history") });
    const at = T0 + DAY;
    await fine.record(
      { SHIB: { buy: "0.00001234", sell: "0.00001236" }, BTC: { buy: "95123.45", sell: "95123.46" } },
      at,
    );
    const read = await fine.seriesMany(["SHIB", "BTC"], at, at, "1m");
    expect(read.get("SHIB")).toEqual([{ at, mid: 0.00001235 }]);
    expect(read.get("BTC")).toEqual([{ at, mid: 95123.455 }]);
    expect(await history.series("DOGE", T0, T0 + DAY, "1m")).toEqual([]);
  });

  it("keeps the minutes nobody read as gaps, also across a restart, and a new process carries on", async () => {
    const prefix = prefixFor("price-history");
    const before = createPriceHistory({ redis, prefix });
    await before.record(tick("100"), T0);
    await before.record(tick("101"), T0 + MINUTE_MS);
    // Every instance down for 13 minutes; then a new process on the same Redis.
    const after = createPriceHistory({ redis, prefix });
    await after.record(tick("90"), T0 + 14 * MINUTE_MS + 20_000);
    await after.record(tick("91"), T0 + 15 * MINUTE_MS);
    expect(await after.series("BTC", T0, T0 + 20 * MINUTE_MS, "1m")).toEqual([
      { at: T0, mid: 100 },
      { at: T0 + MINUTE_MS, mid: 101 },
      { at: T0 + 14 * MINUTE_MS, mid: 90 },
      { at: T0 + 15 * MINUTE_MS, mid: 91 },
    ]);
    // The five-minute slots 5-10 had no reading: gaps too; the slot 10-15 takes its first reading.
    expect(await after.series("BTC", T0, T0 + 20 * MINUTE_MS, "5m")).toEqual([
      { at: T0, mid: 100 },
      { at: T0 + 10 * MINUTE_MS, mid: 90 },
      { at: T0 + 15 * MINUTE_MS, mid: 91 },
    ]);
  });

  it("writes a minute once: later readings in it cost no round trip, other instances find it taken", async () => {
    const prefix = prefixFor("price-history");
    const one = createPriceHistory({ redis, prefix });
    const two = createPriceHistory({ redis, prefix });
    const scripts = vi.spyOn(redis, "evalsha");
    await one.record(tick("100"), T0 + 1000);
    await one.record(tick("200"), T0 + 2000);
    await one.record(tick("300"), T0 + 59_999);
    expect(scripts).toHaveBeenCalledTimes(1);
    await two.record(tick("999"), T0 + 3000);
    expect(await two.series("BTC", T0, T0, "1m")).toEqual([{ at: T0, mid: 100 }]);
    expect(await one.series("BTC", T0, T0, "5m")).toEqual([{ at: T0, mid: 100 }]);

    // Three instances racing on one minute agree on a single value, in both resolutions.
    const racers = ["1", "2", "3"].map(() => createPriceHistory({ redis, prefix }));
    const at = T0 + 5 * MINUTE_MS;
    await Promise.all(racers.map((racer, index) => racer.record(tick(String(500 + index)), at + index)));
    const [minute] = await one.series("BTC", at, at, "1m");
    expect([500, 501, 502]).toContain(minute?.mid);
    expect(await one.series("BTC", at, at, "5m")).toEqual([minute]);
  });

  it("reads a span across midnight UTC from two days' keys", async () => {
    const prefix = prefixFor("price-history");
    const history = createPriceHistory({ redis, prefix });
    const midnight = DAY0 + DAY;
    for (const [offset, price] of [
      [-2, "10"],
      [-1, "11"],
      [0, "12"],
      [1, "13"],
    ] as const) {
      await history.record(tick(price), midnight + offset * MINUTE_MS);
    }
    expect(await history.series("BTC", midnight - 5 * MINUTE_MS, midnight + 5 * MINUTE_MS, "1m")).toEqual([
      { at: midnight - 2 * MINUTE_MS, mid: 10 },
      { at: midnight - MINUTE_MS, mid: 11 },
      { at: midnight, mid: 12 },
      { at: midnight + MINUTE_MS, mid: 13 },
    ]);
    expect(await history.series("BTC", midnight - FIVE_MINUTES_MS, midnight, "5m")).toEqual([
      { at: midnight - FIVE_MINUTES_MS, mid: 10 },
      { at: midnight, mid: 12 },
    ]);
    const many = await history.seriesMany(["BTC", "ETH", "NONE"], midnight - MINUTE_MS, midnight, "1m");
    expect(many.get("BTC")).toEqual([
      { at: midnight - MINUTE_MS, mid: 11 },
      { at: midnight, mid: 12 },
    ]);
    expect(many.get("ETH")).toEqual([
      { at: midnight - MINUTE_MS, mid: 3995 },
      { at: midnight, mid: 3995 },
    ]);
    expect(many.get("NONE")).toEqual([]);
    expect((await redis.keys(`${prefix}*`)).sort()).toEqual(
      ["1m", "5m"]
        .flatMap((r) =>
          ["BTC", "ETH"].flatMap((a) => [`${prefix}${r}:${a}:2026-11-20`, `${prefix}${r}:${a}:2026-11-21`]),
        )
        .sort(),
    );
  });

  it("takes an hour's close from the point at its end, and none where that is a gap", async () => {
    const history = createPriceHistory({ redis, prefix: prefixFor("price-history") });
    const HOUR = 3600_000;
    for (const [at, price] of [
      [T0 + 59 * MINUTE_MS, "1"],
      [T0 + HOUR, "2"],
      [T0 + HOUR + MINUTE_MS, "3"],
      [T0 + 2 * HOUR + MINUTE_MS, "4"],
      [T0 + 3 * HOUR, "5"],
    ] as const) {
      await history.record(tick(price), at);
    }
    // In minutes, 14:00 is a gap (nobody read the ticker then): the hour 13:00-14:00 has no close.
    const minutes = await history.series("BTC", T0, T0 + 3 * HOUR, "1m");
    expect(periodCloses(minutes, HOUR)).toEqual([
      { at: T0 + HOUR, mid: 2 },
      { at: T0 + 3 * HOUR, mid: 5 },
    ]);
    // In five minutes, the slot 14:00-14:05 holds its first reading (14:01), as precise as that resolution is.
    const fives = await history.series("BTC", T0, T0 + 3 * HOUR, "5m");
    expect(periodCloses(fives, HOUR)).toEqual([
      { at: T0 + HOUR, mid: 2 },
      { at: T0 + 2 * HOUR, mid: 4 },
      { at: T0 + 3 * HOUR, mid: 5 },
    ]);
  });

  it("gives each key its day's lifetime when written: two days for minutes, 32 for five minutes", async () => {
    const prefix = prefixFor("price-history");
    const history = createPriceHistory({ redis, prefix });
    await history.record(tick("100"), T0);
    const minuteTtl = await redis.pttl(`${prefix}1m:BTC:2026-11-20`);
    const fiveTtl = await redis.pttl(`${prefix}5m:BTC:2026-11-20`);
    // Relative to the injected time: the key's day start plus the days kept, less the time already past.
    expect(minuteTtl).toBeGreaterThan(DAYS_KEPT["1m"] * DAY - (T0 - DAY0) - 60_000);
    expect(minuteTtl).toBeLessThanOrEqual(DAYS_KEPT["1m"] * DAY - (T0 - DAY0));
    expect(fiveTtl).toBeGreaterThan(DAYS_KEPT["5m"] * DAY - (T0 - DAY0) - 60_000);
    expect(fiveTtl).toBeLessThanOrEqual(DAYS_KEPT["5m"] * DAY - (T0 - DAY0));
    // The whole last day of minutes and 31 days of five minutes are always there.
    expect(DAYS_KEPT["1m"]).toBeGreaterThanOrEqual(2);
    expect(DAYS_KEPT["5m"]).toBeGreaterThanOrEqual(31);
    // A key that lost its expiry gets it back on the next write.
    await redis.persist(`${prefix}1m:BTC:2026-11-20`);
    await history.record(tick("101"), T0 + MINUTE_MS);
    expect(await redis.pttl(`${prefix}1m:BTC:2026-11-20`)).toBeGreaterThan(0);
  });

  it("reads malformed slots as gaps and writes over them", async () => {
    const prefix = prefixFor("price-history");
    const history = createPriceHistory({ redis, prefix });
    await history.record(tick("100"), T0);
    const key = `${prefix}1m:BTC:2026-11-20`;
    const slot = (at: number) => ((at - DAY0) / MINUTE_MS) * 8;
    await redis.setrange(key, slot(T0 + MINUTE_MS), doubleBytes(Number.NaN));
    await redis.setrange(key, slot(T0 + 2 * MINUTE_MS), doubleBytes(-5));
    await redis.setrange(
      key,
      slot(T0 + 3 * MINUTE_MS),
      Buffer.from([0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xef, 0x7f]),
    );
    await redis.setrange(key, slot(T0 + 4 * MINUTE_MS), doubleBytes(Number.POSITIVE_INFINITY));
    expect(await history.series("BTC", T0, T0 + 4 * MINUTE_MS, "1m")).toEqual([{ at: T0, mid: 100 }]);
    await history.record(tick("102"), T0 + 2 * MINUTE_MS);
    expect(await history.series("BTC", T0, T0 + 4 * MINUTE_MS, "1m")).toEqual([
      { at: T0, mid: 100 },
      { at: T0 + 2 * MINUTE_MS, mid: 102 },
    ]);
    // A key of another type: its slots are gaps, the write leaves it alone, the other assets are kept.
    await redis.del(key);
    await redis.hset(key, "x", "1");
    await history.record(tick("103"), T0 + 5 * MINUTE_MS);
    expect(await history.series("BTC", T0, T0 + 5 * MINUTE_MS, "1m")).toEqual([]);
    expect(await history.series("ETH", T0 + 5 * MINUTE_MS, T0 + 5 * MINUTE_MS, "1m")).toEqual([
      { at: T0 + 5 * MINUTE_MS, mid: 3995 },
    ]);
  });

  it("records no asset whose code could not be part of a key, nor a price that is not positive", async () => {
    const prefix = prefixFor("price-history");
    const history = createPriceHistory({ redis, prefix });
    await history.record(
      { "A:B": { buy: "1", sell: "1" }, "{X}": { buy: "1", sell: "1" }, ZERO: { buy: "0", sell: "1" } },
      T0,
    );
    expect(await redis.keys(`${prefix}*`)).toEqual([]);
    expect((await history.seriesMany(["A:B"], T0, T0, "1m")).get("A:B")).toEqual([]);
  });

  it("computes the change against the minute a day back, and knows none when that minute is a gap", async () => {
    const prefix = prefixFor("price-history");
    const history = createPriceHistory({ redis, prefix });
    await history.record(tick("100"), T0 - DAY + 10_000);
    const changes = await history.dayChange(tick("125"), T0 + 30_000);
    expect(changes.get("BTC")).toBe("25");
    expect(changes.get("ETH")).toBe("0");
    // The minute before the one a day back holds a price; a gap is never bridged by a neighbour.
    expect((await history.dayChange(tick("125"), T0 + MINUTE_MS)).size).toBe(0);
    expect((await history.dayChange(tick("125"), T0 - 3 * 3600_000)).size).toBe(0);
    // A malformed minute is no price either (read by another process: this one holds the minute it read).
    await redis.setrange(
      `${prefix}1m:BTC:2026-11-19`,
      ((T0 - DAY - (DAY0 - DAY)) / MINUTE_MS) * 8,
      doubleBytes(-1),
    );
    const other = createPriceHistory({ redis, prefix });
    expect([...(await other.dayChange(tick("125"), T0)).keys()]).toEqual(["ETH"]);
  });

  it("reads the minute a day back once per minute, however many ask (inline queries of a storm)", async () => {
    const prefix = prefixFor("price-history");
    const history = createPriceHistory({ redis, prefix });
    await history.record(tick("100"), T0 - DAY + 10_000);
    const reads = vi.spyOn(redis, "pipeline");
    try {
      const all = await Promise.all(
        Array.from({ length: 20 }, (_, i) => history.dayChange(tick(String(100 + i)), T0 + i * 1000)),
      );
      expect(all.map((changes) => changes.get("BTC"))).toEqual(
        Array.from({ length: 20 }, (_, i) => String(i)),
      );
      expect(reads).toHaveBeenCalledTimes(1);
      // The next minute is another minute a day back: read again (a gap there).
      expect((await history.dayChange(tick("125"), T0 + MINUTE_MS)).size).toBe(0);
      expect(reads).toHaveBeenCalledTimes(2);
    } finally {
      reads.mockRestore();
    }
  });

  it("works out one reading's changes once: the cards of that reading share them", async () => {
    const prefix = prefixFor("price-history");
    const history = createPriceHistory({ redis, prefix });
    await history.record(tick("100"), T0 - DAY + 10_000);
    const reading = tick("125");
    const first = await history.dayChange(reading, T0 + 10_000);
    // The same reading in the same minute: the same answer, not worked out again.
    expect(await history.dayChange(reading, T0 + 20_000)).toBe(first);
    expect(first.get("BTC")).toBe("25");
    // A new reading is worked out anew, even at the same prices; so is the same reading a minute on.
    const next = await history.dayChange(tick("125"), T0 + 20_000);
    expect(next).not.toBe(first);
    expect(next).toEqual(first);
    expect((await history.dayChange(reading, T0 + MINUTE_MS)).size).toBe(0);
  });

  it("takes the memory stated per asset, measured with MEMORY USAGE", async () => {
    const prefix = prefixFor("price-history");
    const history = createPriceHistory({ redis, prefix });
    await history.record(tick("100"), T0);
    const stated = bytesPerAsset();
    // The figures are for production key names (`price-history:1m:BTC:2026-11-28`, 31 bytes); the test's
    // prefix is longer, and the allocator rounds a name up to 16 bytes more.
    for (const [resolution, perKey, payload] of [
      ["1m", stated.minute / DAYS_KEPT["1m"], 1440 * 8],
      ["5m", stated.fiveMinute / DAYS_KEPT["5m"], 288 * 8],
    ] as const) {
      const key = `${prefix}${resolution}:BTC:2026-11-20`;
      const used = Number(await redis.call("MEMORY", "USAGE", key));
      expect(await redis.strlen(key)).toBe(payload);
      expect(used).toBeGreaterThan(payload);
      expect(used).toBeLessThanOrEqual(perKey + (key.length - 31) + 16);
      expect(used).toBeGreaterThanOrEqual(perKey);
    }
    expect(stated.total).toBe(stated.minute + stated.fiveMinute);
    expect(50 * stated.total).toBeLessThan(6 * 1024 * 1024);
    // Later writes of the day do not grow a key: it was made at full length.
    const before = Number(await redis.call("MEMORY", "USAGE", `${prefix}1m:BTC:2026-11-20`));
    await history.record(tick("100"), DAY0 + DAY - 1);
    expect(Number(await redis.call("MEMORY", "USAGE", `${prefix}1m:BTC:2026-11-20`))).toBe(before);
  });
});

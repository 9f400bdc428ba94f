/** The day's change kept from shared snapshots of the public ticker. */
import { describe, expect, it } from "vitest";
import { createPriceHistory, SNAPSHOT_SLOT_MS } from "../../src/services/market/price-history.ts";
import { redisWithPrefixes } from "../support/redis-prefixes.ts";

const { redis, prefix: prefixFor } = redisWithPrefixes();
const prefix = prefixFor("price-history");
const DAY = 24 * 3600_000;
const T0 = Date.UTC(2026, 10, 20, 3, 0, 0);

const tick = (btc: string) => ({ BTC: { buy: btc, sell: btc }, ETH: { buy: "4000", sell: "3990" } });

describe("price history", () => {
  it("keeps the first snapshot of a slot, whichever instance writes it, for a little over a day", async () => {
    const p = `${prefix}a:`;
    const one = createPriceHistory({ redis, prefix: p });
    const two = createPriceHistory({ redis, prefix: p });
    await one.record(tick("100"), T0);
    await two.record(tick("999"), T0 + 1000);
    const keys = await redis.keys(`${p}*`);
    expect(keys).toHaveLength(1);
    expect(JSON.parse((await redis.get(keys[0] as string)) ?? "{}")).toEqual({ BTC: "100", ETH: "3995" });
    const ttl = await redis.pttl(keys[0] as string);
    expect(ttl).toBeGreaterThan(DAY);
    expect(ttl).toBeLessThanOrEqual(DAY + 3600_000);
  });

  it("computes the change against the snapshot a day back, bridging a missing slot by its neighbour", async () => {
    const history = createPriceHistory({ redis, prefix: `${prefix}b:` });
    await history.record(tick("100"), T0 - DAY - SNAPSHOT_SLOT_MS);
    const changes = await history.dayChange(tick("125"), T0);
    expect(changes.get("BTC")).toBe("25");
    expect(changes.get("ETH")).toBe("0");
  });

  it("knows no change without a snapshot a day old, nor from a malformed one", async () => {
    const p = `${prefix}c:`;
    const history = createPriceHistory({ redis, prefix: p });
    await history.record(tick("100"), T0 - 3 * 3600_000);
    expect((await history.dayChange(tick("125"), T0)).size).toBe(0);
    await redis.set(`${p}${Math.floor((T0 - DAY) / SNAPSHOT_SLOT_MS)}`, "{not json");
    expect((await history.dayChange(tick("125"), T0)).size).toBe(0);
    await redis.set(`${p}${Math.floor((T0 - DAY) / SNAPSHOT_SLOT_MS)}`, JSON.stringify({ BTC: "-5" }));
    expect((await history.dayChange(tick("125"), T0)).size).toBe(0);
  });
});

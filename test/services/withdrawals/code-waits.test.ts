/** The record of an awaited 2FA code: which withdrawal, attempts and deadline, never a code; taken once. */
import { describe, expect, it } from "vitest";
import { withReadAhead } from "../../../src/services/runtime/update-reads.ts";
import { type CodeWait, createCodeWaits } from "../../../src/services/withdrawals/code-waits.ts";
import { redisWithPrefixes } from "../../support/redis-prefixes.ts";

const { redis, prefix: prefixFor } = redisWithPrefixes();
const prefix = prefixFor("wd2fa");
const waits = createCodeWaits({ redis, prefix });

const wait: CodeWait = {
  withdrawalId: 7,
  asset: "BTC",
  chatId: 1,
  messageId: 2,
  attempts: 0,
  expiresAt: Date.now() + 60_000,
  firstTime: true,
  locale: "en",
};

describe("code waits", () => {
  it("in an update, the wait read ahead is taken without asking Redis; after a write Redis is read", async () => {
    await waits.start(43, wait);
    await withReadAhead(redis, { keys: [waits.redisKey(43)] }, async () => {
      // Changed behind the update's back after its read ahead: the first read still sees the read-ahead.
      await redis.set(`${prefix}43`, JSON.stringify({ ...wait, attempts: 5 }), "KEEPTTL");
      expect((await waits.get(43))?.attempts).toBe(0);
      expect((await waits.get(43))?.attempts).toBe(5);
    });
    await withReadAhead(redis, { keys: [waits.redisKey(43)] }, async () => {
      await waits.update(43, { ...wait, attempts: 6 });
      expect((await waits.get(43))?.attempts).toBe(6);
      expect((await waits.take(43))?.attempts).toBe(6);
    });
    await withReadAhead(redis, { keys: [waits.redisKey(43)] }, async () => {
      await waits.start(43, { ...wait, attempts: 1 });
      expect((await waits.get(43))?.attempts).toBe(1);
    });
  });

  it("knows there is no wait only when the update read it ahead and found none", async () => {
    expect(waits.knownNone(44)).toBe(false); // outside an update: unknown
    await withReadAhead(redis, { keys: [waits.redisKey(44)] }, async () => {
      expect(waits.knownNone(44)).toBe(true);
      expect(waits.knownNone(45)).toBe(false); // not read ahead
    });
    await waits.start(44, wait);
    await withReadAhead(redis, { keys: [waits.redisKey(44)] }, async () => {
      expect(waits.knownNone(44)).toBe(false);
      // Peeking left the value for the reader.
      expect((await waits.get(44))?.attempts).toBe(0);
    });
    await waits.take(44);
  });

  it("start, update keeping the lifetime, take once", async () => {
    await waits.start(42, wait);
    const ttl = await redis.ttl(`${prefix}42`);
    // The deadline's minute plus an hour's grace for a late "time ran out".
    expect(ttl).toBeGreaterThan(3600);
    expect(ttl).toBeLessThanOrEqual(3661);
    expect(await waits.update(42, { ...wait, attempts: 1 })).toBe(true);
    expect(await redis.ttl(`${prefix}42`)).toBeGreaterThan(3600);
    expect((await waits.get(42))?.attempts).toBe(1);
    const taken = await Promise.all([waits.take(42), waits.take(42)]);
    expect(taken.filter((t) => t !== undefined)).toHaveLength(1);
    expect(await waits.get(42)).toBeUndefined();
    // An ended wait is not brought back by a late update.
    expect(await waits.update(42, wait)).toBe(false);
    expect(await waits.get(42)).toBeUndefined();
  });
});

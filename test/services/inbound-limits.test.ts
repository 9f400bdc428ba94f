/**
 * The budgets and the tally of skipped updates, on real Redis with a clock of the test's: a burst then the
 * steady rate, budgets apart per kind and per user, shared by every instance (two limiters on one prefix),
 * and at most one notice per window with everything skipped since the last.
 */
import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { createInboundLimits } from "../../src/services/inbound-limits.ts";
import { scanKeys } from "../../src/services/redis-scan.ts";

const redis = new Redis(process.env.REDIS_URL ?? "redis://127.0.0.1:6379");
const prefix = `test:inbound:${randomUUID()}:`;
afterAll(async () => {
  for await (const keys of scanKeys(redis, { match: `${prefix}*` })) await redis.del(...keys);
  await redis.quit();
});

let clock = 1_000_000;
const budgets = {
  message: { burst: 3, perMinute: 60 },
  press: { burst: 2, perMinute: 30 },
  inline: { burst: 1, perMinute: 6 },
};
const options = { redis, prefix, budgets, noticeWindowMs: 30_000, now: () => clock };

describe("inbound budgets", () => {
  it("allow a burst, then one update per interval, shared by two instances", async () => {
    const one = createInboundLimits(options);
    const two = createInboundLimits(options);
    const takes = [];
    for (const limits of [one, two, one, two, one]) takes.push(await limits.take(1, "message"));
    expect(takes).toEqual([true, true, true, false, false]);
    // One message a second (60 per minute): just under a second earns nothing, a second earns one.
    clock += 999;
    expect(await two.take(1, "message")).toBe(false);
    clock += 1;
    expect(await two.take(1, "message")).toBe(true);
    expect(await one.take(1, "message")).toBe(false);
    // A quiet spell refills the burst, no more.
    clock += 60_000;
    const after = [];
    for (let i = 0; i < 4; i++) after.push(await one.take(1, "message"));
    expect(after).toEqual([true, true, true, false]);
  });

  it("keep each kind and each user apart", async () => {
    const limits = createInboundLimits(options);
    expect(await limits.take(2, "inline")).toBe(true);
    expect(await limits.take(2, "inline")).toBe(false);
    expect(await limits.take(2, "press")).toBe(true);
    expect(await limits.take(3, "inline")).toBe(true);
  });

  it("leave a key that expires once the budget is full again", async () => {
    const limits = createInboundLimits(options);
    await limits.take(4, "press");
    const ttl = await redis.pttl(`${prefix}press:4`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(2000);
  });
});

describe("the tally of skipped updates", () => {
  it("gives one notice per window, with everything skipped since the last, from any instance", async () => {
    const one = createInboundLimits(options);
    const two = createInboundLimits(options);
    expect(await one.report(10, 5)).toEqual({ count: 5 });
    // Skipped on another instance within the window: said when the window ends.
    clock += 1000;
    expect(await two.report(10, 7)).toEqual({ retryInMs: 29_000 });
    clock += 10_000;
    expect(await one.report(10, 1)).toEqual({ retryInMs: 19_000 });
    clock += 19_000;
    expect(await two.report(10, 0)).toEqual({ count: 8 });
    // Nothing left: nothing to say, and no wait.
    expect(await one.report(10, 0)).toEqual({ retryInMs: 0 });
  });
});

/**
 * The budgets and the tally of skipped updates, on real Redis: a burst then the steady rate, taken inside the
 * read-ahead script, budgets apart per kind and per user, shared by every instance (two limiters on one
 * prefix), and (with a clock of the test's) at most one notice per window with everything skipped since the
 * last.
 */
import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { scanKeys } from "../../src/redis/scan.ts";
import { createInboundLimits, type InboundKind } from "../../src/services/runtime/inbound-limits.ts";
import { takeReadAhead, withReadAhead } from "../../src/services/runtime/update-reads.ts";

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

/** Takes one update from the budget the way every update does: inside its read-ahead script. */
async function take(limits: ReturnType<typeof createInboundLimits>, userId: number, kind: InboundKind) {
  return withReadAhead(
    redis,
    { keys: [], budget: limits.budget(userId, kind) },
    async (answer) => answer?.taken,
  );
}

describe("inbound budgets, taken with the update's reads", () => {
  it("allow a burst, then refuse, shared by two instances; a full budget again allows the burst", async () => {
    const one = createInboundLimits(options);
    const two = createInboundLimits(options);
    const takes = [];
    for (const limits of [one, two, one, two, one]) takes.push(await take(limits, 1, "message"));
    expect(takes).toEqual([true, true, true, false, false]);
    // The key holds when the budget is full again: three intervals (of a second) from now, minus the time
    // since the first take. A refused take changed nothing.
    const full = Number(await redis.get(`${prefix}message:1`));
    const [seconds, micros] = (await redis.time()) as [number, number];
    const now = Number(seconds) * 1000 + Math.floor(Number(micros) / 1000);
    expect(full - now).toBeGreaterThan(2000);
    expect(full - now).toBeLessThanOrEqual(3000);
    // As if a second had passed: one more.
    await redis.set(`${prefix}message:1`, String(full - 1000), "KEEPTTL");
    expect([await take(two, 1, "message"), await take(one, 1, "message")]).toEqual([true, false]);
    // As if the budget were full again: the burst, no more.
    await redis.del(`${prefix}message:1`);
    const after = [];
    for (let i = 0; i < 4; i++) after.push(await take(one, 1, "message"));
    expect(after).toEqual([true, true, true, false]);
  });

  it("say until when a spent budget refuses: never before it would take again", async () => {
    const limits = createInboundLimits(options);
    const budget = limits.budget(6, "press");
    const answers = [];
    for (let i = 0; i < 3; i++) {
      const before = Date.now();
      const answer = await withReadAhead(redis, { keys: [], budget }, async (found) => found);
      answers.push({ answer, before, after: Date.now() });
    }
    expect(answers.map(({ answer }) => answer?.taken)).toEqual([true, true, false]);
    const { answer, before, after } = answers[2] ?? expect.fail("three takes");
    if (answer === undefined || answer.taken) return expect.fail("the third is refused");
    // Two presses at once of a budget of 2 at 30 a minute: the next passes two seconds after the first.
    const first = answers[0]?.before ?? 0;
    expect(answer.spentUntil).toBeGreaterThanOrEqual(before + 1);
    expect(answer.spentUntil).toBeLessThanOrEqual(first + 2000 + (after - first));
    // Taken again once that time is reached (moved there by hand, as if it had passed).
    const full = Number(await redis.get(`${prefix}press:6`));
    await redis.set(`${prefix}press:6`, String(full - (answer.spentUntil - before)), "KEEPTTL");
    expect(await take(limits, 6, "press")).toBe(true);
  });

  it("keep each kind and each user apart", async () => {
    const limits = createInboundLimits(options);
    expect(await take(limits, 2, "inline")).toBe(true);
    expect(await take(limits, 2, "inline")).toBe(false);
    expect(await take(limits, 2, "press")).toBe(true);
    expect(await take(limits, 3, "inline")).toBe(true);
  });

  it("leave a key that expires once the budget is full again", async () => {
    const limits = createInboundLimits(options);
    await take(limits, 4, "press");
    const ttl = await redis.pttl(`${prefix}press:4`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(2000);
  });

  it("leave the reads as they were", async () => {
    const limits = createInboundLimits(options);
    await redis.set(`${prefix}read`, "value");
    const read = await withReadAhead(
      redis,
      { keys: [`${prefix}read`, `${prefix}none`], budget: limits.budget(5, "message") },
      async (answer) => [answer?.taken, takeReadAhead(`${prefix}read`), takeReadAhead(`${prefix}none`)],
    );
    expect(read).toEqual([true, "value", null]);
  });
});

describe("the tally of skipped updates", () => {
  it("gives one notice per window, counting every instance's skips of the burst, then what came later", async () => {
    const one = createInboundLimits(options);
    const two = createInboundLimits(options);
    // The first report of a spell waits for the others' (half a second by default).
    expect(await one.report(10, 5)).toEqual({ retryInMs: 500 });
    clock += 100;
    expect(await two.report(10, 3)).toEqual({ retryInMs: 400 });
    clock += 400;
    expect(await one.report(10, 0)).toEqual({ count: 8 });
    // Skipped within the window: said when the window ends.
    clock += 1000;
    expect(await two.report(10, 7)).toEqual({ retryInMs: 500 });
    clock += 500;
    expect(await two.report(10, 0)).toEqual({ retryInMs: 28_500 });
    clock += 10_000;
    expect(await one.report(10, 1)).toEqual({ retryInMs: 18_500 });
    clock += 18_500;
    expect(await two.report(10, 0)).toEqual({ count: 8 });
    // Nothing left: nothing to say, and no wait.
    expect(await one.report(10, 0)).toEqual({ retryInMs: 0 });
  });

  it("a notice not sent leaves its skips due again at once", async () => {
    const limits = createInboundLimits(options);
    expect(await limits.report(11, 4)).toEqual({ retryInMs: 500 });
    clock += 500;
    expect(await limits.report(11, 0)).toEqual({ count: 4 });
    await limits.unsaid(11, 4);
    expect(await limits.report(11, 0)).toEqual({ retryInMs: 500 });
    clock += 500;
    expect(await limits.report(11, 0)).toEqual({ count: 4 });
  });
});

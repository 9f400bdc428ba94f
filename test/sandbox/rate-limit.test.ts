/**
 * The sandbox's rolling windows and request log as units: the window lets exactly its limit through per
 * window however long it runs (its times are dropped in batches), and the log keeps the latest requests.
 */
import { describe, expect, it } from "vitest";
import { RateLimiter } from "../../src/sandbox/rate-limit.ts";
import { RequestLog } from "../../src/sandbox/request-log.ts";

const limits = { accountReads: 3, accountWrites: 1, publicReads: 2, publicWrites: 1, windowMs: 1000 };

describe("sandbox rate limiter", () => {
  it("lets the limit through per rolling window, and says when a slot frees", () => {
    const limiter = new RateLimiter(limits);
    expect([0, 100, 200].map((t) => limiter.take(1, "ip", false, t))).toEqual([0, 0, 0]);
    expect(limiter.take(1, "ip", false, 300)).toBe(1);
    // Writes, other accounts and the IP's public budget are counted apart.
    expect(limiter.take(1, "ip", true, 300)).toBe(0);
    expect(limiter.take(2, "ip", false, 300)).toBe(0);
    expect(limiter.take(null, "ip", false, 300)).toBe(0);
    // The first request leaves the window after 1000 ms: one slot, then full again.
    expect(limiter.take(1, "ip", false, 1000)).toBe(0);
    expect(limiter.take(1, "ip", false, 1001)).toBe(1);
    expect(limiter.take(1, "ip", false, 1101)).toBe(0);
  });

  it("holds over a long run: never more than the limit in any window", () => {
    const limiter = new RateLimiter({ ...limits, accountReads: 50 });
    const allowed: number[] = [];
    // 20,000 requests, one every 7 ms: the window (1000 ms) holds at most 50 of them.
    for (let t = 0; t < 140_000; t += 7) if (limiter.take(1, "ip", false, t) === 0) allowed.push(t);
    let most = 0;
    for (let i = 0, j = 0; i < allowed.length; i++) {
      while ((allowed[j] as number) <= (allowed[i] as number) - 1000) j++;
      most = Math.max(most, i - j + 1);
    }
    expect(most).toBe(50);
    // Nearly 50 per second went through: slots are freed as requests leave the window.
    expect(allowed.length).toBeGreaterThan(139 * 50);
  });
});

describe("sandbox request log", () => {
  it("reports the latest 10,000 requests", () => {
    const log = new RequestLog();
    for (let i = 0; i < 25_001; i++) {
      log.add({ accountId: i % 2, method: "GET", path: `/p/${i}`, status: 200, at: i, receivedAt: i });
    }
    const all = log.summary(undefined) as { requests: { path: string }[] };
    expect(all.requests).toHaveLength(10_000);
    expect(all.requests[0]?.path).toBe("/p/15001");
    expect(all.requests.at(-1)?.path).toBe("/p/25000");
    const odd = log.summary(1) as { requests: { path: string }[] };
    expect(odd.requests).toHaveLength(5000);
  });
});

/**
 * Two clients of one account, each with its own Redis connection and limiter (as two bot processes
 * would be), sharing the budget through Redis. Window 1 s and tiny limits keep the file fast; spacing is
 * checked on the limiter's own clock (Redis TIME via onAdmit), so no assertion depends on timing luck.
 */
import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { createClientFactory, createRedisRateLimiter, type RequestKind } from "../../src/exchange/index.ts";
import { startTestExchange } from "../support/exchange.ts";

const ex = await startTestExchange();
// A second exchange whose own limit is tiny, to meet a real (not injected) 429.
const strict = await startTestExchange({ limits: { accountReads: 3, windowMs: 1000 } });
const PREFIX = `test:client-rl:${randomUUID()}:`;
const WINDOW_MS = 1000;
const connections = [
  new Redis(process.env.REDIS_URL ?? "redis://127.0.0.1:6379"),
  new Redis(process.env.REDIS_URL ?? "redis://127.0.0.1:6379"),
];

afterAll(async () => {
  const keys = await connections[0]?.keys(`${PREFIX}*`);
  if (keys && keys.length > 0) await connections[0]?.del(...keys);
  await Promise.all(connections.map((c) => c.quit()));
});

/** A "process": its own Redis connection, limiter and client factory; admissions are recorded. */
function processWith(redis: Redis, admitted: { kind: RequestKind; at: number }[]) {
  const limiter = createRedisRateLimiter({
    redis,
    prefix: PREFIX,
    windowMs: WINDOW_MS,
    limitsFor: () => ({ read: 4, write: 2 }),
    onAdmit: (_bucket, kind, at) => admitted.push({ kind, at }),
  });
  return createClientFactory({ baseUrl: ex.url, limiter, backoffBaseMs: 5 });
}

/** The most admissions of one kind inside any window of WINDOW_MS. */
function busiestWindow(admitted: { kind: RequestKind; at: number }[], kind: RequestKind): number {
  const times = admitted
    .filter((a) => a.kind === kind)
    .map((a) => a.at)
    .sort((a, b) => a - b);
  let best = 0;
  for (let i = 0, j = 0; i < times.length; i++) {
    while ((times[i] as number) - (times[j] as number) >= WINDOW_MS) j++;
    best = Math.max(best, i - j + 1);
  }
  return best;
}

describe("shared rate limit across processes", () => {
  it("two processes together never exceed the account's budget in any rolling window", async () => {
    const account = ex.account({ AUD: "100" });
    const admitted: { kind: RequestKind; at: number }[] = [];
    const [a, b] = connections.map((redis) => processWith(redis, admitted).forKey(account.readWriteKey));
    if (!a || !b) throw new Error("two processes");
    const estimate = { src_asset: "AUD", dst_asset: "BTC", req_spend_amount: "1" } as const;
    await Promise.all([
      ...Array.from({ length: 5 }, () => a.balances.all()),
      ...Array.from({ length: 5 }, () => b.balances.get("AUD")),
      ...Array.from({ length: 2 }, () => a.swaps.estimate(estimate)),
      ...Array.from({ length: 2 }, () => b.swaps.estimate(estimate)),
    ]);
    expect(admitted.filter((x) => x.kind === "read")).toHaveLength(10);
    expect(admitted.filter((x) => x.kind === "write")).toHaveLength(4);
    expect(busiestWindow(admitted, "read")).toBe(4);
    expect(busiestWindow(admitted, "write")).toBe(2);
  });

  it("a 429 seen by one process pauses the other until Retry-After has passed", async () => {
    const account = ex.account({ AUD: "100" });
    const admittedA: { kind: RequestKind; at: number }[] = [];
    const admittedB: { kind: RequestKind; at: number }[] = [];
    const [redisA, redisB] = connections as [Redis, Redis];
    const b = processWith(redisB, admittedB).forKey(account.readWriteKey);
    let bDone: Promise<unknown> | undefined;
    let throttledAt = 0;
    const limiterA = createRedisRateLimiter({
      redis: redisA,
      prefix: PREFIX,
      windowMs: WINDOW_MS,
      limitsFor: () => ({ read: 100, write: 100 }),
      onAdmit: (_bucket, kind, at) => admittedA.push({ kind, at }),
    });
    const a = createClientFactory({
      baseUrl: ex.url,
      limiter: limiterA,
      // Called once A has shared the cooldown: B starts its request now, mid-cooldown.
      sleep: async (ms) => {
        const [seconds, micros] = await redisA.time();
        throttledAt = Number(seconds) * 1000 + Number(micros) / 1000;
        bDone = b.balances.all();
        await new Promise((resolve) => setTimeout(resolve, ms));
      },
    }).forKey(account.readWriteKey);

    await ex.control("POST", "/_sandbox/faults", {
      method: "GET",
      path_prefix: "/api/private/balances/",
      status: 429,
      count: 1,
      retry_after: 1,
    });
    await a.balances.all();
    await bDone;
    expect(admittedB).toHaveLength(1);
    // B was admitted only after the 1 s cooldown (both on the Redis clock; 50 ms covers the TIME round trip above).
    expect((admittedB[0]?.at ?? 0) - throttledAt).toBeGreaterThanOrEqual(1000 - 50);
  });
});

describe("the service's own limit", () => {
  it("a client without a limiter meets the 429, waits Retry-After and succeeds", async () => {
    const account = strict.account({ AUD: "7" });
    const waits: number[] = [];
    const client = strict.client(account.readWriteKey, {
      sleep: (ms) => {
        waits.push(ms);
        return new Promise((resolve) => setTimeout(resolve, ms));
      },
    });
    const totals = [];
    for (let i = 0; i < 4; i++) totals.push((await client.balances.all()).AUD);
    expect(totals).toEqual(["7", "7", "7", "7"]);
    expect(waits).toHaveLength(1);
    expect(waits[0]).toBeGreaterThanOrEqual(1000);
  });
});

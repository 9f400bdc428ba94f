/**
 * Rate limiter tests against a real Redis (REDIS_URL, default 127.0.0.1:6379).
 *
 * Timing: windows are 1-2 s so the file stays fast, and no assertion depends on wall-clock luck. Spacing is
 * checked on the limiter's own clock (Redis TIME, reported through onAdmit), where it is exact by
 * construction; wall-clock checks only bound how long something may take, with hundreds of ms of slack.
 */
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { ExchangeRateLimitedError } from "../../src/exchange/errors.ts";
import {
  ACCOUNT_LIMITS,
  accountBucket,
  createLocalRateLimiter,
  createRedisRateLimiter,
  type LocalRateLimiterOptions,
  PUBLIC_LIMITS,
  publicBucket,
  type RateLimiter,
  type RequestKind,
} from "../../src/exchange/rate-limiter.ts";

const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
// Every key this file writes starts with this, and only these keys are deleted afterwards.
const PREFIX = `test:rl:${randomUUID()}:`;
// Scores are µs and reported as ms floats, so two times may differ from the exact value by float rounding.
const EPSILON_MS = 0.01;

let redisA: Redis;
let redisB: Redis;

beforeAll(async () => {
  redisA = new Redis(REDIS_URL);
  redisB = new Redis(REDIS_URL);
  await Promise.all([redisA.ping(), redisB.ping()]);
});

afterAll(async () => {
  const keys = await ownKeys();
  if (keys.length > 0) await redisA.del(...keys);
  await Promise.all([redisA.quit(), redisB.quit()]);
});

async function ownKeys(): Promise<string[]> {
  const keys: string[] = [];
  let cursor = "0";
  do {
    const [next, batch] = await redisA.scan(cursor, "MATCH", `${PREFIX}*`, "COUNT", 1000);
    cursor = next;
    keys.push(...batch);
  } while (cursor !== "0");
  return keys;
}

/** Redis server time in ms, the clock the Redis limiter scores with. */
async function redisNow(): Promise<number> {
  const [seconds, micros] = await redisA.time();
  return Number(seconds) * 1000 + Number(micros) / 1000;
}

/** A fresh bucket name, so tests never see each other's counts. */
const freshBucket = (): string => `test-${randomUUID()}`;

/** Collects admitted times (limiter clock) through onAdmit. */
function recorder(): { times: number[]; onAdmit: LocalRateLimiterOptions["onAdmit"] } {
  const times: number[] = [];
  return { times, onAdmit: (_bucket: string, _kind: RequestKind, atMs: number) => times.push(atMs) };
}

const limits = (read: number, write: number) => () => ({ read, write });

interface Flavour {
  name: string;
  make: (options: LocalRateLimiterOptions) => RateLimiter;
  /** The clock the limiter reports in onAdmit. */
  now: () => Promise<number>;
}

const flavours: Flavour[] = [
  {
    name: "redis",
    make: (options) => createRedisRateLimiter({ ...options, redis: redisA, prefix: PREFIX }),
    now: redisNow,
  },
  { name: "local", make: createLocalRateLimiter, now: async () => performance.now() },
];

describe.each(flavours)("$name limiter", ({ make, now }) => {
  it("admits N at once and makes the N+1th wait until the window frees a slot", async () => {
    const bucket = freshBucket();
    const { times, onAdmit } = recorder();
    const limiter = make({ windowMs: 1000, limitsFor: limits(5, 5), onAdmit });

    const started = performance.now();
    await Promise.all(Array.from({ length: 5 }, () => limiter.acquire(bucket, "read")));
    // Five admissions need no waiting at all; 500 ms only absorbs a slow machine.
    expect(performance.now() - started).toBeLessThan(500);

    await limiter.acquire(bucket, "read");
    expect(times).toHaveLength(6);
    const [first = 0] = times;
    const sixth = times[5] ?? 0;
    // Exact on the limiter's clock: the sixth may only enter once the first has left the window.
    expect(sixth - first).toBeGreaterThanOrEqual(1000 - EPSILON_MS);
    // ...and it did not oversleep: window + up to 50 ms jitter + generous slack for a loaded machine.
    expect(performance.now() - started).toBeLessThan(1000 + 700);
  });

  it("counts reads and writes separately, and buckets separately", async () => {
    const [bucket, other] = [freshBucket(), freshBucket()];
    // maxWaitMs 0 turns "would have to wait" into an immediate error, so nothing here sleeps.
    const limiter = make({ windowMs: 2000, limitsFor: limits(2, 1), maxWaitMs: 0 });

    await limiter.acquire(bucket, "read");
    await limiter.acquire(bucket, "read");
    await limiter.acquire(bucket, "write");
    await expect(limiter.acquire(bucket, "read")).rejects.toBeInstanceOf(ExchangeRateLimitedError);
    await expect(limiter.acquire(bucket, "write")).rejects.toBeInstanceOf(ExchangeRateLimitedError);

    await limiter.acquire(other, "write");
    await limiter.acquire(other, "read");
    await limiter.acquire(other, "read");
    await expect(limiter.acquire(other, "write")).rejects.toBeInstanceOf(ExchangeRateLimitedError);
  });

  it("asks limitsFor per bucket", async () => {
    const [account, publicOne] = [freshBucket(), freshBucket()];
    const limiter = make({
      windowMs: 2000,
      limitsFor: (bucket) => (bucket === publicOne ? { read: 1, write: 1 } : { read: 1, write: 3 }),
      maxWaitMs: 0,
    });
    for (let i = 0; i < 3; i += 1) await limiter.acquire(account, "write");
    await limiter.acquire(publicOne, "write");
    await expect(limiter.acquire(publicOne, "write")).rejects.toBeInstanceOf(ExchangeRateLimitedError);
  });

  it("throws ExchangeRateLimitedError with the time still to wait when it exceeds maxWaitMs", async () => {
    const bucket = freshBucket();
    const limiter = make({ windowMs: 2000, limitsFor: limits(1, 1), maxWaitMs: 100 });
    await limiter.acquire(bucket, "write");

    const started = performance.now();
    const error = await limiter.acquire(bucket, "write").catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ExchangeRateLimitedError);
    const { retryAfterMs } = error as ExchangeRateLimitedError;
    expect(retryAfterMs).toBeGreaterThan(0);
    expect(retryAfterMs).toBeLessThanOrEqual(2000);
    // It fails at once instead of sleeping toward a deadline it cannot meet (bound is slack, not timing).
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it("rejects with the signal's reason when aborted while waiting", async () => {
    const bucket = freshBucket();
    const limiter = make({ windowMs: 2000, limitsFor: limits(1, 1) });
    await limiter.acquire(bucket, "read");

    const controller = new AbortController();
    const reason = new Error("caller gave up");
    setTimeout(() => controller.abort(reason), 50);
    const started = performance.now();
    await expect(limiter.acquire(bucket, "read", controller.signal)).rejects.toBe(reason);
    // Released by the abort (50 ms), long before the 2 s window would have.
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it("does not count a request whose signal was already aborted", async () => {
    const bucket = freshBucket();
    const limiter = make({ windowMs: 2000, limitsFor: limits(1, 1), maxWaitMs: 0 });
    const reason = new Error("already aborted");
    await expect(limiter.acquire(bucket, "read", AbortSignal.abort(reason))).rejects.toBe(reason);
    // The one slot is still free.
    await limiter.acquire(bucket, "read");
  });

  it("pauses reads and writes during a cooldown; a later shorter one does not shorten it", async () => {
    const bucket = freshBucket();
    const { times, onAdmit } = recorder();
    const limiter = make({ windowMs: 1000, limitsFor: limits(10, 10), onAdmit });

    const before = await now();
    await limiter.cooldown(bucket, 800);
    await limiter.cooldown(bucket, 50);
    await Promise.all([limiter.acquire(bucket, "read"), limiter.acquire(bucket, "write")]);
    // `before` precedes the cooldown's start, so both admissions come >= 800 ms after it; the 1 ms
    // allows for Redis expiring keys on whole milliseconds.
    for (const at of times) expect(at - before).toBeGreaterThanOrEqual(799);
  });

  it("treats a zero cooldown as none and refuses a non-finite one", async () => {
    const bucket = freshBucket();
    const limiter = make({ windowMs: 1000, limitsFor: limits(10, 10), maxWaitMs: 0 });
    await limiter.cooldown(bucket, 0);
    await limiter.acquire(bucket, "read");
    await expect(limiter.cooldown(bucket, Number.NaN)).rejects.toBeInstanceOf(RangeError);
    await expect(limiter.cooldown(bucket, Number.POSITIVE_INFINITY)).rejects.toBeInstanceOf(RangeError);
  });

  it("lengthens a cooldown, and fails at once when the cooldown outlasts maxWaitMs", async () => {
    const bucket = freshBucket();
    const limiter = make({ windowMs: 1000, limitsFor: limits(10, 10), maxWaitMs: 1000 });
    await limiter.cooldown(bucket, 100);
    await limiter.cooldown(bucket, 5000);
    const error = await limiter.acquire(bucket, "read").catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ExchangeRateLimitedError);
    // Close to the 5 s just set (the 1 s of slack is not timing-critical).
    expect((error as ExchangeRateLimitedError).retryAfterMs).toBeGreaterThan(4000);
    expect((error as ExchangeRateLimitedError).retryAfterMs).toBeLessThanOrEqual(5001);
  });
});

/**
 * Starts the worker in its own Node process (type stripping runs the TS directly; the flag is for Node 22
 * releases that still need it). A worker that dies early fails the test at once instead of at the timeout.
 */
function startWorker(args: string[]): {
  ready: Promise<void>;
  go: () => void;
  admitted: () => Promise<number[]>;
} {
  const script = fileURLToPath(new URL("./rate-limiter-worker.ts", import.meta.url));
  const child = spawn(
    process.execPath,
    ["--experimental-strip-types", "--no-warnings=ExperimentalWarning", script, ...args],
    { stdio: ["pipe", "pipe", "inherit"] },
  );
  // Never leave it running when the test fails half-way.
  onTestFinished(() => {
    child.kill();
  });
  let output = "";
  const exited = new Promise<string>((resolve, reject) => {
    child.on("error", reject);
    child.on("exit", (code) => {
      if (code === 0) resolve(output);
      else reject(new Error(`worker exited with ${code}: ${output}`));
    });
  });
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (chunk: string) => {
      output += chunk;
      if (output.startsWith("ready\n")) resolve();
    });
    // Settling after `resolve` is a no-op, so this only matters when the worker dies before "ready".
    exited.then(() => reject(new Error(`worker ended before it was ready: ${output}`)), reject);
  });
  return {
    ready,
    go: () => child.stdin.end("go\n"),
    admitted: async () => JSON.parse((await exited).split("\n")[1] ?? "[]") as number[],
  };
}

describe("limiters in separate processes sharing one Redis", () => {
  it("never admit more than the limit in any rolling window", async () => {
    const bucket = freshBucket();
    const [windowMs, limit, perSide] = [1000, 10, 15];
    const worker = startWorker([REDIS_URL, PREFIX, bucket, String(windowMs), String(limit), String(perSide)]);
    const { times: here, onAdmit } = recorder();
    const limiter = createRedisRateLimiter({
      redis: redisB,
      prefix: PREFIX,
      windowMs,
      limitsFor: limits(1, limit),
      maxWaitMs: 20_000,
      onAdmit,
    });

    await worker.ready;
    worker.go();
    await Promise.all(Array.from({ length: perSide }, () => limiter.acquire(bucket, "write")));
    const there = await worker.admitted();

    expect(here).toHaveLength(perSide);
    expect(there).toHaveLength(perSide);
    // Both sides really competed: each admitted something before the other finished.
    expect(Math.min(...here)).toBeLessThan(Math.max(...there));
    expect(Math.min(...there)).toBeLessThan(Math.max(...here));

    // All times come from the one Redis clock. Working in whole µs makes the window test exact: no
    // half-open window [t, t + windowMs) may hold more than `limit` admissions.
    const all = [...here, ...there].map((ms) => Math.round(ms * 1000)).sort((a, b) => a - b);
    let busiest = 0;
    for (const [i, start] of all.entries()) {
      const inWindow = all.slice(i).filter((at) => at < start + windowMs * 1000).length;
      busiest = Math.max(busiest, inWindow);
    }
    expect(busiest).toBe(limit);
    // 30 admissions at 10 per window cannot fit in less than two full windows.
    expect((all.at(-1) ?? 0) - (all[0] ?? 0)).toBeGreaterThanOrEqual(2 * windowMs * 1000);
  });

  it("a cooldown recorded by one limiter pauses another connection's limiter; a shorter one does not shorten it", async () => {
    const bucket = freshBucket();
    const { times, onAdmit } = recorder();
    const first = createRedisRateLimiter({ redis: redisA, prefix: PREFIX, limitsFor: () => ACCOUNT_LIMITS });
    const second = createRedisRateLimiter({
      redis: redisB,
      prefix: PREFIX,
      limitsFor: () => ACCOUNT_LIMITS,
      onAdmit,
    });

    const before = await redisNow();
    await first.cooldown(bucket, 1000);
    await second.cooldown(bucket, 100);
    await Promise.all([second.acquire(bucket, "read"), second.acquire(bucket, "write")]);
    expect(times).toHaveLength(2);
    // Redis clock throughout; 1 ms for Redis expiring keys on whole milliseconds.
    for (const at of times) expect(at - before).toBeGreaterThanOrEqual(999);
  });
});

describe("buckets", () => {
  it("accountBucket is a fixed-shape one-way id that never contains the key", () => {
    fc.assert(
      fc.property(fc.string({ minLength: 8, maxLength: 100 }), fc.string({ minLength: 8 }), (key, other) => {
        const bucket = accountBucket(key);
        expect(bucket).toMatch(/^acct:[0-9a-f]{32}$/);
        expect(bucket).not.toContain(key);
        expect(accountBucket(key)).toBe(bucket);
        if (other !== key) expect(accountBucket(other)).not.toBe(bucket);
      }),
    );
  });

  it("Redis never holds the API key, in key names or values", async () => {
    const apiKey = `key-${randomUUID()}`;
    const limiter = createRedisRateLimiter({
      redis: redisA,
      prefix: PREFIX,
      limitsFor: () => ACCOUNT_LIMITS,
    });
    await limiter.acquire(accountBucket(apiKey), "read");
    await limiter.acquire(accountBucket(apiKey), "write");
    await limiter.cooldown(accountBucket(apiKey), 1000);

    const keys = (await ownKeys()).filter((key) => key.includes(accountBucket(apiKey)));
    expect(keys).toHaveLength(3);
    for (const key of keys) {
      expect(key).not.toContain(apiKey);
      const type = await redisA.type(key);
      const values = type === "zset" ? await redisA.zrange(key, "0", "-1") : [await redisA.get(key)];
      for (const value of values) expect(value).not.toContain(apiKey);
    }
  });

  it("publicBucket and the spec limits", () => {
    expect(publicBucket()).toBe("public");
    expect(publicBucket("203.0.113.7")).not.toBe(publicBucket());
    expect(ACCOUNT_LIMITS).toEqual({ read: 1800, write: 600 });
    expect(PUBLIC_LIMITS).toEqual({ read: 1800, write: 60 });
  });
});

/**
 * Child process of rate-limiter.test.ts: a second limiter on its own Redis connection in its own process.
 * Usage: node rate-limiter-worker.ts <redisUrl> <prefix> <bucket> <windowMs> <writeLimit> <count>
 * Prints "ready" once connected, waits for a line on stdin so both sides start together, then acquires
 * `count` writes at once and prints the admitted Redis times (ms) as one JSON array.
 */
import { Redis } from "ioredis";
import { createRedisRateLimiter } from "../../src/exchange/rate-limiter.ts";

const [redisUrl = "", prefix = "", bucket = "", windowMs = "", writeLimit = "", count = ""] =
  process.argv.slice(2);
const redis = new Redis(redisUrl);
const admitted: number[] = [];
const limiter = createRedisRateLimiter({
  redis,
  prefix,
  windowMs: Number(windowMs),
  limitsFor: () => ({ read: 1, write: Number(writeLimit) }),
  maxWaitMs: 20_000,
  onAdmit: (_bucket, _kind, atMs) => admitted.push(atMs),
});

await redis.ping();
process.stdout.write("ready\n");
await new Promise((resolve) => process.stdin.once("data", resolve));
process.stdin.pause();
await Promise.all(Array.from({ length: Number(count) }, () => limiter.acquire(bucket, "write")));
process.stdout.write(`${JSON.stringify(admitted)}\n`);
await redis.quit();

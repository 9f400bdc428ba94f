/**
 * The shared Redis for a test file, with key prefixes of the file's own: every key under a prefix handed
 * out is removed, and the client closed, after the file (other tests' keys are never touched).
 */
import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { cleanUpAfterUse } from "./clean-up.ts";

/** The Redis the tests use. */
export const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";

/**
 * A client on the shared Redis, and `prefix(name)` for a new key prefix `test:<name>:<uuid>:`.
 * `beforeQuit` runs first after the file (e.g. closing what still uses the client).
 */
export function redisWithPrefixes(beforeQuit?: () => Promise<unknown>) {
  const redis = new Redis(REDIS_URL);
  const prefixes: string[] = [];
  cleanUpAfterUse(async () => {
    await beforeQuit?.();
    for (const prefix of prefixes) {
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length > 0) await redis.del(...keys);
    }
    await redis.quit();
  });
  return {
    redis,
    /** A new key prefix `test:<name>:<uuid>:`, removed after the file. */
    prefix(name: string): string {
      const prefix = `test:${name}:${randomUUID()}:`;
      prefixes.push(prefix);
      return prefix;
    },
  };
}

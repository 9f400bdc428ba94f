/** Removing what a benchmark wrote to Redis. */
import type { Redis } from "ioredis";

/** Deletes every key under `prefix` (a benchmark's own, so nothing else is touched). */
export async function deleteKeysUnder(redis: Redis, prefix: string): Promise<void> {
  let cursor = "0";
  do {
    const [next, found] = await redis.scan(cursor, "MATCH", `${prefix}*`, "COUNT", 1000);
    cursor = next;
    if (found.length > 0) await redis.del(...found);
  } while (cursor !== "0");
}

/**
 * A JSON key-value store on Redis with the read/write/delete shape that grammY sessions and the
 * conversations plugin expect. Values expire after `ttlSeconds` of no writes, so abandoned state
 * does not pile up. Reads take a value the update read ahead when there is one (see update-reads.ts).
 */
import { memoKeys } from "../../redis/key-memo.ts";
import type { RedisClient } from "../../redis/url.ts";
import type { JsonStorage } from "./json-storage.ts";
import { forgetReadAhead, takeReadAhead } from "./update-reads.ts";

/** Options of {@link createRedisStorage}. */
export interface RedisStorageOptions {
  redis: RedisClient;
  /** Prepended to every key, e.g. `session:`. */
  prefix: string;
  /** Expiry after the last write; none when omitted. */
  ttlSeconds?: number;
}

/** Creates a JSON storage under `prefix`. A value that is not valid JSON reads as absent. */
export function createRedisStorage<T>(options: RedisStorageOptions): JsonStorage<T> {
  const { redis, prefix, ttlSeconds } = options;
  const redisKey = memoKeys((key: string) => prefix + key);
  return {
    async read(key) {
      const full = redisKey(key);
      const ahead = takeReadAhead(full);
      const raw = ahead === undefined ? await redis.get(full) : ahead;
      if (raw === null) return undefined;
      try {
        return JSON.parse(raw) as T;
      } catch {
        return undefined;
      }
    },
    async write(key, value) {
      const full = redisKey(key);
      forgetReadAhead(full);
      const raw = JSON.stringify(value);
      if (ttlSeconds === undefined) await redis.set(full, raw);
      else await redis.set(full, raw, "EX", ttlSeconds);
    },
    async delete(key) {
      const full = redisKey(key);
      forgetReadAhead(full);
      await redis.del(full);
    },
    redisKey,
  };
}

/**
 * The levels of a user's armed price triggers as the alert watcher last read them (src/services/alerts/
 * levels.ts, kept in Redis by the watcher on every read): what a chart draws without a private read of its
 * own. Paused or disabled triggers are not there; neither is anything before the watcher's first read.
 */
import type { RedisClient } from "../../../redis/url.ts";
import { parseLevels, type WatchedLevel } from "./levels.ts";
import { alertKeys } from "./watcher.ts";

/** Reads what the watcher keeps under `prefix` (the watcher's own key prefix). */
export function createArmedLevels(options: { redis: RedisClient; prefix: string }) {
  const key = alertKeys(options.prefix).levels;
  return {
    /** The armed levels of `userId` for `asset` (upper case); none when the watcher holds none. */
    async of(userId: number, asset: string): Promise<WatchedLevel[]> {
      const raw = await options.redis.hget(key, String(userId));
      return raw === null ? [] : parseLevels(raw).filter((level) => level.a === asset);
    },
  };
}

/** The armed levels the watcher keeps. */
export type ArmedLevels = ReturnType<typeof createArmedLevels>;

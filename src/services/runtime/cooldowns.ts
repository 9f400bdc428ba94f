/**
 * Short cooldowns shared by every instance through Redis: an action that should not repeat within a
 * while (one confirmation email per address a minute, however often Resend is pressed).
 */
import type { RedisClient } from "../../redis/url.ts";

/** Options of {@link createCooldowns}. */
export interface CooldownOptions {
  redis: RedisClient;
  /** Key prefix, e.g. "cooldown:". */
  prefix: string;
}

/** Creates the cooldowns. */
export function createCooldowns(options: CooldownOptions) {
  const { redis, prefix } = options;
  return {
    /** Starts `key`'s cooldown of `seconds`; false when one is already running (the action must wait). */
    async take(key: string, seconds: number): Promise<boolean> {
      return (await redis.set(prefix + key, "1", "EX", seconds, "NX")) === "OK";
    },
    /** Ends `key`'s cooldown early: the action it guarded did not happen after all. */
    async release(key: string): Promise<void> {
      await redis.del(prefix + key);
    },
  };
}

/** The cooldowns. */
export type Cooldowns = ReturnType<typeof createCooldowns>;

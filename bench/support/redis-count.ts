/**
 * Counts the commands an ioredis client sends, and its round trips: commands sent before the event loop
 * could have handled any reply (same macrotask, e.g. a pipeline or an MGET with parallel GETs) count
 * as one round trip. Only meaningful while one update runs at a time.
 */
import type { Redis } from "ioredis";

/** A counter installed on one client. */
export interface RedisCounter {
  commands: number;
  roundTrips: number;
  /** Commands by name. */
  byName: Map<string, number>;
  reset(): void;
}

/** Wraps `redis.sendCommand` to count what goes through it. */
export function countRedis(redis: Redis): RedisCounter {
  const counter: RedisCounter = {
    commands: 0,
    roundTrips: 0,
    byName: new Map(),
    reset() {
      counter.commands = 0;
      counter.roundTrips = 0;
      counter.byName.clear();
    },
  };
  let inBurst = false;
  const original = redis.sendCommand.bind(redis);
  redis.sendCommand = ((...args: Parameters<Redis["sendCommand"]>) => {
    const name = String((args[0] as { name?: string }).name);
    counter.commands++;
    counter.byName.set(name, (counter.byName.get(name) ?? 0) + 1);
    if (!inBurst) {
      inBurst = true;
      counter.roundTrips++;
      setImmediate(() => {
        inBurst = false;
      });
    }
    return original(...args);
  }) as Redis["sendCommand"];
  return counter;
}

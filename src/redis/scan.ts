/**
 * SCAN over every key of the bot's Redis. On one server that is one cursor; on a Redis Cluster each
 * master holds its own keys and answers SCAN for those only, so every master is scanned in turn (with
 * the bot's single hash tag all its keys sit on one master, but which one is up to the cluster).
 */
import { Cluster } from "ioredis";
import type { RedisClient } from "./url.ts";

/** What to scan for: a MATCH pattern, and optionally a COUNT hint and a TYPE. */
export interface ScanOptions {
  match: string;
  count?: number;
  type?: string;
}

/** Yields the keys matching `options`, batch by batch as SCAN returns them (a key may appear twice). */
export async function* scanKeys(redis: RedisClient, options: ScanOptions): AsyncGenerator<string[]> {
  const nodes = redis instanceof Cluster ? redis.nodes("master") : [redis];
  const { match, count = 200, type } = options;
  for (const node of nodes) {
    let cursor = "0";
    do {
      const [next, keys] =
        type === undefined
          ? await node.scan(cursor, "MATCH", match, "COUNT", count)
          : await node.scan(cursor, "MATCH", match, "COUNT", count, "TYPE", type);
      cursor = next;
      if (keys.length > 0) yield keys;
    } while (cursor !== "0");
  }
}

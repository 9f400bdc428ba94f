/**
 * A Lua script sent by its hash (EVALSHA), and once in full (EVAL, which also stores it) when Redis does
 * not have it: a new or restarted server, a flushed script cache. For the scripts of every update, reply or
 * exchange call, whose text would otherwise cross the wire each time. (Not an ioredis custom command: its
 * wrapper builds another promise and closure on every call.)
 */
import { createHash } from "node:crypto";
import type { Cluster, Redis } from "ioredis";

/**
 * Lua: sets `now`, the time in ms: ARGV[1] when given (a test's clock), else Redis's own clock (one time
 * line for every instance, whatever the machines' clocks say).
 */
export const LUA_NOW = `
local now = tonumber(ARGV[1])
if not now then
  local t = redis.call('TIME')
  now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
end`;

/** A script's arguments: its number of keys, its keys, its other arguments. */
export type ScriptArgs = [numKeys: number, ...rest: (string | number)[]];

/** A script and its hash. */
export interface CachedScript {
  text: string;
  sha: string;
}

/** Prepares `text` to be run by hash. */
export function cachedScript(text: string): CachedScript {
  return { text, sha: createHash("sha1").update(text).digest("hex") };
}

/** Runs `script` with `args`: by its hash, or in full once Redis says it does not know it. */
export async function runScript(
  redis: Redis | Cluster,
  script: CachedScript,
  args: ScriptArgs,
): Promise<unknown> {
  try {
    return await redis.evalsha(script.sha, ...args);
  } catch (error) {
    if (!(error instanceof Error && error.message.startsWith("NOSCRIPT"))) throw error;
    return redis.eval(script.text, ...args);
  }
}

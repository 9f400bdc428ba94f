/**
 * What several bot instances behind one webhook need beyond what one process does for itself: each update
 * handled once, even when Telegram (or a proxy) delivers it twice to different instances, and one update
 * at a time per chat across instances, so two instances never race through one user's session or
 * conversation. Both live in Redis; a single polling process needs neither (getUpdates' offset and the
 * in-process sequencing cover it).
 */
import { randomUUID } from "node:crypto";
import type { MiddlewareFn } from "grammy";
import type { RedisClient } from "../services/redis-url.ts";
import type { BotContext } from "./context.ts";
import type { SequenceBound } from "./sequencing.ts";

/** Where the shared records live. */
export interface SharedUpdatesOptions {
  redis: RedisClient;
  /** Key prefix, e.g. "updates:". */
  prefix: string;
  /** How long a chat's lock holds when its holder dies without releasing it; default 60 s. */
  lockMs?: number;
  /** How often a waiting instance looks again; default 25 ms. */
  pollMs?: number;
}

// Telegram redelivers an unanswered update for a while; a day covers every redelivery by far.
const SEEN_TTL_S = 86_400;
/**
 * KEYS lock, held (zset token -> until); ARGV token, lockMs, max ("" for no bound), first ("1" on an update's
 * first try). On the first try the update joins the chat's held updates, unless `max` are held already
 * (every instance's: returns -1, it joins nothing). Then it takes the lock if free: 1, else 0 (try again).
 */
const ENTER = `
local token, lockMs, max = ARGV[1], tonumber(ARGV[2]), tonumber(ARGV[3])
if ARGV[4] == '1' then
  local t = redis.call('TIME')
  local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
  redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now)
  if max and redis.call('ZCARD', KEYS[2]) >= max then return -1 end
  redis.call('ZADD', KEYS[2], now + lockMs, token)
  redis.call('PEXPIRE', KEYS[2], lockMs)
end
if redis.call('SET', KEYS[1], token, 'PX', lockMs, 'NX') then return 1 end
return 0`;
/** KEYS lock, held; ARGV token. Releases the lock if still the token's, and leaves the held updates. */
const RELEASE = `
redis.call('ZREM', KEYS[2], ARGV[1])
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Passes each update_id on once across every instance; a repeat is dropped without a word. */
export function handleOnce(options: SharedUpdatesOptions): MiddlewareFn<BotContext> {
  return async (ctx, next) => {
    const first = await options.redis.set(
      `${options.prefix}seen:${ctx.update.update_id}`,
      "1",
      "EX",
      SEEN_TTL_S,
      "NX",
    );
    if (first !== "OK") {
      ctx.log.info("update already handled by an instance; dropped");
      return;
    }
    await next();
  };
}

/**
 * Holds the chat's lock (its user's, without a chat) while the update runs, waiting for another instance
 * to finish first. `isUrgent` updates (/cancel) do not wait, as in the in-process sequencing. With `bound`,
 * a chat holds at most so many updates running or waiting on every instance together (each instance's
 * sequencing bounds only its own); one more is handed to `bound.overflow` and does not run.
 */
export function chatLock(
  options: SharedUpdatesOptions,
  isUrgent: (ctx: BotContext) => boolean,
  bound?: SequenceBound<BotContext>,
): MiddlewareFn<BotContext> {
  const lockMs = options.lockMs ?? 60_000;
  const pollMs = options.pollMs ?? 25;
  return async (ctx, next) => {
    const owner = ctx.chat?.id ?? ctx.from?.id;
    if (owner === undefined || isUrgent(ctx)) return next();
    const key = `${options.prefix}lock:${owner}`;
    const held = `${options.prefix}held:${owner}`;
    const token = randomUUID();
    const max = bound === undefined ? "" : bound.max(ctx);
    // A holder that died leaves the lock to expire: the wait is bounded by lockMs.
    for (let first = "1"; ; first = "0") {
      const entered = await options.redis.eval(ENTER, 2, key, held, token, lockMs, max, first);
      if (entered === 1) break;
      if (entered === -1) {
        bound?.overflow(ctx);
        return;
      }
      await sleep(pollMs);
    }
    try {
      await next();
    } finally {
      await options.redis.eval(RELEASE, 2, key, held, token).catch((error: unknown) => {
        ctx.log.warn({ err: error }, "chat lock not released; it expires by itself");
      });
    }
  };
}

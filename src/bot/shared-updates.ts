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
const RELEASE = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) else return 0 end`;

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
 * to finish first. `isUrgent` updates (/cancel) do not wait, as in the in-process sequencing.
 */
export function chatLock(
  options: SharedUpdatesOptions,
  isUrgent: (ctx: BotContext) => boolean,
): MiddlewareFn<BotContext> {
  const lockMs = options.lockMs ?? 60_000;
  const pollMs = options.pollMs ?? 25;
  return async (ctx, next) => {
    const owner = ctx.chat?.id ?? ctx.from?.id;
    if (owner === undefined || isUrgent(ctx)) return next();
    const key = `${options.prefix}lock:${owner}`;
    const token = randomUUID();
    // A holder that died leaves the lock to expire: the wait is bounded by lockMs.
    while ((await options.redis.set(key, token, "PX", lockMs, "NX")) !== "OK") await sleep(pollMs);
    try {
      await next();
    } finally {
      await options.redis.eval(RELEASE, 1, key, token).catch((error: unknown) => {
        ctx.log.warn({ err: error }, "chat lock not released; it expires by itself");
      });
    }
  };
}

/**
 * How much each user may make the bot work, counted in Redis so that every instance agrees: a budget per
 * kind of update (messages, button presses, inline queries), each a burst allowance refilled at a steady
 * rate (GCRA: one key per user and kind holding the time its budget is next full, so a user who keeps to
 * the rate costs one small key that expires on its own), and the tally of what was skipped, reported to
 * the user in at most one notice per window whichever instance skipped it.
 *
 * Written here rather than taken from @grammyjs/ratelimiter: its published version counts a fixed window
 * with INCR then PEXPIRE in two round trips (a process dying between them leaves a counter that never
 * expires: that user is refused for good), offers one budget (no burst beside a rate), and keeps no count
 * of what it dropped, which the notice reports. Here the take is a few lines of Lua run inside the script
 * that reads every update's state ahead: atomic, and no round trip of its own.
 *
 * Times come from Redis's clock (one time line for every instance); the tally's may come from `now` (tests).
 */
import { LUA_NOW } from "../../redis/script.ts";
import type { RedisClient } from "../../redis/url.ts";

/** The kinds of update with a budget of their own. */
export type InboundKind = "message" | "press" | "inline";

/** A budget: `burst` updates at once, refilled at `perMinute`. */
export interface InboundBudget {
  burst: number;
  perMinute: number;
}

/** The budgets of every kind. */
export type InboundBudgets = Readonly<Record<InboundKind, InboundBudget>>;

/** Defaults: generous for a person (ten messages at once, one every two seconds after), tight for a script. */
export const DEFAULT_BUDGETS: InboundBudgets = {
  message: { burst: 10, perMinute: 30 },
  press: { burst: 15, perMinute: 60 },
  inline: { burst: 15, perMinute: 120 },
};

/** What {@link InboundLimits.report} decided: say `count` now, or ask again in `retryInMs` (0: nothing to say). */
export type NoticeDecision = { count: number } | { retryInMs: number };

/** A take from a budget, to be run with an update's reads (update-reads.ts). */
export interface BudgetTake {
  key: string;
  intervalMs: number;
  burst: number;
}

/**
 * What a take from a budget found: taken, or spent until `spentUntil` (this process's clock, epoch ms):
 * the budget refuses every update of its user and kind until then, whichever instance asks, since a budget
 * never refills early (others' takes only push it later).
 */
export type BudgetAnswer = { taken: true } | { taken: false; spentUntil: number };

/** The limits shared by every instance on this Redis and prefix. */
export interface InboundLimits {
  /** The take of one update of `kind` from the user's budget, run with the update's reads. */
  budget(userId: number, kind: InboundKind): BudgetTake;

  /**
   * Adds `skipped` updates to the user's tally and decides whether a notice is due: at most one per window
   * per user, saying everything skipped since the last one.
   */
  report(userId: number, skipped: number): Promise<NoticeDecision>;
  /** A notice of `count` could not be sent: its skips are due again, at once (the window does not hold them). */
  unsaid(userId: number, count: number): Promise<void>;
}

/** Options of {@link createInboundLimits}. */
export interface InboundLimitsOptions {
  redis: RedisClient;
  /** Prefix of the keys, e.g. `inbound:`. */
  prefix: string;
  budgets?: InboundBudgets;
  /** The shortest time between two notices to one user; default 30 s. */
  noticeWindowMs?: number;
  /** How long a spell's first report waits for the other instances' reports; default 500 ms. */
  noticeSettleMs?: number;
  /** The clock (epoch ms); default Redis's own. */
  now?: () => number;
}

/**
 * Lua: `take_budget(key, now, interval, burst)` takes one update from the budget at `key` (the time it is
 * next full): 0 when taken; when spent, the milliseconds (at least 1) until the next update would be taken,
 * and nothing is written (a refused update costs nothing more). Run inside the read-ahead of every update
 * (update-reads.ts): no round trip of its own.
 */
export const TAKE_BUDGET_LUA = `
local function take_budget(key, now, interval, burst)
  local full = math.max(tonumber(redis.call('GET', key) or '0'), now)
  local after = full + interval
  local over = after - now - interval * burst
  if over > 0 then return math.max(1, math.ceil(over)) end
  redis.call('SET', key, after, 'PX', math.ceil(after - now))
  return 0
end`;

/**
 * KEYS tally (hash: skipped, last, since); ARGV now, skipped, windowMs, settleMs. A spell's first report
 * waits `settleMs` for the other instances' reports of the same burst (each reports what it skipped a moment
 * after its first skip), so that its notice counts them all. Returns {count, 0} when a notice of
 * `count` is due now (the tally is then cleared), {0, wait} when one is due in `wait` ms, {0, 0} when
 * nothing is left to say.
 */
const REPORT = `${LUA_NOW}
local window, settle = tonumber(ARGV[3]), tonumber(ARGV[4])
local skipped = tonumber(ARGV[2])
if skipped > 0 then redis.call('HINCRBY', KEYS[1], 'skipped', skipped) end
local total = tonumber(redis.call('HGET', KEYS[1], 'skipped') or '0')
if total == 0 then return {0, 0} end
redis.call('PEXPIRE', KEYS[1], window * 3)
local since = tonumber(redis.call('HGET', KEYS[1], 'since') or '0')
if since == 0 then
  redis.call('HSET', KEYS[1], 'since', now)
  return {0, settle}
end
if now - since < settle then return {0, since + settle - now} end
local last = tonumber(redis.call('HGET', KEYS[1], 'last') or '0')
if now - last < window then return {0, last + window - now} end
redis.call('HSET', KEYS[1], 'last', now)
redis.call('HDEL', KEYS[1], 'skipped', 'since')
return {total, 0}`;

/** KEYS tally; ARGV count, windowMs. */
const UNSAID = `
redis.call('HINCRBY', KEYS[1], 'skipped', tonumber(ARGV[1]))
redis.call('HDEL', KEYS[1], 'last')
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[2]) * 3)
return 1`;

/** The Redis keys of the limits (documented in the README's architecture). */
export function inboundKeys(prefix: string) {
  return {
    budget: (userId: number, kind: InboundKind) => `${prefix}${kind}:${userId}`,
    tally: (userId: number) => `${prefix}skipped:${userId}`,
  };
}

/** Creates the limits. */
export function createInboundLimits(options: InboundLimitsOptions): InboundLimits {
  const { redis } = options;
  const keys = inboundKeys(options.prefix);
  const budgets = options.budgets ?? DEFAULT_BUDGETS;
  const windowMs = options.noticeWindowMs ?? 30_000;
  const settleMs = options.noticeSettleMs ?? 500;
  const now = () => (options.now ? String(options.now()) : "");
  const limits: InboundLimits = {
    budget(userId, kind) {
      const { burst, perMinute } = budgets[kind];
      return { key: keys.budget(userId, kind), intervalMs: 60_000 / perMinute, burst };
    },

    async report(userId, skipped) {
      const [count, wait] = (await redis.eval(
        REPORT,
        1,
        keys.tally(userId),
        now(),
        skipped,
        windowMs,
        settleMs,
      )) as [number, number];
      return count > 0 ? { count } : { retryInMs: wait };
    },
    async unsaid(userId, count) {
      await redis.eval(UNSAID, 1, keys.tally(userId), count, windowMs);
    },
  };
  return limits;
}

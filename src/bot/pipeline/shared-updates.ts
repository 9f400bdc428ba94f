/**
 * What several bot instances behind one webhook need beyond what one process does for itself: each update
 * handled once, even when Telegram (or a proxy) delivers it twice to different instances, and one update
 * at a time per chat across instances, so two instances never race through one user's session or
 * conversation. Both live in Redis; a single polling process needs neither (getUpdates' offset and the
 * in-process sequencing cover it).
 */
import { randomUUID } from "node:crypto";
import type { MiddlewareFn } from "grammy";
import { cachedScript, LUA_NOW, runScript } from "../../redis/script.ts";
import type { RedisClient } from "../../redis/url.ts";
import { type BudgetTake, TAKE_BUDGET_LUA } from "../../services/runtime/inbound-limits.ts";
import {
  type AheadReads,
  READ_AHEAD_LUA,
  type ReadsReply,
  readsArgs,
} from "../../services/runtime/update-reads.ts";
import type { BotContext } from "../context.ts";
import { LapsingMarks } from "./lapsing-marks.ts";
import type { SequenceBound } from "./sequencing.ts";
import type { RepliesPace } from "./telegram-pace/reply-pace.ts";

/** Where the shared records live. */
export interface SharedUpdatesOptions {
  redis: RedisClient;
  /** Key prefix, e.g. "updates:". */
  prefix: string;
  /** How long a chat's lock holds when its holder dies without releasing it; default 60 s. */
  lockMs?: number;
  /** How often a waiting instance looks again; default 25 ms. */
  pollMs?: number;
  /**
   * The chat's reply budget (bot/pipeline/telegram-pace/reply-pace.ts), handed from one instance to the next with the
   * chat's lock: what one instance's replies used, the next one's wait for. None: each instance's own.
   */
  replies?: Pick<RepliesPace, "chatLeft" | "chatUsed">;
  /** The clock (epoch ms); default `Date.now`. */
  now?: () => number;
}

/**
 * How long an instance that found a chat full turns that chat's next updates away itself, without asking
 * Redis: a flood's thousands of updates would otherwise each cost a round trip (and queue ahead of everyone
 * else's on the connection), while the chat's held updates take far longer than this to finish.
 */
export const FULL_MEMO_MS = 200;

// Telegram keeps an unanswered update for at most a day: a mark outlives every redelivery.
const SEEN_TTL_S = 86_400;
/**
 * Handled updates are marked as bits, one per update_id, in blocks of this many consecutive ids
 * (`seen:<id div BLOCK>`, 8 KB at most each), each kept a day past its newest mark: Telegram numbers a
 * bot's updates in order, so a day of updates at 26 a second is 35 blocks (280 KB), where a key per update
 * was 270 MB.
 */
const SEEN_BLOCK = 65_536;

/** The key and bit of an update's handled-once mark. */
function seenMark(prefix: string, updateId: number): [key: string, bit: number] {
  return [`${prefix}seen:${Math.floor(updateId / SEEN_BLOCK)}`, updateId % SEEN_BLOCK];
}

/** Lua: marks bit ARGV[bit] of KEYS[key] (kept `ttl` seconds more); true when it was marked already. */
const MARK_SEEN_LUA = `
local function marked_before(key, bit, ttl)
  local was = redis.call('SETBIT', key, bit, 1)
  redis.call('EXPIRE', key, ttl)
  return was == 1
end`;

/** KEYS the update's block; ARGV its bit, the block's lifetime (s). 1 when the update was marked already. */
const MARK_SEEN = cachedScript(`${MARK_SEEN_LUA}
return marked_before(KEYS[1], tonumber(ARGV[1]), tonumber(ARGV[2])) and 1 or 0`);
/**
 * KEYS lock, budget; ARGV token, lockMs. Takes the chat's lock if free: how long the chat's reply budget is
 * still in use (ms, 0 when whole), or -1 when another holds the lock.
 */
const ACQUIRE = cachedScript(`
if not redis.call('SET', KEYS[1], ARGV[1], 'PX', tonumber(ARGV[2]), 'NX') then return -1 end
return math.max(0, redis.call('PTTL', KEYS[2]))`);

/**
 * KEYS lock, budget, and the chat's held set when the update leaves it too; ARGV token, budget in use (ms),
 * and the update's id in the held set. Releases the lock if still ours, and keeps how long the chat's reply
 * budget is in use (the later of what is kept and this), whoever holds the lock now; the update leaves the
 * chat's held updates ({@link chatHeld}) in the same round trip.
 */
const RELEASE = cachedScript(`
local used = tonumber(ARGV[2])
if used > 0 and redis.call('PTTL', KEYS[2]) < used then redis.call('SET', KEYS[2], '1', 'PX', used) end
if KEYS[3] then redis.call('ZREM', KEYS[3], ARGV[3]) end
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * KEYS held (zset update_id -> until), seen (the block of the update's handled-once mark), the chat's lock
 * and reply budget ({@link inChatLock}), with a take the user's budget, and then the keys the update reads
 * ahead; ARGV now ("": Redis's clock), update_id, lockMs, max, the mark's lifetime (s), the lock's token
 * ("": not taken here), with a take the budget's interval (ms) and burst ("" and "" without), the mark's
 * bit, and then the reads' (READ_AHEAD_LUA, update-reads.ts). Marks the update handled ({2}: another
 * instance had it already); then it joins its chat's held updates unless `max` are held already ({0}, full), and is taken from its user's
 * budget (inbound-limits.ts), or is refused when the budget is spent: {minus the milliseconds until it
 * would be taken} (it joins nothing then). Joined: {1, how long the chat's reply budget is still in use
 * (ms), the reads' reply} when it took the chat's lock as well, which was free, else {1, -1}: the update
 * then holds the chat and runs next, so its reads are those the read-ahead would make. One round trip for
 * all five, where {@link handleOnce}, the read-ahead and the lock's would have cost more, and an update
 * over its budget never reaches the chat's lock. Entries of an instance that died expire after `lockMs`.
 */
const JOIN = cachedScript(`${LUA_NOW}${TAKE_BUDGET_LUA}${READ_AHEAD_LUA}${MARK_SEEN_LUA}
if marked_before(KEYS[2], tonumber(ARGV[9]), tonumber(ARGV[5])) then return {2} end
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[4]) then return {0} end
local reads = 5
if ARGV[7] ~= '' then
  reads = 6
  local wait = take_budget(KEYS[5], now, tonumber(ARGV[7]), tonumber(ARGV[8]))
  if wait > 0 then return {-wait} end
end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[3]), ARGV[2])
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[3]))
if ARGV[6] == '' or not redis.call('SET', KEYS[3], ARGV[6], 'PX', tonumber(ARGV[3]), 'NX') then return {1, -1} end
local used = math.max(0, redis.call('PTTL', KEYS[4]))
if not ARGV[10] then return {1, used} end
return {1, used, read_ahead(reads, 10)}`);

/**
 * What {@link chatHeld} did with an update on arrival, for {@link handleOnce}, {@link chatLock} and the
 * read-ahead: an update found here was marked handled once; `place` is its place among its chat's held
 * updates, and `lock` the chat's lock when it took that too (the chat was free), which chatLock then holds
 * without asking again and gives back with the place (each is cleared once given back); `taken`, whether
 * it was taken from its user's budget (the read-ahead does not take it again); `read`, what the read-ahead
 * then need not read again.
 */
export interface Arrival {
  /** The chat's held set, and the update's member there, until the update leaves it. */
  place?: { key: string; member: string };
  lock?: { token: string; used: number };
  taken?: true;
  /** What the update reads ahead, read with the lock: the reads asked, and their reply. */
  read?: { reads: AheadReads; reply: ReadsReply };
}

/** The updates {@link chatHeld} let in, by update. */
export type Arrivals = WeakMap<object, Arrival>;

/**
 * An update's take from its user's budget, made on arrival with the chat's held set (webhook mode) instead
 * of in the read-ahead (pipeline/inbound-limits.ts).
 */
export interface ArrivalBudget {
  /** The take of the update, or undefined when it takes none (/cancel, an update without a sender). */
  of(ctx: BotContext): BudgetTake | undefined;
  /** The budget is spent until `until` (epoch ms, this clock): the update is skipped. */
  refused(ctx: BotContext, until: number): void;
}

/** What {@link chatHeld} does beside the chat's held updates. */
export interface ArrivalOptions {
  /** Updates that are never turned away nor wait (/cancel). */
  isUrgent: (ctx: BotContext) => boolean;
  bound: SequenceBound<BotContext>;
  /** Where the updates let in are recorded, for what follows. */
  arrivals: Arrivals;
  /** The take from the user's budget, made on arrival. */
  budget?: ArrivalBudget;
  /** What the update reads ahead (pipeline/read-ahead.ts), read on arrival when it takes the chat's lock. */
  reads?: (ctx: BotContext) => AheadReads | undefined;
}

/**
 * What one chat holds on every instance together (each instance's sequencing bounds only its own): an
 * update joins its chat's held updates in Redis on arrival, before it waits anywhere, and leaves them once
 * done; beyond `bound.max` it is handed to `bound.overflow` and does not run. In the same round trip it is
 * marked handled once (a repeat, delivered to any instance, is dropped there and then), and put in
 * `arrivals` for {@link handleOnce}; with `budget`, taken from its user's budget, or skipped when that is
 * spent; and when this process holds nothing else of the chat, it takes the chat's lock if free, for
 * {@link chatLock} (nothing of the chat can be ahead of it in this process's sequencing, which sits between
 * the two), and then reads what `reads` says, for the read-ahead. Redis out of reach: the update goes on
 * (what follows reports the outage). /cancel (`isUrgent`) is never turned away.
 */
export function chatHeld(
  options: SharedUpdatesOptions,
  { isUrgent, bound, arrivals, budget, reads }: ArrivalOptions,
): MiddlewareFn<BotContext> {
  const lockMs = options.lockMs ?? 60_000;
  const now = options.now ?? Date.now;
  // What this process holds per chat: a flood turned away here costs no Redis call.
  const mine = new Map<number, number>();
  // Chats found full in Redis, until when this process turns them away itself (FULL_MEMO_MS).
  const full = new LapsingMarks<number>(now);
  const leave = (owner: number) => {
    const left = (mine.get(owner) ?? 1) - 1;
    if (left === 0) mine.delete(owner);
    else mine.set(owner, left);
    // One of ours left: the chat has room again.
    full.clear(owner);
  };
  return async (ctx, next) => {
    const owner = ctx.chat?.id ?? ctx.from?.id;
    if (owner === undefined || isUrgent(ctx)) return next();
    const max = bound.max(ctx);
    if ((mine.get(owner) ?? 0) >= max || full.has(owner)) {
      bound.overflow(ctx);
      return;
    }
    const alone = !mine.has(owner);
    mine.set(owner, (mine.get(owner) ?? 0) + 1);
    const key = `${options.prefix}held:${owner}`;
    const member = String(ctx.update.update_id);
    const token = alone ? randomUUID() : "";
    const take = budget?.of(ctx);
    // Read only with the lock: another update of the chat may run first otherwise.
    const ahead = alone ? reads?.(ctx) : undefined;
    const [seenKey, seenBit] = seenMark(options.prefix, ctx.update.update_id);
    const keys = [key, seenKey, ...lockKeys(options, owner)];
    const argv: (string | number)[] = ["", member, lockMs, max, SEEN_TTL_S, token];
    if (take === undefined) argv.push("", "");
    else {
      keys.push(take.key);
      argv.push(take.intervalMs, take.burst);
    }
    argv.push(seenBit);
    if (ahead !== undefined) {
      const args = readsArgs(ahead);
      keys.push(...args.keys);
      argv.push(...args.argv);
    }
    // Before the script: Redis's clock reads later, so a wait counted from here never ends after the budget's.
    const sentAt = now();
    // Undefined: Redis out of reach.
    let joined: [number, number?, ReadsReply?] | undefined;
    try {
      // Run on every update: by its hash, not its text.
      joined = (await runScript(options.redis, JOIN, [keys.length, ...keys, ...argv])) as typeof joined;
    } catch {
      joined = undefined;
    }
    const [status, used, reply] = joined ?? [];
    if (status === 2) {
      leave(owner);
      ctx.log.info("update already handled by an instance; dropped");
      return;
    }
    if (status === 0) {
      leave(owner);
      full.mark(owner, now() + FULL_MEMO_MS);
      bound.overflow(ctx);
      return;
    }
    if (status !== undefined && status < 0) {
      leave(owner);
      budget?.refused(ctx, sentAt - status);
      return;
    }
    // Marked handled: handleOnce need not ask again.
    const arrival: Arrival = {};
    if (status === 1) {
      arrival.place = { key, member };
      if (used !== undefined && used >= 0) arrival.lock = { token, used };
      if (take !== undefined) arrival.taken = true;
      if (ahead !== undefined && reply !== undefined) arrival.read = { reads: ahead, reply };
      arrivals.set(ctx.update, arrival);
    }
    try {
      await next();
    } finally {
      leave(owner);
      // What chatLock did not give back (the update never reached it, or Redis failed there). Not waited
      // for: the entry and the lock expire by themselves should this fail too.
      if (arrival.lock !== undefined)
        release(options, owner, arrival.lock.token, 0, arrival.place).catch(() => undefined);
      else if (arrival.place !== undefined) options.redis.zrem(key, member).catch(() => undefined);
    }
  };
}

/** The keys of a chat's lock and of its reply budget, which passes with the lock. */
function lockKeys(options: SharedUpdatesOptions, owner: number | string): [lock: string, budget: string] {
  return [`${options.prefix}lock:${owner}`, `${options.prefix}replies:${owner}`];
}

/** Gives back `owner`'s chat lock held with `token` ({@link RELEASE}), and `place` among its held updates. */
function release(
  options: SharedUpdatesOptions,
  owner: number | string,
  token: string,
  left: number,
  place: Arrival["place"],
): Promise<unknown> {
  const keys = lockKeys(options, owner);
  return runScript(
    options.redis,
    RELEASE,
    place === undefined ? [2, ...keys, token, left] : [3, ...keys, place.key, token, left, place.member],
  );
}

/**
 * Passes each update_id on once across every instance; a repeat is dropped without a word. An update in
 * `arrivals` was marked so on arrival ({@link chatHeld}) and passes without a round trip.
 */
export function handleOnce(options: SharedUpdatesOptions, arrivals?: Arrivals): MiddlewareFn<BotContext> {
  return async (ctx, next) => {
    if (arrivals?.has(ctx.update)) return next();
    const [key, bit] = seenMark(options.prefix, ctx.update.update_id);
    if ((await runScript(options.redis, MARK_SEEN, [1, key, bit, SEEN_TTL_S])) === 1) {
      ctx.log.info("update already handled by an instance; dropped");
      return;
    }
    await next();
  };
}

/**
 * Runs `work` holding `owner`'s chat lock, waiting for another instance to finish first; the chat's reply
 * budget comes with it (see {@link SharedUpdatesOptions.replies}). Also for a message the bot sends to a
 * chat on its own while the chat may be busy (a notice of skipped updates).
 */
export async function inChatLock<T>(
  options: SharedUpdatesOptions,
  owner: number | string,
  work: () => Promise<T>,
  onReleaseFailed: (error: unknown) => void = () => undefined,
  arrival?: Arrival,
): Promise<T> {
  const taken = arrival?.lock;
  const token = taken?.token ?? randomUUID();
  let used = taken?.used ?? -1;
  if (taken === undefined) {
    const keys = lockKeys(options, owner);
    const take = async () =>
      (await runScript(options.redis, ACQUIRE, [2, ...keys, token, options.lockMs ?? 60_000])) as number;
    // A holder that died leaves the lock to expire: the wait is bounded by lockMs.
    used = await take();
    while (used < 0) {
      await sleep(options.pollMs ?? 25);
      used = await take();
    }
  }
  const chatId = String(owner);
  options.replies?.chatUsed(chatId, used);
  try {
    return await work();
  } finally {
    const left = Math.ceil(options.replies?.chatLeft(chatId) ?? 0);
    // The update's place among its chat's held updates goes with the lock, in the same round trip.
    const place = arrival?.place;
    if (arrival !== undefined) {
      arrival.lock = undefined;
      arrival.place = undefined;
    }
    await release(options, owner, token, left, place).catch(onReleaseFailed);
  }
}

/**
 * Holds the chat's lock (its user's, without a chat) while the update runs ({@link inChatLock}), the one
 * {@link chatHeld} took on arrival when it did, and gives it back with the update's place among the chat's
 * held updates. `isUrgent` updates (/cancel) do not wait, as in the in-process sequencing.
 */
export function chatLock(
  options: SharedUpdatesOptions,
  isUrgent: (ctx: BotContext) => boolean,
  arrivals?: Arrivals,
): MiddlewareFn<BotContext> {
  return async (ctx, next) => {
    const owner = ctx.chat?.id ?? ctx.from?.id;
    if (owner === undefined || isUrgent(ctx)) return next();
    const onReleaseFailed = (error: unknown) => {
      ctx.log.warn({ err: error }, "chat lock not released; it expires by itself");
    };
    await inChatLock(options, owner, next, onReleaseFailed, arrivals?.get(ctx.update));
  };
}

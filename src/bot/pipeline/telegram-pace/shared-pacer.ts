/**
 * The bot's pace for messages it sends on its own (alerts, digests, follow-ups), shared by every instance
 * through Redis: at most `perSecond` sends in any sliding second, one per chat per `chatGapMs`, none while
 * Telegram's 429 says wait, and prompt sends (alerts) before background ones (digests).
 *
 * A send is counted from the moment it is let go until one window after Telegram answered it (its slot in
 * a sorted set, scored by when it frees). Telegram accepts a message somewhere between those two instants,
 * so no sliding second at Telegram's end can hold more than `perSecond` of them, however late a loaded
 * machine or the network delivers the request (a count at take time alone cannot promise that: a request
 * taken at the end of one second can arrive bunched with the next second's). The chat gap is held the same
 * way: from the take until `chatGapMs` after the answer. Every attempt takes a slot, retries included (the
 * Api transformer sits under the auto-retry; see bot/pipeline/telegram-pace/paced-api.ts).
 *
 * Times come from Redis's clock (one time line for every instance, whatever the machines' clocks say), or
 * from `now` (tests). Expiries are kept as values and scores, not as key TTLs, for the same reason; TTLs
 * only clean up.
 */
import { randomUUID } from "node:crypto";
import { cachedScript, LUA_NOW, runScript, type ScriptArgs } from "../../../redis/script.ts";
import type { RedisClient } from "../../../redis/url.ts";

/** `prompt`: a user waits on it (alerts, follow-ups); `background`: it can wait (digests). */
export type SendPriority = "prompt" | "background";

/** Options of {@link createTelegramPacer}. */
export interface TelegramPacerOptions {
  redis: RedisClient;
  /** Prefix of the pacer's keys, e.g. `telegram:`. */
  prefix: string;
  /**
   * Sends in any sliding second, all instances together; default 25: under Telegram's bulk limit of
   * about 30 per second, leaving room for the replies the bot sends in chats (not counted here).
   */
  perSecond?: number;
  /** Shortest gap between two messages to one chat, answer to next take; default 1000 ms (Telegram's guidance). */
  chatGapMs?: number;
  /** A send with no answer after this stops holding its slot (its process died); default 15 s. */
  leaseMs?: number;
  /** The clock (epoch ms); default Redis's own. */
  now?: () => number;
  /** How to wait; default a timer (tests pass their own). */
  sleep?: (ms: number) => Promise<void>;
}

/** What {@link TelegramPacer.publishReplies} learns. */
export interface RepliesLearned {
  /** Every other process's replies and every paced send in the window. */
  busy: number;
  /** How long a 429's hold still lasts. */
  floodMs: number;
  /** How many other processes replied within the last minute. */
  others: number;
  /** Whether the count was published (always, without a limit). */
  fitted: boolean;
}

/** A slot taken, or how long to wait before asking again (`chat`: only this chat must wait). */
export type TakeResult = { token: string } | { waitMs: number; chat: boolean };

/** The pacer: take a slot right before a send, give it back (hold it a window longer) once answered. */
export interface TelegramPacer {
  /**
   * Publishes how many replies `process` sent in the last window (reply-pace.ts), which this
   * pacer's sends count against the rate; returns what the window holds besides (see {@link RepliesLearned}).
   * With `limit`, the count is published only if it fits under it with all the rest (`fitted`).
   */
  publishReplies(process: string, count: number, limit?: number): Promise<RepliesLearned>;
  /** Takes a slot now if one is free. */
  tryTake(chatId: string, priority: SendPriority): Promise<TakeResult>;
  /** Waits for a slot and takes it; returns its token. */
  take(chatId: string, priority: SendPriority): Promise<string>;
  /** The send was answered (or failed): its slot frees a window from now, the chat a gap from now. */
  done(token: string, chatId: string): Promise<void>;
  /** Telegram answered 429: no send, on any instance, for `afterMs`. */
  hold(afterMs: number): Promise<void>;
}

/** Telegram counts per second. */
const WINDOW_MS = 1000;
/** A refused prompt send keeps background sends back this long after its wait. */
const DEMAND_MS = 1000;
/** Waits on a full window are re-asked at least this often (a slot held by a slow send may free early). */
const MAX_POLL_MS = 250;
/** Key TTLs are only for cleaning up: this long past what they hold. */
const GC_MS = 60_000;

/**
 * A process's replies in the window, as "<count>:<at>", fresh for a window from `at`. Returns the others'
 * fresh replies and how many other processes published within `seen` ms (entries older are removed).
 */
const FRESH_REPLIES = `
local function replies_of_others(key, now, window, except, seen)
  local sum, others = 0, 0
  local counts = redis.call('HGETALL', key)
  for i = 1, #counts, 2 do
    local n, at = string.match(counts[i + 1], '^(%d+):(%d+)$')
    if not n or tonumber(at) <= now - seen then
      redis.call('HDEL', key, counts[i])
    elseif counts[i] ~= except then
      others = others + 1
      if tonumber(at) > now - window then sum = sum + tonumber(n) end
    end
  end
  return sum, others
end`;
/**
 * KEYS sends (zset token -> frees at), chat (string "<frees at>:<token>"), flood (until), demand (until),
 * replies (hash: see REPLIES); ARGV now, perSecond, leaseMs, token, prompt ("1"/"0"), demandMs, maxPollMs,
 * gcMs. The replies every process published for the window count against the rate too.
 * Returns {1, 0} when taken, {0, waitMs, 1} when the whole bot must wait, {0, waitMs, 0} when this chat must.
 */
const TAKE = `${LUA_NOW}${FRESH_REPLIES}
local limit, lease, token = tonumber(ARGV[2]), tonumber(ARGV[3]), ARGV[4]
local prompt, demandMs, maxPoll, gc = ARGV[5] == '1', tonumber(ARGV[6]), tonumber(ARGV[7]), tonumber(ARGV[8])
local function refuse(wait, global)
  wait = math.max(1, math.ceil(wait))
  if prompt and global then
    local untilMs = now + wait + demandMs
    if untilMs > tonumber(redis.call('GET', KEYS[4]) or '0') then
      redis.call('SET', KEYS[4], untilMs, 'PX', untilMs - now + gc)
    end
  end
  return {0, wait, global and 1 or 0}
end
local flood = tonumber(redis.call('GET', KEYS[3]) or '0')
if flood > now then return refuse(flood - now, true) end
if not prompt then
  local demand = tonumber(redis.call('GET', KEYS[4]) or '0')
  if demand > now then return refuse(demand - now, true) end
end
local chat = redis.call('GET', KEYS[2])
if chat then
  local frees = tonumber(string.match(chat, '^(%d+):'))
  -- Capped: while the chat's last send is unanswered it frees at the lease, but likely much sooner.
  if frees and frees > now then return refuse(math.min(frees - now, maxPoll * 4), false) end
end
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZCARD', KEYS[1]) + replies_of_others(KEYS[5], now, 1000, '', gc) >= limit then
  local first = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
  local frees = first[2] and tonumber(first[2]) - now or maxPoll
  return refuse(math.min(frees, maxPoll), true)
end
redis.call('ZADD', KEYS[1], now + lease, token)
redis.call('PEXPIRE', KEYS[1], lease + gc)
redis.call('SET', KEYS[2], (now + lease) .. ':' .. token, 'PX', lease + gc)
return {1, 0}`;

/**
 * KEYS replies (hash process -> "<count>:<at>"), sends, flood; ARGV now, process, count, windowMs, gcMs,
 * limit. Publishes this process's replies in the window; returns what else fills it (the others' replies and
 * every background send), how long a 429's hold still lasts, how many other processes reply, and whether
 * the count fitted: with a `limit`, a count that would overfill the window is not published (0), so a reply
 * near the limit is taken here, against everything every process published.
 */
const REPLIES = cachedScript(`${LUA_NOW}${FRESH_REPLIES}
local window, gc, limit = tonumber(ARGV[4]), tonumber(ARGV[5]), tonumber(ARGV[6])
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now)
local others_replies, others = replies_of_others(KEYS[1], now, window, ARGV[2], gc)
local busy = redis.call('ZCARD', KEYS[2]) + others_replies
local flood = math.max(0, tonumber(redis.call('GET', KEYS[3]) or '0') - now)
if limit and (flood > 0 or busy + tonumber(ARGV[3]) > limit) then return {busy, flood, others, 0} end
redis.call('HSET', KEYS[1], ARGV[2], ARGV[3] .. ':' .. now)
redis.call('PEXPIRE', KEYS[1], window + gc)
return {busy, flood, others, 1}`);

/** KEYS sends, chat; ARGV now, windowMs, gapMs, token, gcMs. */
const DONE = `${LUA_NOW}
local window, gap, token, gc = tonumber(ARGV[2]), tonumber(ARGV[3]), ARGV[4], tonumber(ARGV[5])
redis.call('ZADD', KEYS[1], 'XX', now + window, token)
local chat = redis.call('GET', KEYS[2])
if chat and string.match(chat, ':(.*)$') == token then
  redis.call('SET', KEYS[2], (now + gap) .. ':' .. token, 'PX', gap + gc)
end
return 1`;

/** KEYS flood; ARGV now, afterMs, gcMs. Keeps the later of the two holds. */
const HOLD = `${LUA_NOW}
local untilMs = now + tonumber(ARGV[2])
if untilMs > tonumber(redis.call('GET', KEYS[1]) or '0') then
  redis.call('SET', KEYS[1], untilMs, 'PX', tonumber(ARGV[2]) + tonumber(ARGV[3]))
end
return 1`;

/** The pacer's Redis keys (documented in docs/alerts.md). */
export function pacerKeys(prefix: string) {
  return {
    sends: `${prefix}sends`,
    chat: (chatId: string) => `${prefix}chat:${chatId}`,
    replies: `${prefix}replies`,
    flood: `${prefix}flood`,
    demand: `${prefix}demand`,
  };
}

/** Creates the pacer shared by every instance on this Redis and prefix. */
export function createTelegramPacer(options: TelegramPacerOptions): TelegramPacer {
  const { redis } = options;
  const keys = pacerKeys(options.prefix);
  const perSecond = options.perSecond ?? 25;
  const chatGapMs = options.chatGapMs ?? 1000;
  const leaseMs = options.leaseMs ?? 15_000;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const now = () => (options.now ? String(options.now()) : "");
  const turns: Record<SendPriority, Promise<void>> = {
    prompt: Promise.resolve(),
    background: Promise.resolve(),
  };

  const pacer: TelegramPacer = {
    async publishReplies(process, count, limit) {
      const args: ScriptArgs = [
        3,
        keys.replies,
        keys.sends,
        keys.flood,
        now(),
        process,
        count,
        WINDOW_MS,
        GC_MS,
      ];
      if (limit !== undefined) args.push(limit);
      const [busy, floodMs, others, fitted] = (await runScript(redis, REPLIES, args)) as number[];
      return { busy: busy ?? 0, floodMs: floodMs ?? 0, others: others ?? 0, fitted: fitted === 1 };
    },
    async tryTake(chatId, priority) {
      const token = randomUUID();
      const [taken, wait, global] = (await redis.eval(
        TAKE,
        5,
        keys.sends,
        keys.chat(chatId),
        keys.flood,
        keys.demand,
        keys.replies,
        now(),
        perSecond,
        leaseMs,
        token,
        priority === "prompt" ? "1" : "0",
        DEMAND_MS,
        MAX_POLL_MS,
        GC_MS,
      )) as [number, number, number?];
      return taken === 1 ? { token } : { waitMs: wait, chat: global === 0 };
    },
    async take(chatId, priority) {
      for (;;) {
        // One waiter per priority in this process asks Redis for the whole bot's turn; the rest queue
        // behind it in order (no herd of waiters polling Redis, and first come first sent).
        const previous = turns[priority];
        let release = () => {};
        turns[priority] = new Promise<void>((resolve) => {
          release = resolve;
        });
        await previous;
        try {
          for (;;) {
            const result = await pacer.tryTake(chatId, priority);
            if ("token" in result) return result.token;
            if (result.chat) {
              release();
              // Only this chat waits: outside the line, then back in it.
              await sleep(result.waitMs);
              break;
            }
            // A little jitter, so waiters on several instances do not all ask in the same millisecond.
            await sleep(result.waitMs + Math.floor(Math.random() * 10));
          }
        } finally {
          release();
        }
      }
    },
    async done(token, chatId) {
      await redis.eval(DONE, 2, keys.sends, keys.chat(chatId), now(), WINDOW_MS, chatGapMs, token, GC_MS);
    },
    async hold(afterMs) {
      await redis.eval(HOLD, 1, keys.flood, now(), Math.max(1, Math.ceil(afterMs)), GC_MS);
    },
  };
  return pacer;
}

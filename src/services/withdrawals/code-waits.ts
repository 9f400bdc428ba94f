/**
 * Withdrawals waiting for their 2FA code, one per user, in Redis. A record says only which withdrawal
 * waits, where its prompt is, how many codes were refused and until when a code is taken; it never holds
 * a code (the code itself is read in a plain handler, sent to the exchange and dropped).
 */

import { memoKeys } from "../../redis/key-memo.ts";
import { cachedScript, runScript } from "../../redis/script.ts";
import type { RedisClient } from "../../redis/url.ts";
import { forgetReadAhead, peekReadAhead, takeReadAhead } from "../runtime/update-reads.ts";

/** The withdrawal a user's next message is the 2FA code for. Never holds the code. */
export interface CodeWait {
  withdrawalId: number;
  asset: string;
  chatId: number;
  /** The message asking for the code (edited with the outcome). */
  messageId: number;
  /** Codes the exchange refused so far. */
  attempts: number;
  /** Until when (epoch ms) a code is taken; afterwards the user is told the time ran out. */
  expiresAt: number;
  /** The destination was never used before: the exchange emails a link first. */
  firstTime: boolean;
  /** Language the follow-up is rendered in. */
  locale: string;
}

/** Options of {@link createCodeWaits}. */
export interface CodeWaitOptions {
  redis: RedisClient;
  prefix: string;
}

// A record outlives its deadline by an hour, so a late code is answered with "the time ran out".
const GRACE_S = 3600;
/**
 * An ended wait leaves a mark this long (`{"ended":<withdrawal id>}`, no code), so a second copy of the code
 * sent just after is still taken off the screen.
 */
const ENDED_S = 120;

/** A stored record: a wait, or the mark an ended one leaves. */
type Stored = CodeWait | { ended: number };

const isWait = (stored: Stored): stored is CodeWait => !("ended" in stored);

/** KEYS the wait; ARGV the mark, its lifetime (s). Ends a wait (leaving the mark): the wait, or nil. */
const TAKE = cachedScript(`
local raw = redis.call('GET', KEYS[1])
if not raw or string.find(raw, '"ended"', 1, true) then return false end
redis.call('SET', KEYS[1], ARGV[1], 'EX', tonumber(ARGV[2]))
return raw`);

/** KEYS the wait; ARGV the changed wait. Saves it, keeping its lifetime, only while a wait is there. */
const UPDATE = cachedScript(`
local raw = redis.call('GET', KEYS[1])
if not raw or string.find(raw, '"ended"', 1, true) then return 0 end
redis.call('SET', KEYS[1], ARGV[1], 'KEEPTTL')
return 1`);

/** Creates the store of awaited 2FA codes. */
export function createCodeWaits(options: CodeWaitOptions) {
  const { redis, prefix } = options;
  const keyOf = memoKeys((userId: number) => `${prefix}${userId}`);
  return {
    /**
     * The Redis key of the user's wait, read ahead with the rest of an update (every private text is
     * checked for a code: see runtime/update-reads.ts).
     */
    redisKey: keyOf,
    /** Starts (or replaces) the user's wait. */
    async start(userId: number, wait: CodeWait): Promise<void> {
      const key = keyOf(userId);
      forgetReadAhead(key);
      const ttl = Math.max(1, Math.ceil((wait.expiresAt - Date.now()) / 1000)) + GRACE_S;
      await redis.set(key, JSON.stringify(wait), "EX", ttl);
    },
    /**
     * True when this update read the user's wait ahead and there was none (then `get` would find none);
     * false when it does not know without asking Redis.
     */
    knownNone(userId: number): boolean {
      return peekReadAhead(keyOf(userId)) === null;
    },
    /** The user's wait, if any. */
    async get(userId: number): Promise<CodeWait | undefined> {
      const { wait } = await this.read(userId);
      return wait;
    },
    /** The user's wait, or the withdrawal whose wait ended in the last minutes (see ENDED_S). */
    async read(userId: number): Promise<{ wait?: CodeWait; ended?: number }> {
      const key = keyOf(userId);
      const ahead = takeReadAhead(key);
      const raw = ahead === undefined ? await redis.get(key) : ahead;
      if (raw === null) return {};
      const stored = JSON.parse(raw) as Stored;
      return isWait(stored) ? { wait: stored } : { ended: stored.ended };
    },
    /** Saves a changed wait (e.g. one more refused code), keeping its lifetime; false when it had ended. */
    async update(userId: number, wait: CodeWait): Promise<boolean> {
      const key = keyOf(userId);
      forgetReadAhead(key);
      return (await runScript(redis, UPDATE, [1, key, JSON.stringify(wait)])) === 1;
    },
    /** Ends the user's wait; returns it when there was one (only one caller gets it). */
    async take(userId: number): Promise<CodeWait | undefined> {
      const key = keyOf(userId);
      forgetReadAhead(key);
      const raw = await redis.get(key);
      if (raw === null) return undefined;
      const stored = JSON.parse(raw) as Stored;
      if (!isWait(stored)) return undefined;
      const mark = JSON.stringify({ ended: stored.withdrawalId });
      const taken = (await runScript(redis, TAKE, [1, key, mark, ENDED_S])) as string | null;
      return taken === null ? undefined : (JSON.parse(taken) as CodeWait);
    },
  };
}

/** The store of awaited 2FA codes. */
export type CodeWaits = ReturnType<typeof createCodeWaits>;

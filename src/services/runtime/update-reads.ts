/**
 * The Redis reads every update of a user starts with (the cancel generation, the awaited 2FA code, the
 * session, the conversation state, the stored key's record), fetched together with one command (a small
 * script) in one round trip, instead of one command each, one after the other.
 *
 * The values are kept for the update only (in its frame: update-frame.ts) and each is handed out once, to the
 * first read of its key: that read happens a moment later in the same update anyway, and nothing of this
 * update writes the key before it. A key written or deleted in the update is forgotten, so a later read
 * goes to Redis. Outside an update, or for keys not read ahead, reads go to Redis as before.
 *
 * The update's store also remembers what a storage read (as JSON), so an unchanged value need not be
 * written back (see {@link skipUnchangedWrites}).
 */
import { cachedScript, runScript } from "../../redis/script.ts";
import type { RedisClient } from "../../redis/url.ts";
import { FewByKey } from "./few-by-key.ts";
import { type BudgetAnswer, type BudgetTake, TAKE_BUDGET_LUA } from "./inbound-limits.ts";
import type { JsonStorage } from "./json-storage.ts";
import { currentFrame, enterFrameAfterAwait, UpdateFrame, type UpdateReads } from "./update-frame.ts";

/** What to read ahead: string keys, and fields of hashes; and the update's take from a budget. */
export interface AheadReads {
  keys: readonly string[];
  hashes?: readonly { key: string; fields: readonly string[] }[];
  /** One update taken from a user's budget in the same script (inbound-limits.ts). */
  budget?: BudgetTake;
}

/** Values longer than this (bytes) come as bulk strings of their own (see READ_AHEAD_LUA). */
const LONG_VALUE_BYTES = 256;

/**
 * Lua: `read_ahead(k, a, take)`, the reads of {@link AheadReads}: GETs of the string keys and HGETs of the
 * hashes' fields, from KEYS[k] on, described from ARGV[a] on (how many string keys, how many hashes, then per
 * hash its number of fields and the fields); `take(at)`, given the ARGV index after the fields, answers a
 * value appended to the reads (the budget's), or nil. A pipeline of MGET and HMGET, though written to the
 * socket at once, costs the client about twice the CPU of one script (ioredis 6, 16 calls in flight: 22
 * against 11 µs per call; a GET alone, 8). The values come back as one JSON array (a missing one as false):
 * one bulk string is decoded far more cheaply by the client than a reply of many. A long value (a
 * conversation's state, a kilobyte or more) would be escaped into it and unescaped again, though: each of
 * those comes after the JSON array as a bulk string of its own, the array holding its number there (1 for
 * the first), and the reply is then an array (about 6 µs less per update in a guided flow). The keys lie in
 * different hash slots on one server; on a Redis Cluster they all carry the app's one hash tag
 * (appKeyPrefix in redis/url.ts), as a multi-key script there requires.
 */
export const READ_AHEAD_LUA = `
local function read_ahead(k, a, take)
  local strings = tonumber(ARGV[a])
  local hashes = tonumber(ARGV[a + 1])
  a = a + 2
  local out = {}
  local long = {}
  local function keep(value)
    if value and #value > ${LONG_VALUE_BYTES} then
      long[#long + 1] = value
      out[#out + 1] = #long
    else
      out[#out + 1] = value
    end
  end
  for i = k, k + strings - 1 do keep(redis.call('GET', KEYS[i])) end
  for h = k + strings, k + strings + hashes - 1 do
    local n = tonumber(ARGV[a]); a = a + 1
    for f = 1, n do keep(redis.call('HGET', KEYS[h], ARGV[a])); a = a + 1 end
  end
  local taken = take and take(a)
  if taken then out[#out + 1] = taken end
  if #out == 0 then return '[]' end
  if #long == 0 then return cjson.encode(out) end
  table.insert(long, 1, cjson.encode(out))
  return long
end`;

/**
 * KEYS: the string keys, then one key per hash, then with a budget its key; ARGV: {@link READ_AHEAD_LUA}'s,
 * then with a budget its interval and burst. With a budget the update is taken from it in the same script:
 * its answer (0 taken, else the milliseconds until it would be) is the last value of the array. Checking a
 * user's budget costs no round trip of its own, and next to no CPU beside the reads.
 */
const READ_AHEAD = cachedScript(`${TAKE_BUDGET_LUA}${READ_AHEAD_LUA}
return read_ahead(1, 1, function(a)
  if not ARGV[a] then return nil end
  local t = redis.call('TIME')
  local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
  return take_budget(KEYS[#KEYS], now, tonumber(ARGV[a]), tonumber(ARGV[a + 1]))
end)`);

/** The reads' reply: the JSON array of values, alone or followed by the long values. */
export type ReadsReply = string | [json: string, ...long: string[]];

/**
 * The keys and the other arguments of `reads` for a script reading them with {@link READ_AHEAD_LUA} (a
 * budget's key and arguments last).
 */
export function readsArgs(reads: AheadReads): { keys: string[]; argv: (string | number)[] } {
  const { keys, hashes = [], budget } = reads;
  const scriptKeys = [...keys];
  for (const hash of hashes) scriptKeys.push(hash.key);
  if (budget) scriptKeys.push(budget.key);
  const argv: (string | number)[] = [keys.length, hashes.length];
  for (const hash of hashes) argv.push(hash.fields.length, ...hash.fields);
  if (budget) argv.push(budget.intervalMs, budget.burst);
  return { keys: scriptKeys, argv };
}

/**
 * The value at `at` of the script's JSON array: a string (even empty), a long value by its number, or null
 * for a missing key (false in the reply).
 */
const valueAt = (
  values: readonly (string | number | false)[],
  reply: ReadsReply,
  at: number,
): string | null => {
  const value = values[at];
  if (typeof value === "string") return value;
  return typeof value === "number" && typeof reply !== "string" ? (reply[value] ?? null) : null;
};

/**
 * Runs `work` (the rest of an update) with `reads` read ahead in one round trip, or with `given`, their reply
 * to a script that read them already (shared-updates.ts, on the update's arrival); `work` learns whether
 * the update was taken from its budget, and if not until when it is spent (undefined: no budget asked).
 */
export async function withReadAhead<T>(
  redis: RedisClient,
  reads: AheadReads,
  work: (budget: BudgetAnswer | undefined) => Promise<T>,
  given?: ReadsReply,
): Promise<T> {
  const { keys, hashes = [], budget } = reads;
  // Before the script: Redis's clock reads later, so a wait counted from here never ends after the budget's.
  const sentAt = Date.now();
  let reply: ReadsReply;
  // Awaited even with nothing to read, or the reply given: the update's frame is entered after an await
  // (below).
  if (given !== undefined) reply = await given;
  else {
    const args = readsArgs(reads);
    reply =
      args.keys.length === 0
        ? await "[]"
        : ((await runScript(redis, READ_AHEAD, [
            args.keys.length,
            ...args.keys,
            ...args.argv,
          ])) as ReadsReply);
  }
  const values: (string | number | false)[] = JSON.parse(typeof reply === "string" ? reply : reply[0]);
  const store: UpdateReads = { ahead: new FewByKey(), seen: new FewByKey() };
  let at = 0;
  for (const key of keys) store.ahead.set(key, "", valueAt(values, reply, at++));
  for (const hash of hashes) {
    for (const field of hash.fields) store.ahead.set(hash.key, field, valueAt(values, reply, at++));
  }
  const wait = values[at];
  const answer: BudgetAnswer | undefined =
    budget === undefined
      ? undefined
      : wait === 0
        ? { taken: true }
        : { taken: false, spentUntil: sentAt + (typeof wait === "number" ? wait : 0) };
  try {
    const frame = new UpdateFrame();
    frame.reads = store;
    enterFrameAfterAwait(frame);
    return await work(answer);
  } finally {
    // Work the update left running (a timer, a background promise) reads Redis from now on.
    store.ahead.clear();
    store.seen.clear();
  }
}

/**
 * The value read ahead for `key` in this update, handed out once: null when the key did not exist,
 * undefined when it was not read ahead (or was already taken, written or deleted): then read Redis.
 */
export function takeReadAhead(key: string): string | null | undefined {
  return currentFrame()?.reads?.ahead.take(key);
}

/**
 * The value read ahead for `key` in this update, left for its reader: null when the key did not exist,
 * undefined when it was not read ahead (or was already taken).
 */
export function peekReadAhead(key: string): string | null | undefined {
  return currentFrame()?.reads?.ahead.get(key);
}

/** Drops what was read ahead for `key` (it is being written or deleted). */
export function forgetReadAhead(key: string): void {
  currentFrame()?.reads?.ahead.take(key);
}

/** {@link takeReadAhead} for a field of a hash. */
export function takeReadAheadField(key: string, field: string): string | null | undefined {
  return currentFrame()?.reads?.ahead.take(key, field);
}

/** {@link forgetReadAhead} for a field of a hash. */
export function forgetReadAheadField(key: string, field: string): void {
  currentFrame()?.reads?.ahead.take(key, field);
}

let storages = 0;

/**
 * Wraps a storage so that a value the update read and left unchanged is not written back (grammY's
 * session writes back every session it read, and the language negotiation reads it on every update).
 * Only for storages without expiry: a rewrite there changes nothing. Outside an update every write goes
 * through.
 */
export function skipUnchangedWrites<T>(storage: JsonStorage<T>): JsonStorage<T> {
  // The storage, as the field its values are kept under (the key is grammY's, the same string for the
  // read and the write of an update).
  const id = String(storages++);
  const seen = () => currentFrame()?.reads?.seen;
  return {
    ...storage,
    async read(key) {
      const value = await storage.read(key);
      if (value !== undefined) seen()?.set(key, id, JSON.stringify(value));
      return value;
    },
    async write(key, value) {
      const before = seen()?.get(key, id);
      if (before !== undefined && before === JSON.stringify(value)) return;
      seen()?.take(key, id);
      await storage.write(key, value);
    },
    async delete(key) {
      seen()?.take(key, id);
      await storage.delete(key);
    },
  };
}

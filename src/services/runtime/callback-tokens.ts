/**
 * Single-use callback ids, and the live confirmations of each user. A button that acts (confirm a swap,
 * remove a key) carries an opaque random id instead of its meaning; the meaning lives in Redis, bound to
 * the user who may press it, and is consumed atomically, so a double tap, a replayed update or a forged
 * callback acts at most once.
 *
 * Every token issued is also recorded in its user's live set (one key per user), with where its message
 * was shown and what that message says once voided. Consuming a token takes it out of the set in the same
 * step; {@link CallbackTokens.voidAll} revokes every token still in it at once (/cancel, the next command)
 * and returns the messages to edit. No flow can leave a confirmation out: registration is part of issuing.
 */
import { randomBytes } from "node:crypto";
import { memoKeys } from "../../redis/key-memo.ts";
import type { RedisClient } from "../../redis/url.ts";

/** What a pressed token resolved to. */
export type TokenResult<T> =
  | { status: "ok"; payload: T }
  | { status: "expired" } // unknown, used, voided, or past its lifetime: indistinguishable on purpose
  | { status: "not_owner" };

/** Where a confirmation's message is, once shown. */
export interface ShownAt {
  chatId: number;
  messageId: number;
}

/** A confirmation that {@link CallbackTokens.voidAll} revoked while it was still live. */
export interface VoidedConfirmation {
  token: string;
  /** Its payload as issued (to let a flow's own command, such as /back, pick it up). */
  payload: unknown;
  /** The locale key of what its message says once voided; undefined: keep the text, drop the buttons. */
  voidedKey: string | undefined;
  /** Where its message is; undefined when it was never recorded as shown. */
  shownAt: ShownAt | undefined;
}

/** Options of {@link createCallbackTokens}. */
export interface CallbackTokenOptions {
  redis: RedisClient;
  prefix?: string;
  /** The value of a key read ahead in this update, left for its reader (update-reads.ts), if any. */
  peekReadAhead?: (key: string) => string | null | undefined;
  /** Drops what was read ahead for a key being written. */
  forgetReadAhead?: (key: string) => void;
}

// The live set is one JSON object per user (a string key, so the update's read-ahead can GET it):
// token -> [voidedKey ("" keeps the text), "chatId:messageId" ("" until shown)]. Its lifetime is the
// longest of its tokens'. Token keys are built from ARGV (the app's one prefix, a hash tag on a Redis
// Cluster, keeps them in the live key's slot).

// SET the token; record it live, dropping entries whose token is gone (used, expired).
// KEYS: token, live set. ARGV: value, ttl, id, voidedKey, token prefix.
const ISSUE = `
redis.call("SET", KEYS[1], ARGV[1], "EX", ARGV[2])
local raw = redis.call("GET", KEYS[2])
local live = {}
if raw then
  for id, entry in pairs(cjson.decode(raw)) do
    if redis.call("EXISTS", ARGV[5] .. id) == 1 then live[id] = entry end
  end
end
live[ARGV[3]] = {ARGV[4], ""}
local ttl = tonumber(ARGV[2])
local left = redis.call("TTL", KEYS[2])
if left > ttl then ttl = left end
redis.call("SET", KEYS[2], cjson.encode(live), "EX", ttl)
`;

// Takes `id` out of a live set (KEYS[2]) decoded from `raw`; deletes the set when it is empty.
const TAKE_OUT = `
local function takeOut(raw, id)
  if not raw then return end
  local live = cjson.decode(raw)
  if live[id] == nil then return end
  live[id] = nil
  if next(live) == nil then redis.call("DEL", KEYS[2])
  else redis.call("SET", KEYS[2], cjson.encode(live), "KEEPTTL") end
end
`;

// GET + owner check + DEL, and out of the owner's live set, in one step: concurrent presses see the
// record at most once. KEYS: token, the presser's live set. ARGV: presser, id.
const CONSUME = `${TAKE_OUT}
local raw = redis.call("GET", KEYS[1])
if not raw then return {0, false} end
local owner = string.match(raw, "^(%d+):")
if owner ~= ARGV[1] then return {2, false} end
redis.call("DEL", KEYS[1])
takeOut(redis.call("GET", KEYS[2]), ARGV[2])
return {1, string.sub(raw, #owner + 2)}
`;

// Records where a live token's message is; nothing when it was used or voided meanwhile.
// KEYS: live set. ARGV: id, "chatId:messageId".
const SHOWN = `
local raw = redis.call("GET", KEYS[1])
if not raw then return 0 end
local live = cjson.decode(raw)
local entry = live[ARGV[1]]
if entry == nil then return 0 end
entry[2] = ARGV[2]
redis.call("SET", KEYS[1], cjson.encode(live), "KEEPTTL")
return 1
`;

// Deletes the live set and every token of it still there; returns, flat, id, voidedKey, where and the
// token's value of each one revoked. KEYS: live set. ARGV: token prefix.
const VOID_ALL = `
local raw = redis.call("GET", KEYS[1])
if not raw then return {} end
redis.call("DEL", KEYS[1])
local out = {}
for id, entry in pairs(cjson.decode(raw)) do
  local value = redis.call("GET", ARGV[1] .. id)
  if value then
    redis.call("DEL", ARGV[1] .. id)
    out[#out + 1] = id
    out[#out + 1] = entry[1]
    out[#out + 1] = entry[2]
    out[#out + 1] = value
  end
end
return out
`;

/** Token id format: 16 random bytes, base64url (22 chars), well inside Telegram's 64-byte limit. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{22}$/;

/** "chatId:messageId" back to a place; undefined for "" (never shown). */
function shownAtOf(where: string): ShownAt | undefined {
  const match = /^(-?\d+):(\d+)$/.exec(where);
  return match ? { chatId: Number(match[1]), messageId: Number(match[2]) } : undefined;
}

/** Creates the token store. Payloads must be JSON-serializable and must never hold secrets. */
export function createCallbackTokens(options: CallbackTokenOptions) {
  const { redis } = options;
  const prefix = options.prefix ?? "cbtoken:";
  // Token ids have no ":", so these never meet a token's key.
  const liveKey = memoKeys((userId: number) => `${prefix}live:${userId}`);
  return {
    /** The Redis key of `userId`'s live set, for the update's read-ahead. */
    liveKey,

    /**
     * Stores `payload` for `userId`, records it as live, and returns the id to put in callback data.
     * `voidedKey` is the locale key of what its message says once voided; without it the message keeps
     * its text and loses its buttons.
     */
    async issue<T>(userId: number, payload: T, ttlSeconds: number, voidedKey?: string): Promise<string> {
      const id = randomBytes(16).toString("base64url");
      const key = liveKey(userId);
      options.forgetReadAhead?.(key);
      await redis.eval(
        ISSUE,
        2,
        prefix + id,
        key,
        `${userId}:${JSON.stringify(payload)}`,
        ttlSeconds,
        id,
        voidedKey ?? "",
        prefix,
      );
      return id;
    },

    /** Records where a live token's message was shown, so voiding it can edit the message. */
    async shown(userId: number, id: string, at: ShownAt): Promise<void> {
      const key = liveKey(userId);
      options.forgetReadAhead?.(key);
      await redis.eval(SHOWN, 1, key, id, `${at.chatId}:${at.messageId}`);
    },

    /** Resolves and deletes a token if `userId` owns it; a stranger's press leaves it in place. */
    async consume<T>(userId: number, id: string): Promise<TokenResult<T>> {
      if (!TOKEN_PATTERN.test(id)) return { status: "expired" };
      const [code, raw] = (await redis.eval(
        CONSUME,
        2,
        prefix + id,
        liveKey(userId),
        String(userId),
        id,
      )) as [number, string | null];
      if (code === 2) return { status: "not_owner" };
      if (code !== 1 || typeof raw !== "string") return { status: "expired" };
      return { status: "ok", payload: JSON.parse(raw) as T };
    },

    /**
     * Whether `userId` may have live confirmations, from this update's read-ahead: false only when it
     * read no live set, so the caller may skip {@link voidAll} (and its round trip).
     */
    mayHaveLive(userId: number): boolean {
      return options.peekReadAhead?.(liveKey(userId)) !== null;
    },

    /**
     * Revokes every live token of `userId` at once: none of them can be used any more. Returns those
     * that were still live (not used, not expired), with their messages to edit.
     */
    async voidAll(userId: number): Promise<VoidedConfirmation[]> {
      const key = liveKey(userId);
      options.forgetReadAhead?.(key);
      const flat = (await redis.eval(VOID_ALL, 1, key, prefix)) as string[];
      const voided: VoidedConfirmation[] = [];
      for (let at = 0; at + 3 < flat.length; at += 4) {
        const value = flat[at + 3] as string;
        voided.push({
          token: flat[at] as string,
          payload: JSON.parse(value.slice(value.indexOf(":") + 1)),
          voidedKey: flat[at + 1] || undefined,
          shownAt: shownAtOf(flat[at + 2] as string),
        });
      }
      return voided;
    },
  };
}

/** The token store. */
export type CallbackTokens = ReturnType<typeof createCallbackTokens>;

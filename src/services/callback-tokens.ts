/**
 * Single-use callback ids. A button that acts (confirm a swap, remove a key) carries an opaque random
 * id instead of its meaning; the meaning lives in Redis, bound to the user who may press it, and is
 * consumed atomically, so a double tap, a replayed update or a forged callback acts at most once.
 */
import { randomBytes } from "node:crypto";
import type { RedisClient } from "./redis-url.ts";

/** What a pressed token resolved to. */
export type TokenResult<T> =
  | { status: "ok"; payload: T }
  | { status: "expired" } // unknown, used, or past its lifetime: indistinguishable on purpose
  | { status: "not_owner" };

/** Options of {@link createCallbackTokens}. */
export interface CallbackTokenOptions {
  redis: RedisClient;
  prefix?: string;
}

// GET + owner check + DEL in one step: concurrent presses see the record at most once.
const CONSUME = `
local raw = redis.call("GET", KEYS[1])
if not raw then return {0, false} end
local owner = string.match(raw, "^(%d+):")
if owner ~= ARGV[1] then return {2, false} end
redis.call("DEL", KEYS[1])
return {1, string.sub(raw, #owner + 2)}
`;

/** Token id format: 16 random bytes, base64url (22 chars), well inside Telegram's 64-byte limit. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{22}$/;

/** Creates the token store. Payloads must be JSON-serializable and must never hold secrets. */
export function createCallbackTokens(options: CallbackTokenOptions) {
  const { redis } = options;
  const prefix = options.prefix ?? "cbtoken:";
  return {
    /** Stores `payload` for `userId` and returns the id to put in callback data. */
    async issue<T>(userId: number, payload: T, ttlSeconds: number): Promise<string> {
      const id = randomBytes(16).toString("base64url");
      await redis.set(prefix + id, `${userId}:${JSON.stringify(payload)}`, "EX", ttlSeconds);
      return id;
    },
    /** Resolves and deletes a token if `userId` owns it; a stranger's press leaves it in place. */
    async consume<T>(userId: number, id: string): Promise<TokenResult<T>> {
      if (!TOKEN_PATTERN.test(id)) return { status: "expired" };
      const [code, raw] = (await redis.eval(CONSUME, 1, prefix + id, String(userId))) as [
        number,
        string | null,
      ];
      if (code === 2) return { status: "not_owner" };
      if (code !== 1 || typeof raw !== "string") return { status: "expired" };
      return { status: "ok", payload: JSON.parse(raw) as T };
    },
    /**
     * Drops a token without acting on it (e.g. when its message is cancelled). True when it was still
     * there: then no press has used it, and none ever will.
     */
    async revoke(id: string): Promise<boolean> {
      if (!TOKEN_PATTERN.test(id)) return false;
      return (await redis.del(prefix + id)) === 1;
    },
  };
}

/** The token store. */
export type CallbackTokens = ReturnType<typeof createCallbackTokens>;

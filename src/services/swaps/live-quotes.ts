/**
 * The quotes on screen whose buttons may still be live, per user, so /cancel can find and kill them.
 * Each entry is the quote's single-use token and where its message is; the user's entries expire with
 * the newest token. Whether a quote is still live is the token's business: this is only the index.
 */
import type { RedisClient } from "../redis-url.ts";

/** A quote message and the token its buttons carry. */
export interface LiveQuote {
  token: string;
  chatId: number;
  messageId: number;
  /** The locale key of what its message says once /cancel voided it; the swap quote's wording when absent. */
  cancelledKey?: string;
}

/** Options of {@link createLiveQuotes}. */
export interface LiveQuotesOptions {
  redis: RedisClient;
  prefix?: string;
}

/** Creates the index of live quotes (a Redis hash per user: token -> message). */
export function createLiveQuotes(options: LiveQuotesOptions) {
  const { redis } = options;
  const prefix = options.prefix ?? "livequotes:";
  return {
    /** Records a shown quote for `ttlSeconds` (the lifetime of its token). */
    async add(userId: number, quote: LiveQuote, ttlSeconds: number): Promise<void> {
      const key = prefix + userId;
      const where = JSON.stringify({
        chatId: quote.chatId,
        messageId: quote.messageId,
        cancelledKey: quote.cancelledKey,
      });
      await redis.multi().hset(key, quote.token, where).expire(key, ttlSeconds).exec();
    },
    /** Returns and forgets every quote recorded for `userId`. */
    async takeAll(userId: number): Promise<LiveQuote[]> {
      const key = prefix + userId;
      const result = await redis.multi().hgetall(key).del(key).exec();
      const entries = (result?.[0]?.[1] ?? {}) as Record<string, string>;
      return Object.entries(entries).flatMap(([token, raw]) => {
        const where = JSON.parse(raw) as Partial<LiveQuote>;
        return typeof where.chatId === "number" && typeof where.messageId === "number"
          ? [
              {
                token,
                chatId: where.chatId,
                messageId: where.messageId,
                ...(typeof where.cancelledKey === "string" ? { cancelledKey: where.cancelledKey } : {}),
              },
            ]
          : [];
      });
    },
  };
}

/** The live quote index. */
export type LiveQuotes = ReturnType<typeof createLiveQuotes>;

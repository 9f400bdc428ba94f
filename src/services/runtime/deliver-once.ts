/**
 * Sending a background job's message once, even when the job runs again (a retry, or a stalled job
 * taken over by another instance). Before sending, a short claim is taken (shorter than the job's lock,
 * so a process that dies mid-send leaves it to expire before the job runs elsewhere); once sent, the
 * claim becomes a lasting record; a failed send removes it so the retry sends. A Redis restart while the
 * message is on its way does not fail the job (which would send it again): the record's write is tried
 * again until Redis is back, for up to the job's lock. What remains: a process that dies after Telegram
 * took the message but before the record is written, or an outage longer than the lock, sends it twice;
 * it is never lost.
 */
import type { RedisClient } from "../../redis/url.ts";
import { retryWhileUnavailable } from "./redis-connection.ts";

/** Options of {@link createDeliverOnce}. */
export interface DeliverOnceOptions {
  redis: RedisClient;
  /** Prefix of the records, e.g. "bull:swap-watch:delivered:". */
  prefix: string;
  /** How long the claim holds while sending: half the job's lock duration (the record is retried for the whole). */
  claimMs: number;
  /** How long a sent record is kept: longer than any job of that kind runs. */
  sentTtlSeconds: number;
}

/**
 * Creates `deliverOnce(key, send)`: runs `send` unless a message of `key` was sent (or is being sent);
 * returns whether it sent.
 */
export function createDeliverOnce(options: DeliverOnceOptions) {
  const { redis, prefix } = options;
  return async (key: string, send: () => Promise<void>): Promise<boolean> => {
    const recordKey = prefix + key;
    if ((await redis.set(recordKey, "sending", "PX", options.claimMs, "NX")) !== "OK") return false;
    try {
      await send();
    } catch (error) {
      await redis.del(recordKey).catch(() => undefined);
      throw error;
    }
    await retryWhileUnavailable(
      () => redis.set(recordKey, "sent", "EX", options.sentTtlSeconds),
      2 * options.claimMs,
    );
    return true;
  };
}

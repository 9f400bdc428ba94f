/**
 * The main Redis connection's lifecycle. At start-up a Redis that does not answer stops the bot at once
 * (a clear message beats a silent retry loop). Once connected, a lost connection is retried for as long
 * as it takes, with a capped backoff: an outage of seconds or minutes must not end the bot for good.
 * Meanwhile commands fail within a few seconds (the user is told storage is briefly unavailable) instead
 * of hanging, and the outage is logged once when it starts and once when it ends.
 */
import type { RedisClient } from "../../redis/url.ts";
import { createRedisClient, redisLocation } from "../../redis/url.ts";

export { redisLocation } from "../../redis/url.ts";

import type { Logger } from "pino";

/** Thrown when Redis does not answer: the bot cannot run without it. */
export class RedisUnavailableError extends Error {
  constructor(where: string) {
    super(`Redis does not answer at ${where}. Start one (e.g. \`redis-server\`) or set REDIS_URL.`);
    this.name = "RedisUnavailableError";
  }
}

/** The longest wait between two reconnection attempts once the bot has been connected. */
export const MAX_RECONNECT_DELAY_MS = 2000;

/** Wait before reconnection attempt `times` (1, 2, ...) after a connection was lost: doubling, capped. */
export function reconnectDelayMs(times: number): number {
  return Math.min(100 * 2 ** Math.min(times, 16), MAX_RECONNECT_DELAY_MS);
}

/** Options of {@link connectRedis}. */
export interface ConnectRedisOptions {
  /** Where the outage and the recovery are logged; silent when omitted (the demo). */
  logger?: Logger;
}

/**
 * Connects to Redis, failing fast with {@link RedisUnavailableError} when nothing answers. After that
 * the connection reconnects forever ({@link reconnectDelayMs}); a command issued while it is down fails
 * after at most two reconnection attempts (a few seconds) rather than waiting out the outage.
 */
export async function connectRedis(url: string, options: ConnectRedisOptions = {}): Promise<RedisClient> {
  let connected = false;
  const redis = createRedisClient(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 1,
    // Before the first connection, no retry: connect() below fails at the first refusal.
    retryStrategy: (times) => (connected ? reconnectDelayMs(times) : null),
  });
  // Connection errors repeat with every attempt: the outage is logged once by watchOutage instead.
  redis.on("error", () => undefined);
  try {
    await redis.connect();
    await redis.ping();
  } catch {
    redis.disconnect();
    throw new RedisUnavailableError(redisLocation(url));
  }
  connected = true;
  if (options.logger) watchOutage(redis, options.logger.child({ component: "redis" }), url);
  return redis;
}

/** Logs a lost connection once (warn) and its return once (info, with how long it was gone). */
function watchOutage(redis: RedisClient, logger: Logger, url: string): void {
  const where = redisLocation(url);
  let downSince: number | undefined;
  redis.on("reconnecting", () => {
    if (downSince !== undefined) return;
    downSince = Date.now();
    logger.warn({ redis: where }, "redis connection lost; reconnecting");
  });
  redis.on("ready", () => {
    if (downSince === undefined) return;
    logger.info({ redis: where, downMs: Date.now() - downSince }, "redis connection restored");
    downSince = undefined;
  });
}

/** How long the health check waits for a PING. */
const PING_TIMEOUT_MS = 1000;

/** Whether Redis answers now: connected, and a PING comes back within a second. Never throws. */
export async function redisAnswers(redis: RedisClient): Promise<boolean> {
  if (redis.status !== "ready") return false;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), PING_TIMEOUT_MS);
  });
  try {
    return await Promise.race([redis.ping().then((answer) => answer === "PONG"), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Messages of the errors ioredis and BullMQ give a command when the connection is down or closed, and
 * those of an ioredis Cluster that reaches none of its nodes or is between two masters of a slot.
 */
const UNAVAILABLE_MESSAGES = [
  "Connection is closed.",
  "Stream isn't writeable",
  "None of startup nodes is available",
  "Cluster is disconnected.",
  "Too many Cluster redirections.",
];

/**
 * Whether `error` (or an error it wraps) says Redis could not be reached, as opposed to a bug or a
 * refused command: the caller can then say storage is briefly unavailable.
 */
export function isRedisUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    const { name, message } = current;
    if (name === "MaxRetriesPerRequestError" || name === "ClusterAllFailedError") return true;
    if (UNAVAILABLE_MESSAGES.some((prefix) => message.startsWith(prefix))) return true;
    current = current.cause;
  }
  return false;
}

/** How long {@link retryWhileUnavailable} waits before trying again (reconnection attempts are at most 2 s apart). */
const RETRY_PAUSE_MS = 250;

/**
 * Runs `command` until it succeeds, trying again while Redis is unreachable (see
 * {@link isRedisUnavailable}) for at most `forMs`; any other error, or an outage longer than that, is
 * thrown. For the record of something already done outside Redis (a message Telegram took): a job that
 * failed there would run again and do it twice, whereas a Redis restart usually takes a second or two.
 */
export async function retryWhileUnavailable<T>(command: () => Promise<T>, forMs: number): Promise<T> {
  const deadline = Date.now() + forMs;
  for (;;) {
    try {
      return await command();
    } catch (error) {
      if (!isRedisUnavailable(error) || Date.now() >= deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, RETRY_PAUSE_MS));
    }
  }
}

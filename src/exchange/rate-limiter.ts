/**
 * Client-side rate limiting of exchange calls, shared by every bot process through Redis.
 *
 * The exchange allows, in any rolling 60 s window, 1,800 reads and 600 writes per API key, and 1,800 reads
 * and 60 writes per IP for public calls. Each bucket+kind keeps a sliding log (a sorted set of send times)
 * scored by the Redis server clock, so all processes count against one log on one clock. A server 429 sets a
 * per-bucket cooldown key that pauses reads and writes of that bucket in every process.
 */
import { createHash, randomUUID } from "node:crypto";
import type { Cluster, Redis } from "ioredis";
import { cachedScript, runScript } from "../redis/script.ts";
import { ExchangeRateLimitedError } from "./errors.ts";

/** Reads are GET/HEAD/OPTIONS; writes are POST/PUT/PATCH/DELETE. They have separate budgets. */
export type RequestKind = "read" | "write";

/** Requests allowed per kind in one window. */
export interface RateLimits {
  read: number;
  write: number;
}

/** Gate in front of every exchange request. */
export interface RateLimiter {
  /** Waits until one request of `kind` may be sent for `bucket`, then counts it. Throws ExchangeRateLimitedError
   *  (with the time still to wait) when that would take longer than the limiter's maxWaitMs, or rejects with the signal's reason if aborted. */
  acquire(bucket: string, kind: RequestKind, signal?: AbortSignal): Promise<void>;
  /** Records a server 429: every process holding this bucket pauses until retryAfterMs has passed (never shortened by a later, shorter cooldown). */
  cooldown(bucket: string, retryAfterMs: number): Promise<void>;
}

/** Options of the in-process limiter; the Redis one adds the connection and key prefix. */
export interface LocalRateLimiterOptions {
  /** Length of the rolling window, default 60_000. Every process sharing a bucket must use the same value. */
  windowMs?: number;
  /** Limits of a bucket, e.g. PUBLIC_LIMITS for publicBucket(). */
  limitsFor: (bucket: string) => RateLimits;
  /** Longest acquire() may wait before it throws ExchangeRateLimitedError, default 30_000. */
  maxWaitMs?: number;
  /** Called for each admitted request with its time on the limiter's clock (Redis TIME in µs precision, or
   *  performance.now() for the local limiter); for metrics and tests. */
  onAdmit?: (bucket: string, kind: RequestKind, atMs: number) => void;
}

/** Options of createRedisRateLimiter. */
export interface RedisRateLimiterOptions extends LocalRateLimiterOptions {
  /** ioredis client; the limiter only runs scripts on it and never closes it. */
  redis: Redis | Cluster;
  /** Key prefix, default "ratelimit:". */
  prefix?: string;
}

/** Per API key (spec: 1,800 reads and 600 writes per rolling minute). */
export const ACCOUNT_LIMITS: RateLimits = Object.freeze({ read: 1800, write: 600 });

/** Per IP for unauthenticated calls (spec: 1,800 reads and 60 writes per rolling minute). */
export const PUBLIC_LIMITS: RateLimits = Object.freeze({ read: 1800, write: 60 });

/** The bucket of an account: derived from the API key by a one-way hash (never the key itself: Redis must never hold the key), e.g. "acct:" + first 32 hex of sha256. */
export function accountBucket(apiKey: string): string {
  // API keys are long random strings, so an unsalted hash cannot be reversed by guessing.
  return `acct:${createHash("sha256").update(apiKey).digest("hex").slice(0, 32)}`;
}

/**
 * The bucket of public calls from this host's IP. Without `hostId` every process sharing the Redis counts
 * against one bucket, which is safe when they share an egress IP; pass a host id (e.g. the egress IP) only
 * when processes really leave from different IPs.
 */
export function publicBucket(hostId?: string): string {
  return hostId === undefined ? "public" : `public:${hostId}`;
}

const DEFAULT_WINDOW_MS = 60_000;
const DEFAULT_MAX_WAIT_MS = 30_000;
// Spreads waiters that were told the same wait, so they do not all retry in the same millisecond.
const MAX_JITTER_MS = 50;

/** One try: 0 when admitted (and counted), else the ms until a retry may succeed. */
type Attempt = (bucket: string, kind: RequestKind) => Promise<number>;

function limitOf(limits: RateLimits, kind: RequestKind, bucket: string): number {
  const limit = limits[kind];
  if (!Number.isInteger(limit) || limit < 1) {
    throw new RangeError(`rate limit of ${kind} for ${bucket} must be a positive integer, got ${limit}`);
  }
  return limit;
}

/** Sleeps, rejecting with the signal's reason as soon as it is aborted. */
function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/** The retry loop shared by both limiters: try, and while refused sleep the advised time plus jitter. */
function limiterOf(attempt: Attempt, maxWaitMs: number, cooldown: RateLimiter["cooldown"]): RateLimiter {
  return {
    async acquire(bucket, kind, signal) {
      signal?.throwIfAborted();
      const started = performance.now();
      for (;;) {
        const waitMs = await attempt(bucket, kind);
        // An abort during the attempt wins even over an admission: the caller no longer wants the request.
        signal?.throwIfAborted();
        if (waitMs === 0) return;
        // Fail at once rather than sleep toward a deadline the wait is already known to miss.
        if (performance.now() - started + waitMs > maxWaitMs) throw new ExchangeRateLimitedError(waitMs);
        await sleep(waitMs + Math.random() * MAX_JITTER_MS, signal);
      }
    },
    cooldown,
  };
}

/** Rounds a Retry-After to whole ms; 0 means nothing to record. */
function cooldownMs(retryAfterMs: number): number {
  if (!Number.isFinite(retryAfterMs))
    throw new RangeError(`retryAfterMs must be finite, got ${retryAfterMs}`);
  return retryAfterMs > 0 ? Math.ceil(retryAfterMs) : 0;
}

// KEYS[1] sliding log of bucket+kind, KEYS[2] cooldown of the bucket.
// ARGV[1] limit, ARGV[2] window in µs, ARGV[3] window in ms, ARGV[4] unique member.
// Returns {admitted 0|1, wait µs, server time µs}.
const ACQUIRE_SCRIPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000000 + tonumber(t[2])
local cooling = redis.call('PTTL', KEYS[2])
if cooling >= 0 then
  -- PTTL is whole ms and reads 0 in the key's last ms: wait one more so the retry finds it gone.
  return {0, (cooling + 1) * 1000, now}
end
local limit = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
local count = redis.call('ZCARD', KEYS[1])
if count < limit then
  redis.call('ZADD', KEYS[1], now, ARGV[4])
  redis.call('PEXPIRE', KEYS[1], ARGV[3])
  return {1, 0, now}
end
-- The entry whose leaving brings the count below the limit (more than one if the limit was lowered).
local entry = redis.call('ZRANGE', KEYS[1], count - limit, count - limit, 'WITHSCORES')
return {0, tonumber(entry[2]) + window - now, now}
`;

// KEYS[1] cooldown of the bucket; ARGV[1] ms. Only ever lengthens the pause.
const COOLDOWN_SCRIPT = `
local ms = tonumber(ARGV[1])
if redis.call('PTTL', KEYS[1]) < ms then
  redis.call('SET', KEYS[1], '1', 'PX', ms)
end
return 0
`;

const ACQUIRE = cachedScript(ACQUIRE_SCRIPT);
const COOLDOWN = cachedScript(COOLDOWN_SCRIPT);

function isTriple(value: unknown): value is [number, number, number] {
  return Array.isArray(value) && value.length === 3 && value.every((item) => typeof item === "number");
}

/**
 * The limiter shared by all processes using the same Redis: each acquire is one atomic script on the
 * server's clock, so no process can slip in between another's check and count.
 */
export function createRedisRateLimiter(options: RedisRateLimiterOptions): RateLimiter {
  const { redis, limitsFor, onAdmit } = options;
  const prefix = options.prefix ?? "ratelimit:";
  const windowMs = options.windowMs ?? DEFAULT_WINDOW_MS;
  // Members must be unique across processes, or two sends in the same µs would count once.
  const instance = randomUUID();
  let sequence = 0;
  // The hash tag keeps a bucket's keys in one Redis Cluster slot, as a multi-key script requires (under
  // the app's prefix, which on a Cluster starts with a tag of its own, that first tag is the one used).
  const keyOf = (bucket: string, suffix: string): string => `${prefix}{${bucket}}:${suffix}`;

  const attempt: Attempt = async (bucket, kind) => {
    const limit = limitOf(limitsFor(bucket), kind, bucket);
    sequence += 1;
    const reply = await runScript(redis, ACQUIRE, [
      2,
      keyOf(bucket, kind),
      keyOf(bucket, "cooldown"),
      limit,
      windowMs * 1000,
      windowMs,
      `${instance}:${sequence}`,
    ]);
    if (!isTriple(reply)) throw new Error(`unexpected rate limiter script reply: ${JSON.stringify(reply)}`);
    const [admitted, waitUs, nowUs] = reply;
    if (admitted === 1) {
      onAdmit?.(bucket, kind, nowUs / 1000);
      return 0;
    }
    return Math.max(1, Math.ceil(waitUs / 1000));
  };

  return limiterOf(attempt, options.maxWaitMs ?? DEFAULT_MAX_WAIT_MS, async (bucket, retryAfterMs) => {
    const ms = cooldownMs(retryAfterMs);
    if (ms === 0) return;
    await runScript(redis, COOLDOWN, [1, keyOf(bucket, "cooldown"), ms]);
  });
}

/** The same limiter in process memory, for a single process and for tests; it shares nothing. */
export function createLocalRateLimiter(options: LocalRateLimiterOptions): RateLimiter {
  const { limitsFor, onAdmit } = options;
  const windowMs = options.windowMs ?? DEFAULT_WINDOW_MS;
  // Send times per bucket+kind, oldest first: performance.now() never goes backwards.
  const logs = new Map<string, number[]>();
  const cooldownUntil = new Map<string, number>();

  const attempt: Attempt = async (bucket, kind) => {
    const limit = limitOf(limitsFor(bucket), kind, bucket);
    const now = performance.now();
    const until = cooldownUntil.get(bucket) ?? 0;
    if (until > now) return Math.ceil(until - now);
    const key = `${bucket}\n${kind}`;
    const log = (logs.get(key) ?? []).filter((at) => at > now - windowMs);
    logs.set(key, log);
    const leaving = log[log.length - limit];
    if (leaving !== undefined) return Math.max(1, Math.ceil(leaving + windowMs - now));
    log.push(now);
    onAdmit?.(bucket, kind, now);
    return 0;
  };

  return limiterOf(attempt, options.maxWaitMs ?? DEFAULT_MAX_WAIT_MS, async (bucket, retryAfterMs) => {
    const until = performance.now() + cooldownMs(retryAfterMs);
    cooldownUntil.set(bucket, Math.max(cooldownUntil.get(bucket) ?? 0, until));
  });
}

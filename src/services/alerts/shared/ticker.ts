/**
 * The public ticker shared by every instance on one Redis: at most one read of the exchange per second
 * for the whole group. Whoever needs a fresh ticker first takes a one-second lock (SET NX PX) and reads
 * it; everyone else waits for the value the lock holder writes to Redis. A lock holder that dies frees
 * the lock after its second, and the next caller reads instead. A failed read of one's own is thrown
 * as it is (the chat explains exchange errors); the others keep waiting for the next read.
 */

import { Ticker } from "../../../exchange/index.ts";
import type { RedisClient } from "../../../redis/url.ts";

/** Options of {@link createSharedTicker}. */
export interface SharedTickerOptions {
  redis: RedisClient;
  /** Key prefix, e.g. `alerts:`; the keys are `<prefix>ticker` and `<prefix>ticker:lock`. */
  prefix: string;
  /** Reads the ticker from the exchange. */
  load: () => Promise<Ticker>;
  /** How old a cached ticker may be, and the shortest time between two reads; default 1000 ms. */
  ttlMs?: number;
  /** How long a caller waits for other instances' reads before giving up; default 30 s. */
  waitMs?: number;
  now?: () => number;
}

/** A cached ticker with the instant it was read. */
export interface TickerReading {
  ticker: Ticker;
  /** Epoch ms when the read began (the prices are at least this recent). */
  at: number;
}

/** No instance wrote a ticker in time (the lock kept being taken, every read elsewhere failing). */
export class TickerUnavailableError extends Error {
  constructor() {
    super("no ticker was read in time");
    this.name = "TickerUnavailableError";
  }
}

const POLL_MS = 50;
// A cached value outlives its freshness so a caller can still fall back to it briefly, never for long.
const KEEP_MS = 60_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Creates the shared ticker. */
export function createSharedTicker(options: SharedTickerOptions) {
  const { redis } = options;
  const ttlMs = options.ttlMs ?? 1000;
  const waitMs = options.waitMs ?? 30_000;
  const now = options.now ?? Date.now;
  const valueKey = `${options.prefix}ticker`;
  const lockKey = `${options.prefix}ticker:lock`;
  let inFlight: Promise<TickerReading> | undefined;

  async function cachedReading(): Promise<TickerReading | undefined> {
    const raw = await redis.get(valueKey);
    if (raw === null) return undefined;
    try {
      const parsed = JSON.parse(raw) as { at: number; ticker: unknown };
      const ticker = Ticker.safeParse(parsed.ticker);
      return ticker.success && typeof parsed.at === "number"
        ? { ticker: ticker.data, at: parsed.at }
        : undefined;
    } catch {
      return undefined;
    }
  }

  async function fresh(maxAgeMs: number): Promise<TickerReading> {
    const deadline = now() + waitMs;
    for (;;) {
      const cached = await cachedReading();
      if (cached && now() - cached.at < maxAgeMs) return cached;
      // The lock spaces reads at least ttlMs apart across every instance, even when reads fail.
      if ((await redis.set(lockKey, "1", "PX", ttlMs, "NX")) === "OK") {
        // Aged from the start of the read (as the lock is): a reading stamped when it arrived would look
        // younger than the lock's spacing, and a scan a second later would take it for another second.
        const began = now();
        const ticker = await options.load();
        const reading = { ticker, at: began };
        await redis.set(valueKey, JSON.stringify(reading), "PX", KEEP_MS);
        return reading;
      }
      if (now() >= deadline) throw new TickerUnavailableError();
      await sleep(POLL_MS);
    }
  }

  // The last reading this process got: while it is fresh, callers take it without asking Redis (every
  // /price and inline card would otherwise read and parse the cached ticker again).
  let last: TickerReading | undefined;
  /** The last reading while it is at most `maxAgeMs` old, else undefined. */
  const heldReading = (maxAgeMs: number): TickerReading | undefined =>
    last !== undefined && now() - last.at < maxAgeMs ? last : undefined;

  /**
   * A ticker at most `maxAgeMs` old (default `ttlMs`; reads still start at most once per `ttlMs`, so a
   * shorter age may wait for the next read). Concurrent callers in this process share one wait.
   */
  async function reading(maxAgeMs = ttlMs): Promise<TickerReading> {
    const asked = now();
    for (;;) {
      const held = heldReading(maxAgeMs);
      if (held !== undefined) return held;
      inFlight ??= fresh(maxAgeMs)
        .then((got) => {
          last = got;
          return got;
        })
        .finally(() => {
          inFlight = undefined;
        });
      const got = await inFlight;
      // A wait shared with a caller content with an older reading: ask again, unless this one is recent
      // enough for when we asked (a read slower than maxAgeMs must not make us read forever).
      if (asked - got.at < maxAgeMs) return got;
    }
  }
  return {
    reading,
    /** The ticker alone, at most `maxAgeMs` old (default `ttlMs`). */
    get: async (maxAgeMs?: number): Promise<Ticker> => (await reading(maxAgeMs)).ticker,
    /**
     * The reading this process holds while it is at most `staleMs` old, without waiting; else undefined.
     * Once it is past `ttlMs`, a fresh read starts in the background (one at a time), for the next caller:
     * a chat showing prices never waits on a read while someone asked within `staleMs`.
     */
    recent(staleMs: number): TickerReading | undefined {
      const held = heldReading(staleMs);
      if (held !== undefined && now() - held.at >= ttlMs && inFlight === undefined) {
        // Its failure is the next waiting caller's to meet; here it only leaves the old reading in place.
        reading().catch(() => undefined);
      }
      return held;
    },
  };
}

/** The shared ticker. */
export type SharedTicker = ReturnType<typeof createSharedTicker>;

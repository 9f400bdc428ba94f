/**
 * The day's change of public prices. The exchange's ticker carries no change figure, so the bot keeps its
 * own: a snapshot of every asset's mid price per five-minute slot, shared in Redis by every instance (the
 * first reader of a slot writes it; the others find it taken), kept for a little over a day. The change is
 * the current mid against the snapshot of the slot 24 hours earlier; without one (the bot has not run that
 * long) it is unknown, never guessed.
 */
import { Decimal } from "decimal.js";
import type { Ticker } from "../../exchange/index.ts";
import type { RedisClient } from "../../redis/url.ts";

/** Width of one snapshot slot. */
export const SNAPSHOT_SLOT_MS = 5 * 60_000;
const DAY_MS = 24 * 60 * 60_000;
// A day plus an hour, so the snapshot a day back is there whatever the slot's phase.
const SNAPSHOT_TTL_MS = DAY_MS + 60 * 60_000;
// A missing slot (no instance read the ticker then) is bridged by its neighbours, never by more.
const NEIGHBOUR_SLOTS = [0, -1, 1, -2, 2] as const;
const DECIMAL = /^\d{1,20}(?:\.\d{1,30})?$/;

/** One price of the history: `at` is its slot's start (epoch ms); a slot without a price is a gap. */
export interface PricePoint {
  at: number;
  mid: number;
}

/** The slot width of a series: one minute, or five. */
export type HistoryResolution = "1m" | "5m";

/** The width in ms of a slot of each resolution. */
export const RESOLUTION_MS: Readonly<Record<HistoryResolution, number>> = { "1m": 60_000, "5m": 5 * 60_000 };

/** Options of {@link createPriceHistory}. */
export interface PriceHistoryOptions {
  redis: RedisClient;
  /** Key prefix, e.g. "price-history:". */
  prefix: string;
}

/** The mid price of a ticker row, or undefined when a side is missing or not positive. */
function mid(entry: { buy: string; sell: string } | undefined): Decimal | undefined {
  if (entry === undefined) return undefined;
  const buy = new Decimal(entry.buy);
  const sell = new Decimal(entry.sell);
  if (!buy.isPositive() || !sell.isPositive()) return undefined;
  return buy.plus(sell).dividedBy(2);
}

/** Parses a stored snapshot; anything malformed counts as missing. */
function parseSnapshot(raw: string | null): Record<string, string> | undefined {
  if (raw === null) return undefined;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
    const entries = Object.entries(value).filter(
      (entry): entry is [string, string] => typeof entry[1] === "string" && DECIMAL.test(entry[1]),
    );
    return Object.fromEntries(entries);
  } catch {
    return undefined;
  }
}

/** Creates the shared price history. */
export function createPriceHistory(options: PriceHistoryOptions) {
  const { redis, prefix } = options;
  const slotOf = (at: number) => Math.floor(at / SNAPSHOT_SLOT_MS);
  // Each process writes a slot at most once: later reads in the same slot cost nothing.
  let lastWrittenSlot = -1;

  return {
    /** Records the ticker's mid prices for the slot of `at`, unless this slot already has a snapshot. */
    async record(ticker: Ticker, at: number): Promise<void> {
      const slot = slotOf(at);
      if (slot === lastWrittenSlot) return;
      const mids: Record<string, string> = {};
      for (const [code, entry] of Object.entries(ticker)) {
        const price = mid(entry);
        if (price !== undefined) mids[code] = price.toFixed();
      }
      await redis.set(`${prefix}${slot}`, JSON.stringify(mids), "PX", SNAPSHOT_TTL_MS, "NX");
      lastWrittenSlot = slot;
    },

    /**
     * The change in percent (a decimal string) of each asset of `ticker` since 24 hours before `at`;
     * assets without a snapshot a day back are left out.
     */
    async dayChange(ticker: Ticker, at: number): Promise<Map<string, string>> {
      const target = slotOf(at - DAY_MS);
      const raws = await redis.mget(NEIGHBOUR_SLOTS.map((offset) => `${prefix}${target + offset}`));
      const snapshot = raws.map(parseSnapshot).find((found) => found !== undefined);
      const changes = new Map<string, string>();
      if (snapshot === undefined) return changes;
      for (const [code, entry] of Object.entries(ticker)) {
        const now = mid(entry);
        const then = snapshot[code];
        if (now === undefined || then === undefined) continue;
        const before = new Decimal(then);
        if (!before.isPositive()) continue;
        changes.set(code, now.minus(before).dividedBy(before).times(100).toFixed());
      }
      return changes;
    },

    /**
     * The mids of `asset` in the slots from `from` to `to` (epoch ms), oldest first, missing slots left
     * out. Only five-minute snapshots are kept here (for about a day), so a "1m" series holds one point per
     * five minutes, each at its slot's start; older slots are gaps.
     */
    async series(
      asset: string,
      from: number,
      to: number,
      _resolution: HistoryResolution,
    ): Promise<PricePoint[]> {
      const oldest = Math.max(slotOf(from), slotOf(to - SNAPSHOT_TTL_MS));
      const slots: number[] = [];
      for (let slot = oldest; slot <= slotOf(to); slot++) slots.push(slot);
      if (slots.length === 0) return [];
      const raws = await redis.mget(slots.map((slot) => `${prefix}${slot}`));
      const points: PricePoint[] = [];
      for (const [index, raw] of raws.entries()) {
        const mid = parseSnapshot(raw)?.[asset];
        const at = (slots[index] as number) * SNAPSHOT_SLOT_MS;
        if (mid !== undefined && at >= from) points.push({ at, mid: Number(mid) });
      }
      return points;
    },
  };
}

/** The shared price history. */
export type PriceHistory = ReturnType<typeof createPriceHistory>;

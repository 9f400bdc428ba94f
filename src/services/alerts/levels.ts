/**
 * The levels the watcher keeps per user (armed triggers only) and the test that makes it read a user's
 * triggers: the ticker is near a level, or already past it. "Near" is a band around the level as wide
 * as the buy/sell spread plus a fraction of the price, because the exchange may fire on the buy, the
 * sell or the mid price, and a read is cheap next to an alert that comes late.
 */
import { Dec, MATCH, type PriceTrigger, type TickerEntry, toDec } from "../../exchange/index.ts";

/** One armed trigger's level, as stored in Redis (short field names: there is one per trigger). */
export interface WatchedLevel {
  /** Asset code, upper case. */
  a: string;
  /** The level, a decimal string. */
  p: string;
  /** 1 above, 2 below, null when the exchange has not decided. */
  m: number | null;
}

/** The levels of the triggers that can still fire (enabled and not paused). */
export function armedLevels(triggers: readonly PriceTrigger[]): WatchedLevel[] {
  return triggers
    .filter((t) => t.enabled && !t.paused)
    .map((t) => ({ a: t.asset.toUpperCase(), p: t.price, m: t.match }));
}

/** Reads stored levels; anything malformed reads as none. */
export function parseLevels(raw: string): WatchedLevel[] {
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(
      (l): l is WatchedLevel =>
        typeof l === "object" &&
        l !== null &&
        typeof l.a === "string" &&
        typeof l.p === "string" &&
        (l.m === null || typeof l.m === "number"),
    );
  } catch {
    return [];
  }
}

/**
 * Whether the price is near the level or past it on the side it fires on. `fraction` widens the band
 * beyond the spread (e.g. "0.002" = 0.2% of the price).
 */
export function isNear(level: WatchedLevel, entry: TickerEntry, fraction: string): boolean {
  let price: Dec;
  let buy: Dec;
  let sell: Dec;
  try {
    price = toDec(level.p);
    buy = toDec(entry.buy);
    sell = toDec(entry.sell);
  } catch {
    return false;
  }
  const mid = entry.last ? toDec(entry.last) : buy.add(sell).div(2);
  const band = buy.sub(sell).abs().add(mid.mul(fraction));
  const fromBelow = price.lessThanOrEqualTo(Dec.max(buy, sell).add(band));
  const fromAbove = price.greaterThanOrEqualTo(Dec.min(buy, sell).sub(band));
  if (level.m === MATCH.ABOVE) return fromBelow;
  if (level.m === MATCH.BELOW) return fromAbove;
  return fromBelow && fromAbove;
}

/** Whether any of a user's levels is near the ticker (assets missing from the ticker are skipped). */
export function anyNear(
  levels: readonly WatchedLevel[],
  ticker: Readonly<Record<string, TickerEntry>>,
  fraction: string,
): boolean {
  return levels.some((level) => {
    const entry = ticker[level.a];
    return entry !== undefined && isNear(level, entry, fraction);
  });
}

/**
 * The levels the watcher keeps per user (armed triggers only) and the test that makes it read a user's
 * triggers: the ticker is near a level, or already past it. "Near" is a band around the level as wide
 * as the buy/sell spread plus a fraction of the price, because the exchange may fire on the buy, the
 * sell or the mid price, and a read is cheap next to an alert that comes late.
 */
import { Dec, MATCH, type PriceTrigger, type TickerEntry, toDec } from "../../../exchange/index.ts";

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
 * Where one asset's levels count as near: an "above" level at or below `upTo`, a "below" one at or above
 * `downTo`. Numbers, not decimals: the scan compares every level every second (30,000 at 10,000 users,
 * where decimal comparisons took a large part of a second), and "near" only decides when to read, a
 * margin of 0.2 % and more that a double's rounding cannot move. No amount is computed from them.
 */
export interface NearBand {
  upTo: number;
  downTo: number;
}

/** A stored level with its price parsed once (a number, for the same reason as {@link NearBand}). */
export interface ParsedLevel {
  a: string;
  p: number;
  m: number | null;
}

/** Parses stored levels' prices; a level whose price is not a decimal is left out (it can never be near). */
export function parsePrices(levels: readonly WatchedLevel[]): ParsedLevel[] {
  const parsed: ParsedLevel[] = [];
  for (const level of levels) {
    try {
      // Parsed as a decimal first, so anything the exchange's prices cannot be is left out.
      parsed.push({ a: level.a, p: toDec(level.p).toNumber(), m: level.m });
    } catch {
      // Malformed: never near.
    }
  }
  return parsed;
}

/**
 * The near band of a ticker entry: the spread plus `fraction` of the price (e.g. "0.002" = 0.2 %) beyond
 * the buy and sell prices; undefined when the entry's prices are not decimals.
 */
export function nearBand(entry: TickerEntry, fraction: string): NearBand | undefined {
  let buy: Dec;
  let sell: Dec;
  let mid: Dec;
  try {
    buy = toDec(entry.buy);
    sell = toDec(entry.sell);
    mid = entry.last ? toDec(entry.last) : buy.add(sell).div(2);
  } catch {
    return undefined;
  }
  const band = buy.sub(sell).abs().add(mid.mul(fraction));
  return {
    upTo: Dec.max(buy, sell).add(band).toNumber(),
    downTo: Dec.min(buy, sell).sub(band).toNumber(),
  };
}

/** The near band of every asset in the ticker, computed once per scan. */
export function nearBands(
  ticker: Readonly<Record<string, TickerEntry>>,
  fraction: string,
): Map<string, NearBand> {
  const bands = new Map<string, NearBand>();
  for (const [asset, entry] of Object.entries(ticker)) {
    const band = nearBand(entry, fraction);
    if (band) bands.set(asset, band);
  }
  return bands;
}

/** Whether a parsed level is within its band, or past it on the side it fires on. */
function withinBand(level: ParsedLevel, band: NearBand): boolean {
  const fromBelow = level.p <= band.upTo;
  const fromAbove = level.p >= band.downTo;
  if (level.m === MATCH.ABOVE) return fromBelow;
  if (level.m === MATCH.BELOW) return fromAbove;
  return fromBelow && fromAbove;
}

/** Whether any parsed level is near (assets without a band are skipped). */
export function anyWithinBands(
  levels: readonly ParsedLevel[],
  bands: ReadonlyMap<string, NearBand>,
): boolean {
  return levels.some((level) => {
    const band = bands.get(level.a);
    return band !== undefined && withinBand(level, band);
  });
}

/**
 * Whether the price is near the level or past it on the side it fires on. `fraction` widens the band
 * beyond the spread (e.g. "0.002" = 0.2% of the price).
 */
export function isNear(level: WatchedLevel, entry: TickerEntry, fraction: string): boolean {
  const band = nearBand(entry, fraction);
  const [parsed] = parsePrices([level]);
  return band !== undefined && parsed !== undefined && withinBand(parsed, band);
}

/** Whether any of a user's levels is near the ticker (assets missing from the ticker are skipped). */
export function anyNear(
  levels: readonly WatchedLevel[],
  ticker: Readonly<Record<string, TickerEntry>>,
  fraction: string,
): boolean {
  return anyWithinBands(parsePrices(levels), nearBands(ticker, fraction));
}

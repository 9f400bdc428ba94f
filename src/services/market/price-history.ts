/**
 * The bot's own history of public prices: the shared ticker's mid price per minute for the last day and per
 * five minutes for the last month, kept in Redis and shared by every instance. Charts, market alerts (moves
 * within a window, RSI on hourly closes) and the inline cards' day change read it; the exchange keeps no
 * history the bot could ask for.
 *
 * A slot's price is the first reading written in it: the price at the slot's start, as near as the
 * once-a-second ticker allows (normally the slot's first reading; when two instances race, whichever
 * writes first, and every reader sees that one value). So the point at `at` is the price at `at`, the
 * close of a period is the point at its end (the close of the hour 13:00-14:00 is the point at 14:00),
 * and the five-minute point is the minute point at its start, or the slot's first minute that has one.
 *
 * A slot no instance read stays a gap: never interpolated or bridged, simply absent from a series, so a
 * chart breaks its line there and an alert never takes a gap for a move.
 *
 * Storage: per asset and UTC day one Redis string per resolution, fixed width, 8 bytes a slot (float64,
 * little-endian) at the slot's offset: `<prefix>1m:<ASSET>:<YYYY-MM-DD>` (1,440 slots, kept until two days
 * after the day began) and `<prefix>5m:<ASSET>:<YYYY-MM-DD>` (288 slots, kept 32 days). A key is created
 * at its full length, zero-filled (zero = gap), with its expiry, so Redis allocates it once (grown a slot
 * at a time it would over-allocate up to twice the length) and a day reads with one GETRANGE. One key per
 * day and resolution rather than one per slot: a key costs about 90 bytes of Redis bookkeeping, a slot 8.
 *
 * The mid is a `number` on purpose: the history measures prices for charts and percent moves, it is
 * never an amount anyone pays or receives; a price shown to a user always comes from the ticker's own
 * decimal strings. Anything that does not decode to a plausible positive price (zero, NaN, negative,
 * garbage bytes, a key of another type) reads as a gap.
 */
import { Decimal } from "decimal.js";
import type { Ticker } from "../../exchange/index.ts";
import { cachedScript, runScript } from "../../redis/script.ts";
import type { RedisClient } from "../../redis/url.ts";

/** One slot's price: `at` the slot's start (epoch ms), `mid` the price at that time. */
export interface PricePoint {
  at: number;
  mid: number;
}

/** The two resolutions kept. */
export type HistoryResolution = "1m" | "5m";

/** Width of a minute slot. */
export const MINUTE_MS = 60_000;
/** Width of a five-minute slot. */
export const FIVE_MINUTES_MS = 5 * MINUTE_MS;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** Slot width per resolution. */
export const RESOLUTION_MS: Readonly<Record<HistoryResolution, number>> = {
  "1m": MINUTE_MS,
  "5m": FIVE_MINUTES_MS,
};

/**
 * How many UTC days of keys each resolution keeps: a key lives until this many days after its day began.
 * Two for minutes (so the whole last 24 hours is always there), 32 for five minutes (at least 31 days back).
 */
export const DAYS_KEPT: Readonly<Record<HistoryResolution, number>> = { "1m": 2, "5m": 32 };

const SLOT_BYTES = 8;
const SLOTS_PER_DAY: Readonly<Record<HistoryResolution, number>> = {
  "1m": DAY_MS / MINUTE_MS,
  "5m": DAY_MS / FIVE_MINUTES_MS,
};

/**
 * Redis memory of one day key (MEMORY USAGE on Redis 7.0 with jemalloc, key `price-history:1m:BTC:2026-11-28`):
 * the payload (11,520 and 2,304 bytes) rounded up to the allocator's size class (12,288 and 2,560), plus
 * the key's name, object and table entry (88). The expiry table adds about 32 bytes per key more.
 */
const KEY_BYTES: Readonly<Record<HistoryResolution, number>> = { "1m": 12_376, "5m": 2_648 };

/**
 * Redis memory one asset's history takes at most: 2 minute keys and 32 five-minute keys alive at once.
 * About 107 KiB per asset, 5.5 MB for 50 assets (30 days and more at five minutes, 24 hours and more at one).
 */
export function bytesPerAsset(): { minute: number; fiveMinute: number; total: number } {
  const minute = DAYS_KEPT["1m"] * KEY_BYTES["1m"];
  const fiveMinute = DAYS_KEPT["5m"] * KEY_BYTES["5m"];
  return { minute, fiveMinute, total: minute + fiveMinute };
}

/**
 * The closes of the periods of `periodMs` (an hour: 3,600,000) among `points`: a slot's price is the price
 * at its start, so the close of the period ending at T is the point at T, and it keeps that `at`. A period
 * whose end slot is a gap has no close (left out, never taken from a neighbour). From five-minute points
 * the close is the first reading in the five minutes from T; from minute points, in the minute from T.
 */
export function periodCloses(points: readonly PricePoint[], periodMs: number): PricePoint[] {
  return points.filter((point) => point.at % periodMs === 0);
}

// Outside these a stored value is taken for garbage: no listed asset is priced in trillions or below 1e-12.
const MIN_PRICE = 1e-12;
const MAX_PRICE = 1e15;
// Asset codes become part of key names: nothing that could split a key or change a Cluster hash tag.
const ASSET_CODE = /^[A-Za-z0-9._-]{1,32}$/;

/**
 * Writes one reading into the minute and five-minute slots of each asset, unless the slot already holds a
 * price: the first writer of a slot wins, so instances racing on a minute agree on its value. A new key is
 * made at full length, zero-filled, with its expiry. Keys: minute and five-minute key per asset, in pairs.
 * ARGV: minute slot, five-minute slot, the two keys' lifetimes in ms, then one price per asset.
 */
const WRITE = cachedScript(`
local function put(key, slots, slot, ttl, price)
  local len = redis.pcall('STRLEN', key)
  if type(len) ~= 'number' then return end
  if len == 0 then
    redis.call('SET', key, string.rep('\\0', slots * 8), 'PX', ttl)
  elseif redis.call('PTTL', key) < 0 then
    redis.call('PEXPIRE', key, ttl)
  end
  local offset = slot * 8
  local held = redis.call('GETRANGE', key, offset, offset + 7)
  if string.len(held) == 8 then
    local value = struct.unpack('<d', held)
    if value >= ${MIN_PRICE} and value <= ${MAX_PRICE} then return end
  end
  redis.call('SETRANGE', key, offset, struct.pack('<d', tonumber(price)))
end
local minute, five = tonumber(ARGV[1]), tonumber(ARGV[2])
local minuteTtl, fiveTtl = tonumber(ARGV[3]), tonumber(ARGV[4])
for i = 1, #KEYS / 2 do
  put(KEYS[2 * i - 1], ${SLOTS_PER_DAY["1m"]}, minute, minuteTtl, ARGV[4 + i])
  put(KEYS[2 * i], ${SLOTS_PER_DAY["5m"]}, five, fiveTtl, ARGV[4 + i])
end
return 1
`);

/** Options of {@link createPriceHistory}. */
export interface PriceHistoryOptions {
  redis: RedisClient;
  /** Key prefix, e.g. "price-history:". */
  prefix: string;
}

/** The mid price of a ticker row, or undefined when a side is missing or not positive. */
export function midPrice(entry: { buy: string; sell: string } | undefined): Decimal | undefined {
  if (entry === undefined) return undefined;
  const buy = new Decimal(entry.buy);
  const sell = new Decimal(entry.sell);
  if (!buy.gt(0) || !sell.gt(0)) return undefined;
  return buy.plus(sell).dividedBy(2);
}

const plausible = (value: number) => value >= MIN_PRICE && value <= MAX_PRICE;

/** The UTC date of day number `day` (days since the epoch), as in key names. */
const dateOf = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** Creates the shared price history. */
export function createPriceHistory(options: PriceHistoryOptions) {
  const { redis, prefix } = options;
  const keyOf = (resolution: HistoryResolution, asset: string, day: number) =>
    `${prefix}${resolution}:${asset}:${dateOf(day)}`;
  // Each process writes a minute at most once: the other readings in that minute cost nothing.
  let lastMinute = -1;
  // The prices of the minute a day back, read once per minute per process (that minute is past: it never
  // changes), not once per inline query: a storm of queries would read every asset's key for each.
  let dayAgo: { slot: number; codes: string; points: Promise<Map<string, PricePoint[]>> } | undefined;
  // The changes worked out for the last reading and minute: the cards of one reading (shown for up to a few
  // seconds: market-data.ts) share them, rather than each working out every asset's anew.
  let lastChanges: { ticker: Ticker; slot: number; changes: ReadonlyMap<string, string> } | undefined;

  /** The points of slots `first`..`last` (absolute slot numbers) of each asset, read in one round trip. */
  async function read(
    assets: string[],
    first: number,
    last: number,
    resolution: HistoryResolution,
  ): Promise<Map<string, PricePoint[]>> {
    const step = RESOLUTION_MS[resolution];
    const perDay = SLOTS_PER_DAY[resolution];
    const result = new Map<string, PricePoint[]>(assets.map((asset) => [asset, []]));
    const wanted = [...result.keys()].filter((asset) => ASSET_CODE.test(asset));
    // Nothing older than the keys kept can be there: the span read is bounded whatever is asked.
    const lastDay = Math.floor(last / perDay);
    const firstDay = Math.max(Math.floor(first / perDay), lastDay - DAYS_KEPT[resolution]);
    if (wanted.length === 0 || first > last) return result;
    const ranges: { asset: string; from: number }[] = [];
    const pipeline = redis.pipeline();
    for (const asset of wanted) {
      for (let day = firstDay; day <= lastDay; day++) {
        const from = Math.max(first, day * perDay);
        const to = Math.min(last, day * perDay + perDay - 1);
        pipeline.getrangeBuffer(
          keyOf(resolution, asset, day),
          (from - day * perDay) * SLOT_BYTES,
          (to - day * perDay) * SLOT_BYTES + SLOT_BYTES - 1,
        );
        ranges.push({ asset, from });
      }
    }
    const replies = (await pipeline.exec()) ?? [];
    replies.forEach(([error, bytes], index) => {
      const range = ranges[index];
      // A key of another type answers with an error: its slots are gaps, like any other malformed data.
      if (range === undefined || error !== null || !Buffer.isBuffer(bytes)) return;
      const points = result.get(range.asset) as PricePoint[];
      for (let offset = 0; offset + SLOT_BYTES <= bytes.length; offset += SLOT_BYTES) {
        const value = bytes.readDoubleLE(offset);
        if (plausible(value)) points.push({ at: (range.from + offset / SLOT_BYTES) * step, mid: value });
      }
    });
    return result;
  }

  /** The slots of `resolution` overlapping `from`..`to` (inclusive), or an empty span. */
  const span = (from: number, to: number, resolution: HistoryResolution): [number, number] => {
    const step = RESOLUTION_MS[resolution];
    if (!Number.isFinite(from) || !Number.isFinite(to)) return [1, 0];
    return [Math.floor(from / step), Math.floor(to / step)];
  };

  return {
    /**
     * Records the ticker's mid prices read at `at` in their minute and five-minute slots, where a slot
     * holds none yet. Called on every reading; costs nothing until the minute changes, then one script.
     */
    async record(ticker: Ticker, at: number): Promise<void> {
      const minute = Math.floor(at / MINUTE_MS);
      if (minute === lastMinute) return;
      // Only a test records a minute a day old; what this process held of it is then read again.
      if (dayAgo?.slot === minute) dayAgo = undefined;
      if (lastChanges?.slot === minute) lastChanges = undefined;
      const keys: string[] = [];
      const prices: string[] = [];
      const day = Math.floor(at / DAY_MS);
      for (const [code, entry] of Object.entries(ticker)) {
        const price = midPrice(entry)?.toNumber();
        if (price === undefined || !plausible(price) || !ASSET_CODE.test(code)) continue;
        keys.push(keyOf("1m", code, day), keyOf("5m", code, day));
        // The shortest text that reads back as the same float64 (Lua's tonumber parses it exactly).
        prices.push(String(price));
      }
      lastMinute = minute;
      if (keys.length === 0) return;
      const dayStart = day * DAY_MS;
      try {
        await runScript(redis, WRITE, [
          keys.length,
          ...keys,
          minute - day * SLOTS_PER_DAY["1m"],
          Math.floor((at - dayStart) / FIVE_MINUTES_MS),
          dayStart + DAYS_KEPT["1m"] * DAY_MS - at,
          dayStart + DAYS_KEPT["5m"] * DAY_MS - at,
          ...prices,
        ]);
      } catch (error) {
        // Not written: the next reading in this minute tries again.
        if (lastMinute === minute) lastMinute = -1;
        throw error;
      }
    },

    /**
     * The points of `asset` in the slots overlapping `from`..`to` (epoch ms, inclusive), ascending; a
     * slot without a price (no instance read the ticker then, or older than kept) is left out.
     */
    async series(
      asset: string,
      from: number,
      to: number,
      resolution: HistoryResolution,
    ): Promise<PricePoint[]> {
      const [first, last] = span(from, to, resolution);
      return (await read([asset], first, last, resolution)).get(asset) ?? [];
    },

    /** {@link series} for several assets in one round trip; every asset asked for has an entry. */
    async seriesMany(
      assets: string[],
      from: number,
      to: number,
      resolution: HistoryResolution,
    ): Promise<Map<string, PricePoint[]>> {
      const [first, last] = span(from, to, resolution);
      return read(assets, first, last, resolution);
    },

    /**
     * The change in percent (a decimal string) of each asset of `ticker` since the minute 24 hours before
     * `at`; an asset without a price in that minute is left out, never guessed from a neighbour.
     */
    async dayChange(ticker: Ticker, at: number): Promise<ReadonlyMap<string, string>> {
      const slot = Math.floor((at - DAY_MS) / MINUTE_MS);
      if (lastChanges?.ticker === ticker && lastChanges.slot === slot) return lastChanges.changes;
      const assets = Object.keys(ticker);
      const codes = assets.join(",");
      if (dayAgo?.slot !== slot || dayAgo.codes !== codes) {
        const points = read(assets, slot, slot, "1m");
        const held = { slot, codes, points };
        dayAgo = held;
        // A failed read is not kept: the next call reads again.
        points.catch(() => {
          if (dayAgo === held) dayAgo = undefined;
        });
      }
      const then = await dayAgo.points;
      const changes = new Map<string, string>();
      for (const [code, entry] of Object.entries(ticker)) {
        const now = midPrice(entry);
        const point = then.get(code)?.[0];
        if (now === undefined || point === undefined) continue;
        const before = new Decimal(point.mid);
        changes.set(code, now.minus(before).dividedBy(before).times(100).toFixed());
      }
      lastChanges = { ticker, slot, changes };
      return changes;
    },
  };
}

/** The shared price history. */
export type PriceHistory = ReturnType<typeof createPriceHistory>;

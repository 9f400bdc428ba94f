/**
 * One asset's recent prices, kept so that each ticker reading costs a few operations: minute points in a
 * ring (the last {@link RETAIN_MS}), the low and high of every `move` window in monotonic deques, the point
 * 24 hours back found by binary search, and RSI(14) recomputed only when an hour closes. Prices are
 * numbers here: they are only ever divided into ratios (percent moves, RSI) and compared with thresholds;
 * no amount of money is computed from them, and what a message shows is the reading as given.
 */
import {
  DAY_MS,
  HOUR_MS,
  MARKET_WINDOWS,
  type MarketWindow,
  MINUTE_MS,
  type PricePoint,
  WINDOW_MS,
} from "./kinds.ts";
import { RSI_PERIOD, wilderRsi } from "./rsi.ts";

/** Missing minutes tolerated in a row: more than this many (3 or more) split the series at a gap. */
export const GAP_MINUTES = 2;
/** Consecutive points further apart than this are on two sides of a gap. */
export const GAP_MS = (GAP_MINUTES + 1) * MINUTE_MS;
/** How far from exactly 24 hours back the 24-hour change's reference point may be. */
export const DAY_TOLERANCE_MS = 2 * MINUTE_MS;
/** Hourly closes the RSI is computed over: the last 25 hours (24 changes), at least 15 continuous. */
export const RSI_CLOSES = 25;
/** Points older than this are dropped: the 24 h window, the day-ago point and 25 hourly closes fit. */
export const RETAIN_MS = 26 * HOUR_MS;

const WINDOWS = MARKET_WINDOWS.map((w) => WINDOW_MS[w]);
/** Index of each window in {@link MarketStats}' arrays. */
export const WINDOW_INDEX: Readonly<Record<MarketWindow, number>> = {
  "15m": 0,
  "1h": 1,
  "4h": 2,
  "24h": 3,
};

// A power of two above the points kept (26 h of minutes, 1,560, plus the open one).
const CAPACITY = 2048;
const MASK = CAPACITY - 1;

/** A window's deque holds at most its minutes plus one: the smallest power of two above that. */
function dequeCapacity(windowMs: number): number {
  return 2 ** Math.ceil(Math.log2(windowMs / MINUTE_MS + 2));
}

/** A ring of point sequence numbers, used as a monotonic deque; `capacity` a power of two. */
class SeqDeque {
  private readonly seqs: Float64Array;
  private readonly mask: number;
  head = 0;
  tail = 0;
  constructor(capacity: number) {
    this.seqs = new Float64Array(capacity);
    this.mask = capacity - 1;
  }
  get size(): number {
    return this.tail - this.head;
  }
  front(): number {
    return this.seqs[this.head & this.mask] as number;
  }
  back(): number {
    return this.seqs[(this.tail - 1) & this.mask] as number;
  }
  push(seq: number): void {
    this.seqs[this.tail++ & this.mask] = seq;
  }
  popBack(): void {
    this.tail--;
  }
  popFront(): void {
    this.head++;
  }
  clear(): void {
    this.head = this.tail = 0;
  }
  /** The `i`-th sequence number from the front. */
  at(i: number): number {
    return this.seqs[(this.head + i) & this.mask] as number;
  }
}

/** The lowest and highest price over a stretch, and when each was. */
export interface Extremes {
  low: number;
  lowAt: number;
  high: number;
  highAt: number;
}

/**
 * What one reading measures for an asset, computed once per reading and read by every alert on it.
 * Unknown figures are NaN, which no threshold comparison passes.
 */
export class MarketStats {
  /** The reading's time and price (the ticker's mid). */
  at = Number.NaN;
  price = Number.NaN;
  /** The price as a decimal string (the double's shortest form), made once for every event of the reading. */
  priceText = "";
  /** Per window ({@link WINDOW_INDEX}): the lowest and highest point since the window's start or the last gap, and when. */
  readonly low = new Float64Array(4);
  readonly lowAt = new Float64Array(4);
  readonly high = new Float64Array(4);
  readonly highAt = new Float64Array(4);
  /** Per window: % above the low, and % below the high (both >= 0). */
  readonly up = new Float64Array(4);
  readonly down = new Float64Array(4);
  /** The 24-hour change in % (signed), and the point it is measured from. */
  dayChange = Number.NaN;
  dayPrice = Number.NaN;
  dayAt = Number.NaN;
  /** RSI(14) at the last hourly close, that close's price and the hour's end. */
  rsi = Number.NaN;
  rsiPrice = Number.NaN;
  rsiAt = Number.NaN;
}

/** One asset's minute points and the structures kept over them. */
export class MarketSeries {
  private readonly ats = new Float64Array(CAPACITY);
  private readonly mids = new Float64Array(CAPACITY);
  /** Sequence numbers of the oldest kept point and of the next one; the last point is the open minute. */
  private first = 0;
  private next = 0;
  private readonly lows = WINDOWS.map((ms) => new SeqDeque(dequeCapacity(ms)));
  private readonly highs = WINDOWS.map((ms) => new SeqDeque(dequeCapacity(ms)));
  /** The current continuous run of hourly closes (at most {@link RSI_CLOSES}), and its last hour. */
  private readonly closes: number[] = [];
  private lastCloseHour = Number.NaN;
  private rsi = Number.NaN;
  private rsiPrice = Number.NaN;
  private rsiAt = Number.NaN;
  /** The minute of the first point after the latest gap (of the first point when there was none). */
  private segmentStart = Number.NaN;

  /** Replaces everything with `points` (ascending minute points; a missing minute is a gap). */
  load(points: readonly PricePoint[]): void {
    this.first = this.next = 0;
    for (const d of this.lows) d.clear();
    for (const d of this.highs) d.clear();
    this.closes.length = 0;
    this.lastCloseHour = this.rsi = this.rsiPrice = this.rsiAt = this.segmentStart = Number.NaN;
    for (const p of points) this.push(p.at, p.mid);
  }

  /** How many minute points are kept (the open one included). */
  get size(): number {
    return this.next - this.first;
  }

  /**
   * Takes a reading (or a history point): within the open minute it replaces that minute's price (a
   * minute's point is its last reading), in a later minute it closes the open one and opens a new one.
   * Returns false, changing nothing, for a reading older than the open minute or a price that is not a
   * positive number.
   */
  push(at: number, mid: number): boolean {
    if (!(mid > 0) || !Number.isFinite(mid) || !Number.isFinite(at)) return false;
    const slot = Math.floor(at / MINUTE_MS) * MINUTE_MS;
    if (this.next === this.first) {
      this.segmentStart = slot;
      this.append(slot, mid);
      return true;
    }
    const last = this.next - 1;
    const openAt = this.atOf(last);
    if (slot < openAt) return false;
    if (slot === openAt) {
      this.mids[last & MASK] = mid;
      return true;
    }
    if (slot - openAt > GAP_MS) {
      // Nothing before a gap is ever compared with what comes after it.
      for (const d of this.lows) d.clear();
      for (const d of this.highs) d.clear();
      this.segmentStart = slot;
    } else {
      this.enter(last);
    }
    const openHour = openAt - (openAt % HOUR_MS);
    if (slot - (slot % HOUR_MS) > openHour) this.closeHour(openHour, openAt, this.midOf(last), slot);
    this.append(slot, mid);
    while (this.atOf(this.first) < slot - RETAIN_MS) this.first++;
    for (let w = 0; w < WINDOWS.length; w++) {
      const start = slot - (WINDOWS[w] as number);
      const lows = this.lows[w] as SeqDeque;
      while (lows.size > 0 && this.atOf(lows.front()) < start) lows.popFront();
      const highs = this.highs[w] as SeqDeque;
      while (highs.size > 0 && this.atOf(highs.front()) < start) highs.popFront();
    }
    return true;
  }

  private atOf(seq: number): number {
    return this.ats[seq & MASK] as number;
  }

  private midOf(seq: number): number {
    return this.mids[seq & MASK] as number;
  }

  private append(slot: number, mid: number): void {
    this.ats[this.next & MASK] = slot;
    this.mids[this.next & MASK] = mid;
    this.next++;
  }

  /** A closed minute enters every window's deques (equal prices: the later one stays). */
  private enter(seq: number): void {
    const mid = this.midOf(seq);
    for (let w = 0; w < WINDOWS.length; w++) {
      const lows = this.lows[w] as SeqDeque;
      while (lows.size > 0 && this.midOf(lows.back()) >= mid) lows.popBack();
      lows.push(seq);
      const highs = this.highs[w] as SeqDeque;
      while (highs.size > 0 && this.midOf(highs.back()) <= mid) highs.popBack();
      highs.push(seq);
    }
  }

  /**
   * The hour starting at `hour` has ended (the next point is at `nextSlot`); its last point was at `at`.
   * It has a close only when that point is within its last {@link GAP_MINUTES} + 1 minutes; the run of
   * closes continues only from the hour before.
   */
  private closeHour(hour: number, at: number, mid: number, nextSlot: number): void {
    const end = hour + HOUR_MS;
    if (at < end - GAP_MS) {
      this.closes.length = 0;
      this.lastCloseHour = Number.NaN;
    } else {
      if (this.lastCloseHour !== hour - HOUR_MS) this.closes.length = 0;
      this.closes.push(mid);
      if (this.closes.length > RSI_CLOSES) this.closes.shift();
      this.lastCloseHour = hour;
    }
    // Whole hours without a point: no close for them, the run starts again.
    if (nextSlot - (nextSlot % HOUR_MS) > end) {
      this.closes.length = 0;
      this.lastCloseHour = Number.NaN;
    }
    const rsi = wilderRsi(this.closes);
    this.rsi = rsi ?? Number.NaN;
    this.rsiPrice = rsi === null ? Number.NaN : mid;
    this.rsiAt = rsi === null ? Number.NaN : end;
  }

  /**
   * When RSI alerts on this asset can first fire, assuming continuous data from now on: the end of the hour
   * whose close completes 15 continuous closes (the time of the last close when it already has them);
   * null before any point.
   */
  rsiActiveFrom(): number | null {
    if (this.next === this.first) return null;
    if (!Number.isNaN(this.rsiAt)) return this.rsiAt;
    const openAt = this.atOf(this.next - 1);
    const openHour = openAt - (openAt % HOUR_MS);
    const run = this.lastCloseHour === openHour - HOUR_MS ? this.closes.length : 0;
    return openHour + (RSI_PERIOD + 1 - run) * HOUR_MS;
  }

  /** The kept points, oldest first (the open minute last). */
  points(): PricePoint[] {
    const out: PricePoint[] = [];
    for (let s = this.first; s < this.next; s++) out.push({ at: this.atOf(s), mid: this.midOf(s) });
    return out;
  }

  /**
   * Fills `out` with the measures at the latest reading, taken at `at` (the open minute's price is the
   * reading's). Returns false when nothing has been read yet.
   */
  measure(at: number, out: MarketStats): boolean {
    if (this.next === this.first) return false;
    const open = this.next - 1;
    const price = this.midOf(open);
    const slot = this.atOf(open);
    out.at = at;
    if (out.price !== price || out.priceText === "") out.priceText = String(price);
    out.price = price;
    for (let w = 0; w < WINDOWS.length; w++) {
      let low = price;
      let lowAt = slot;
      const lows = this.lows[w] as SeqDeque;
      if (lows.size > 0) {
        const f = lows.front();
        if (this.midOf(f) < low) {
          low = this.midOf(f);
          lowAt = this.atOf(f);
        }
      }
      let high = price;
      let highAt = slot;
      const highs = this.highs[w] as SeqDeque;
      if (highs.size > 0) {
        const f = highs.front();
        if (this.midOf(f) > high) {
          high = this.midOf(f);
          highAt = this.atOf(f);
        }
      }
      out.low[w] = low;
      out.lowAt[w] = lowAt;
      out.high[w] = high;
      out.highAt[w] = highAt;
      out.up[w] = ((price - low) / low) * 100;
      out.down[w] = ((high - price) / high) * 100;
    }
    const ref = this.dayAgo(slot - DAY_MS);
    if (ref < 0) {
      out.dayChange = out.dayPrice = out.dayAt = Number.NaN;
    } else {
      const refPrice = this.midOf(ref);
      out.dayPrice = refPrice;
      out.dayAt = this.atOf(ref);
      out.dayChange = ((price - refPrice) / refPrice) * 100;
    }
    out.rsi = this.rsi;
    out.rsiPrice = this.rsiPrice;
    out.rsiAt = this.rsiAt;
    return true;
  }

  /** Whether the points since `at` (ms) run without a gap: what came before a gap is never compared. */
  unbrokenSince(at: number): boolean {
    return this.segmentStart <= at;
  }

  /**
   * Fills `out` with the lowest and highest price of window `w` from the minute of `since` on (the open
   * minute's price included): the window's deques are monotonic, so the extreme of a suffix is its first
   * entry at or after that minute, found by binary search. Call after {@link measure} has read the reading.
   */
  extremesSince(w: number, since: number, out: Extremes): void {
    const open = this.next - 1;
    out.low = out.high = this.midOf(open);
    out.lowAt = out.highAt = this.atOf(open);
    const slot = Math.floor(since / MINUTE_MS) * MINUTE_MS;
    const low = this.firstSince(this.lows[w] as SeqDeque, slot);
    if (low >= 0 && this.midOf(low) < out.low) {
      out.low = this.midOf(low);
      out.lowAt = this.atOf(low);
    }
    const high = this.firstSince(this.highs[w] as SeqDeque, slot);
    if (high >= 0 && this.midOf(high) > out.high) {
      out.high = this.midOf(high);
      out.highAt = this.atOf(high);
    }
  }

  /** The first point of a deque at or after `slot`, or -1. */
  private firstSince(deque: SeqDeque, slot: number): number {
    let lo = 0;
    let hi = deque.size;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.atOf(deque.at(mid)) < slot) lo = mid + 1;
      else hi = mid;
    }
    return lo < deque.size ? deque.at(lo) : -1;
  }

  /** The point nearest `target` within {@link DAY_TOLERANCE_MS} (the earlier on a tie), or -1. */
  private dayAgo(target: number): number {
    let lo = this.first;
    let hi = this.next; // the first point after target is sought in [lo, hi)
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.atOf(mid) <= target) lo = mid + 1;
      else hi = mid;
    }
    let best = -1;
    let bestDistance = DAY_TOLERANCE_MS + 1;
    if (lo - 1 >= this.first) {
      const d = target - this.atOf(lo - 1);
      if (d <= DAY_TOLERANCE_MS) {
        best = lo - 1;
        bestDistance = d;
      }
    }
    if (lo < this.next) {
      const d = this.atOf(lo) - target;
      if (d < bestDistance) best = lo;
    }
    return best;
  }
}

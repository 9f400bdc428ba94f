/**
 * The geometry of a price chart, without any SVG: the history cut into segments where slots are missing,
 * each segment thinned to what a pixel column can show, and round steps for the axes. Prices here are
 * numbers: they place pixels only (the figures shown come from the decimal strings).
 */
import type { PricePoint } from "../../../services/market/price-history.ts";
import { wallClock } from "../../../services/runtime/wall-clock.ts";
import { intlLocale } from "../format/locale.ts";

/**
 * Consecutive points further apart than this many slots are not joined: one missing slot (a reading lost
 * between two present ones) is bridged, two or more are a gap in the line.
 */
export const JOIN_SLOTS = 2;

/** `points` (ascending) cut into runs whose neighbours are at most {@link JOIN_SLOTS} slots apart. */
export function segmentsOf(points: readonly PricePoint[], slotMs: number): PricePoint[][] {
  const segments: PricePoint[][] = [];
  let current: PricePoint[] = [];
  let previous: PricePoint | undefined;
  for (const point of points) {
    if (previous !== undefined && point.at - previous.at > JOIN_SLOTS * slotMs) {
      segments.push(current);
      current = [];
    }
    current.push(point);
    previous = point;
  }
  if (current.length > 0) segments.push(current);
  return segments;
}

/**
 * A segment thinned for drawing: per pixel column (`columnOf` gives a point's), its first, lowest, highest
 * and last points in time order, so the line drawn looks the same as with every point (M4), and a month of
 * minutes stays a few thousand points.
 */
export function thin(segment: readonly PricePoint[], columnOf: (at: number) => number): PricePoint[] {
  const kept: PricePoint[] = [];
  let start = 0;
  while (start < segment.length) {
    const column = columnOf((segment[start] as PricePoint).at);
    let end = start;
    let low = start;
    let high = start;
    while (end + 1 < segment.length && columnOf((segment[end + 1] as PricePoint).at) === column) {
      end++;
      if ((segment[end] as PricePoint).mid < (segment[low] as PricePoint).mid) low = end;
      if ((segment[end] as PricePoint).mid > (segment[high] as PricePoint).mid) high = end;
    }
    const picks = [...new Set([start, Math.min(low, high), Math.max(low, high), end])];
    for (const index of picks) kept.push(segment[index] as PricePoint);
    start = end + 1;
  }
  return kept;
}

/** A round step (1, 2, 2.5 or 5 times a power of ten) giving about `count` steps over `span`. */
export function niceStep(span: number, count: number): number {
  const raw = span / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].find((m) => m * power >= raw) ?? 10;
  return step * power;
}

/** The decimals a label needs to tell steps of `step` apart. */
export function stepDecimals(step: number): number {
  let decimals = 0;
  while (decimals < 12 && Math.abs(Math.round(step * 10 ** decimals) - step * 10 ** decimals) > 1e-9)
    decimals++;
  return decimals;
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
/** The time steps an axis may use, shortest first. */
const TIME_STEPS = [
  5 * MINUTE_MS,
  10 * MINUTE_MS,
  15 * MINUTE_MS,
  30 * MINUTE_MS,
  HOUR_MS,
  2 * HOUR_MS,
  3 * HOUR_MS,
  6 * HOUR_MS,
  12 * HOUR_MS,
  DAY_MS,
  2 * DAY_MS,
  7 * DAY_MS,
];

/** The offset of `timeZone` from UTC at `at`, in ms (Sydney in summer: +11 h). */
function zoneOffset(at: number, timeZone: string): number {
  return wallClock(at, timeZone) - Math.floor(at / 1000) * 1000;
}

/** One tick of the time axis. */
export interface TimeTick {
  at: number;
  /** "14:00", or a date in numbers ("25/11" in English, "11/25" in Chinese) for steps of a day or more. */
  label: string;
}

const tickFormats = new Map<string, Intl.DateTimeFormat>();

function tickFormat(locale: string, timeZone: string, dates: boolean): Intl.DateTimeFormat {
  const key = `${locale}:${timeZone}:${dates}`;
  let format = tickFormats.get(key);
  if (format === undefined) {
    format = new Intl.DateTimeFormat(
      intlLocale(locale),
      dates
        ? { timeZone, day: "numeric", month: "numeric" }
        : { timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" },
    );
    tickFormats.set(key, format);
  }
  return format;
}

/**
 * Ticks from `from` to `to` at round local times of `timeZone` (whole hours, local midnights), at most
 * `most` of them.
 */
export function timeTicks(
  from: number,
  to: number,
  timeZone: string,
  locale: string,
  most: number,
): TimeTick[] {
  const step = TIME_STEPS.find((s) => (to - from) / s <= most) ?? (TIME_STEPS.at(-1) as number);
  const dates = step >= DAY_MS;
  const format = tickFormat(locale, timeZone, dates);
  const ticks: TimeTick[] = [];
  // Round in local time: the offset of the range's start (a daylight-saving change within it moves
  // later ticks by the hour, which a label then says).
  const offset = zoneOffset(from, timeZone);
  // Weeks start on the local day of the range's start: any day does, as long as ticks are a week apart.
  const base = step === 7 * DAY_MS ? DAY_MS : step;
  let at = Math.ceil((from + offset) / base) * base - offset;
  while (at <= to) {
    ticks.push({ at, label: format.format(at) });
    at += step;
  }
  return ticks;
}

/**
 * Calendar arithmetic in an IANA time zone without a date library: local dates to instants (through
 * Intl's offsets), and instants to local dates. Statement periods are whole days in the user's zone.
 */
import { wallClock } from "../runtime/wall-clock.ts";

/** A calendar date (month 1-12). */
export interface LocalDate {
  year: number;
  month: number;
  day: number;
}

/** The zone's offset from UTC at instant `at`, in ms. */
function offsetAt(at: number, timeZone: string): number {
  return wallClock(Math.floor(at / 1000) * 1000, timeZone) - Math.floor(at / 1000) * 1000;
}

/** The calendar date of instant `at` in `timeZone`. */
export function localDateOf(at: number, timeZone: string): LocalDate {
  const wall = new Date(wallClock(at, timeZone));
  return { year: wall.getUTCFullYear(), month: wall.getUTCMonth() + 1, day: wall.getUTCDate() };
}

/**
 * The instant local midnight starts `date` in `timeZone`. Midnight exists in every Australian zone (their
 * clocks change at 2 or 3 am); where it does not, the first instant after the gap is returned.
 */
export function startOfLocalDay(date: LocalDate, timeZone: string): number {
  const wall = Date.UTC(date.year, date.month - 1, date.day);
  const guess = wall - offsetAt(wall, timeZone);
  const corrected = wall - offsetAt(guess, timeZone);
  return corrected;
}

/** Whether year, month and day form a real calendar date. */
export function isRealDate(date: LocalDate): boolean {
  const d = new Date(Date.UTC(date.year, date.month - 1, date.day));
  return (
    Number.isInteger(date.year) &&
    date.year >= 1970 &&
    date.year <= 9999 &&
    d.getUTCFullYear() === date.year &&
    d.getUTCMonth() === date.month - 1 &&
    d.getUTCDate() === date.day
  );
}

/** `date` moved by whole days. */
export function addDays(date: LocalDate, days: number): LocalDate {
  const d = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/** `date` moved by whole months, the day clamped to the end of a shorter month (31 Jan + 1 = 28/29 Feb). */
export function addMonths(date: LocalDate, months: number): LocalDate {
  const index = date.year * 12 + (date.month - 1) + months;
  const year = Math.floor(index / 12);
  const month = index - year * 12 + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return { year, month, day: Math.min(date.day, last) };
}

/** Orders two dates: negative when `a` is earlier. */
export function compareDates(a: LocalDate, b: LocalDate): number {
  return a.year - b.year || a.month - b.month || a.day - b.day;
}

/** "2026-07-01". */
export function isoDate(date: LocalDate): string {
  const pad = (n: number, width = 2) => String(n).padStart(width, "0");
  return `${pad(date.year, 4)}-${pad(date.month)}-${pad(date.day)}`;
}

/**
 * Statement periods in the user's time zone: the presets (this and last month, the last twelve months,
 * this and last Australian financial year, 1 July - 30 June) and custom whole-day ranges, checked
 * against the exchange's limit before anything is sent. The limit is the exchange's own rule (at most
 * twelve calendar months, counted in Brisbane time on the instants sent), so a range accepted here is
 * never refused for its length there.
 */
import { addExchangeMonths } from "../../exchange/index.ts";
import {
  addDays,
  addMonths,
  compareDates,
  type LocalDate,
  localDateOf,
  startOfLocalDay,
} from "./zoned-time.ts";

/** The preset periods offered as buttons. */
export const STATEMENT_PRESETS = ["month", "prevmonth", "twelvemonths", "fy", "prevfy"] as const;

/** A preset period. */
export type StatementPreset = (typeof STATEMENT_PRESETS)[number];

/** A statement range: the instants sent, and the local dates they cover (for the file name and caption). */
export interface StatementRange {
  from: Date;
  to: Date;
  firstDay: LocalDate;
  lastDay: LocalDate;
}

/** Why a custom range cannot be asked for; `split` suggests two ranges that each fit. */
export type RangeProblem =
  | { code: "inverted" }
  | { code: "future" }
  | { code: "too_long"; split: [LocalDate, LocalDate][] };

/** The financial year (1 July - 30 June) that `date` falls in, by the year it starts. */
function financialYearStart(date: LocalDate): LocalDate {
  return { year: date.month >= 7 ? date.year : date.year - 1, month: 7, day: 1 };
}

/**
 * A whole-day range from `first` to `last` in `timeZone`; the end stops at `now` when the last day is
 * today (whole seconds: the exchange's timestamps have no fractions).
 */
function dayRange(first: LocalDate, last: LocalDate, timeZone: string, now: number): StatementRange {
  const from = startOfLocalDay(first, timeZone);
  const endOfLast = startOfLocalDay(addDays(last, 1), timeZone) - 1000;
  const to = Math.min(endOfLast, Math.floor(now / 1000) * 1000);
  return { from: new Date(from), to: new Date(to), firstDay: first, lastDay: last };
}

/** The range of a preset at `now` in `timeZone`. */
export function presetRange(preset: StatementPreset, timeZone: string, now: number): StatementRange {
  const today = localDateOf(now, timeZone);
  const thisMonth = { ...today, day: 1 };
  switch (preset) {
    case "month":
      return dayRange(thisMonth, today, timeZone, now);
    case "prevmonth":
      return dayRange(addMonths(thisMonth, -1), addDays(thisMonth, -1), timeZone, now);
    case "twelvemonths":
      // Twelve months of days ending today: starting on the same date a year ago would be a day too long.
      return dayRange(addDays(addMonths(today, -12), 1), today, timeZone, now);
    case "fy":
      return dayRange(financialYearStart(today), today, timeZone, now);
    case "prevfy": {
      const start = financialYearStart(today);
      return dayRange({ ...start, year: start.year - 1 }, addDays(start, -1), timeZone, now);
    }
  }
}

/** Whether the exchange accepts [from, to] as long enough and not too long (its own rule, see above). */
export function fitsExchangeLimit(from: Date, to: Date): boolean {
  return to.getTime() > from.getTime() && to.getTime() <= addExchangeMonths(from, 12).getTime();
}

/**
 * Checks a custom range of whole days (`first` to `last`, inclusive) in `timeZone` at `now`: not
 * inverted, not starting after today, and within the exchange's twelve months; a range too long comes
 * with a split into two that fit (when two suffice; otherwise the first twelve months and the rest).
 */
export function customRange(
  first: LocalDate,
  last: LocalDate,
  timeZone: string,
  now: number,
): { range: StatementRange } | { problem: RangeProblem } {
  if (compareDates(first, last) > 0) return { problem: { code: "inverted" } };
  const today = localDateOf(now, timeZone);
  if (compareDates(first, today) > 0) return { problem: { code: "future" } };
  const range = dayRange(first, compareDates(last, today) > 0 ? today : last, timeZone, now);
  // The first day of today at 00:00:00: nothing to cover yet, but one second is enough for the exchange.
  if (range.to.getTime() <= range.from.getTime()) range.to = new Date(range.from.getTime() + 1000);
  if (fitsExchangeLimit(range.from, range.to)) return { range: { ...range, lastDay: last } };
  return { problem: { code: "too_long", split: splitRange(first, range.lastDay, timeZone, now) } };
}

/** Consecutive ranges of whole days covering first..last, each within the exchange's limit. */
function splitRange(
  first: LocalDate,
  last: LocalDate,
  timeZone: string,
  now: number,
): [LocalDate, LocalDate][] {
  const parts: [LocalDate, LocalDate][] = [];
  let start = first;
  while (compareDates(start, last) <= 0 && parts.length < 10) {
    // Twelve months less a day always fits, whatever the zone's daylight saving does.
    let end = addDays(addMonths(start, 12), -1);
    if (compareDates(end, last) > 0) end = last;
    const range = dayRange(start, end, timeZone, now);
    if (!fitsExchangeLimit(range.from, range.to)) end = addDays(end, -1);
    parts.push([start, end]);
    start = addDays(end, 1);
  }
  return parts;
}

/**
 * Dates and times typed in words, in English or Chinese: "tomorrow 9am", "next Monday 08:30", "1 Dec 9:30",
 * "in 2 hours", "明天上午9点", "下周一8点半" (chrono-node, English day first as in Australia). The answer is the
 * wall-clock time as typed; the caller turns it into an instant in the user's zone and shows it back.
 */

import type { ParsedComponents, ParsedResult } from "chrono-node";
import * as chrono from "chrono-node";
import { casual as chineseDates } from "chrono-node/zh/hans";

/** Wall-clock fields of a typed time. */
export interface WallFields {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

const PARSERS = [chrono.en.GB, chineseDates] as const;

/**
 * The reference a parser reads relative words against ("tomorrow", "明天", "in 2 hours"), at `now` in a zone
 * whose offset is `offsetMinutes`. The Chinese parser ignores the reference's zone and counts days in the
 * process's own zone ("明天" read at 00:30 in Perth, 16:30 UTC, was the same day): it is given an instant
 * whose local fields are the user's wall clock instead, which holds whatever zone the process runs in.
 */
function referenceOf(
  parser: (typeof PARSERS)[number],
  now: number,
  offsetMinutes: number,
): chrono.ParsingReference | Date {
  if (parser !== chineseDates) return { instant: new Date(now), timezone: offsetMinutes };
  const wall = new Date(now + offsetMinutes * 60_000);
  return new Date(
    wall.getUTCFullYear(),
    wall.getUTCMonth(),
    wall.getUTCDate(),
    wall.getUTCHours(),
    wall.getUTCMinutes(),
    wall.getUTCSeconds(),
  );
}

// Words that may stand around a time without changing it ("at 9am", "starting tomorrow", "从明天开始").
const FILLER = /^(?:\s|[.,!?;:，。！？；：]|at|on|from|starting|start|beginning|从|开始|起|在)*$/iu;

/**
 * Reads a date and time in words, relative to `now` in a zone whose offset is then `offsetMinutes`. Undefined
 * when there are no words (figures alone are the caller's strict formats), no date with a time of day ("Friday"
 * alone would leave the hour to a guess), or words other than fillers around it ("buy btc tomorrow").
 */
export function readDateWords(text: string, now: number, offsetMinutes: number): WallFields | undefined {
  const typed = text.normalize("NFKC").trim();
  if (typed === "" || typed.length > 60 || !/[\p{L}]/u.test(typed)) return undefined;
  for (const parser of PARSERS) {
    const found = parser.parse(typed, referenceOf(parser, now, offsetMinutes), { forwardDate: true });
    const first = found[0];
    if (found.length !== 1 || first === undefined) continue;
    const rest = typed.slice(0, first.index) + typed.slice(first.index + first.text.length);
    if (!FILLER.test(rest) || !first.start.isCertain("hour")) continue;
    const get = (part: "year" | "month" | "day" | "hour" | "minute") => first.start.get(part) ?? 0;
    return {
      year: get("year"),
      month: get("month"),
      day: get("day"),
      hour: get("hour"),
      minute: get("minute"),
    };
  }
  return undefined;
}

/** A day as typed: its calendar fields. */
export interface DayFields {
  year: number;
  month: number;
  day: number;
}

// "since 1 March", "from March": the range runs to today.
const SINCE = /^\s*(?:since|from|starting|从|自)/iu;
// Words that may open a range. Taken off before reading: chrono reads "from 3" as a time of day.
const OPENING =
  /^(?:(?:the|statement|for|of|from|since|starting|between|从|自)(?:\s+|(?=\d))|[\s.,:，：])+/iu;
// "between 3 and 10 March": the "and" of a "between" joins the ends of a range.
const BETWEEN = /^\s*between\s/iu;
// A dash between a month's name and a day ("3 Feb-10 Mar") is a range's, not a time's ("Feb-10").
const NAME_DASH = /(\p{L})\s*[-–—]\s*(\d)/gu;
// Words that may stand around a range ("the", "statement for").
const RANGE_FILLER =
  /^(?:\s|[.,!?;:，。！？；：]|the|for|statement|of|from|since|between|and|to|until|till|through|从|自|起|开始|到|至|的|对账单)*$/iu;
// A relative date that names a period, not a day ("last week", "next month"): no range of days is sure.
const PERIOD_WORDS = /^(?:last|next|this|past|coming)\b/iu;

/**
 * Reads a range of days in words, in English or Chinese ("1 July to today", "since 1 March", "from 3 Feb to
 * 10 Mar", "between 3 February and 10 March", "2025年7月1日到今天"), relative to `now` in a zone whose offset
 * is then `offsetMinutes`: past dates are meant, and a first day without its year is the last one before the
 * last day. One date alone is that day. Undefined when there is no date, a date without its day, a time of
 * day, a period rather than a day ("last week"), or words other than fillers around it: such a text is asked
 * again rather than guessed.
 */
export function readDayRangeWords(
  text: string,
  now: number,
  offsetMinutes: number,
): { first: DayFields; last: DayFields } | undefined {
  const typed = text.normalize("NFKC").trim();
  if (typed === "" || typed.length > 80 || !/[\p{L}]/u.test(typed)) return undefined;
  const reference = { instant: new Date(now), timezone: offsetMinutes };
  const todayParsed = chrono.en.GB.parse("today", reference)[0]?.start;
  if (todayParsed === undefined) return undefined;
  const today = dayOf(todayParsed);
  let dates = typed.replace(OPENING, "").replace(NAME_DASH, "$1 - $2");
  if (BETWEEN.test(typed)) dates = dates.replace(/\sand\s/iu, " to ");
  for (const parser of PARSERS) {
    const found = parser.parse(dates, referenceOf(parser, now, offsetMinutes));
    if (found.length === 0 || found.length > 2) continue;
    let rest = dates;
    for (const result of found) rest = rest.replace(result.text, " ");
    if (!RANGE_FILLER.test(rest) || !found.every(isDay)) continue;
    const [one, two] = found as [ParsedResult, ParsedResult | undefined];
    if (two !== undefined && one.end) continue;
    const end = two?.start ?? one.end ?? undefined;
    if (end === undefined) {
      const first = notAfter(one.start, today);
      return first && { first, last: SINCE.test(typed) ? today : first };
    }
    // The last day sets the first's year when the first has none; a last day without a year follows a first
    // day with one.
    if (!one.start.isCertain("year") || end.isCertain("year")) {
      const last = notAfter(end, today);
      const first = last && notAfter(one.start, last);
      return first && last && { first, last };
    }
    const first = dayOf(one.start);
    const last = notBefore(end, first);
    return last && { first, last };
  }
  return undefined;
}

/** A result that names days: its day (and its end's) given, no time of day, not a period. */
function isDay(result: ParsedResult): boolean {
  const ends = result.end ? [result.start, result.end] : [result.start];
  const period = result.tags().has("result/relativeDate") && PERIOD_WORDS.test(result.text);
  return !period && ends.every((end) => end.isCertain("day") && !end.isCertain("hour"));
}

/** A parsed day's calendar fields. */
function dayOf(component: ParsedComponents): DayFields {
  return {
    year: component.get("year") ?? 0,
    month: component.get("month") ?? 0,
    day: component.get("day") ?? 0,
  };
}

const order = (d: DayFields) => d.year * 10_000 + d.month * 100 + d.day;

/** The day as given, or (typed without its year) the last such day not after `limit`; undefined if none is real. */
function notAfter(component: ParsedComponents, limit: DayFields): DayFields | undefined {
  const fields = dayOf(component);
  if (component.isCertain("year")) return fields;
  const same = { ...fields, year: limit.year };
  return realDay(order(same) > order(limit) ? { ...same, year: limit.year - 1 } : same);
}

/** The first such day (typed without its year) not before `limit`; undefined if it is not real. */
function notBefore(component: ParsedComponents, limit: DayFields): DayFields | undefined {
  const same = { ...dayOf(component), year: limit.year };
  return realDay(order(same) < order(limit) ? { ...same, year: limit.year + 1 } : same);
}

/** The day when it is on the calendar (29 February moved to another year may not be). */
function realDay(day: DayFields): DayFields | undefined {
  const date = new Date(Date.UTC(day.year, day.month - 1, day.day));
  return date.getUTCMonth() === day.month - 1 && date.getUTCDate() === day.day ? day : undefined;
}

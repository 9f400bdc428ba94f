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
    const found = parser.parse(
      typed,
      { instant: new Date(now), timezone: offsetMinutes },
      { forwardDate: true },
    );
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
// Words that may stand around a range ("the", "statement for").
const RANGE_FILLER =
  /^(?:\s|[.,!?;:，。！？；：]|the|for|statement|of|from|since|between|and|to|until|从|自|到|至|的|对账单)*$/iu;

/**
 * Reads a range of days in words, in English or Chinese ("1 July to today", "since 1 March", "from 3 Feb 2026
 * to 10 Mar 2026", "2025年7月1日到今天"), relative to `now` in a zone whose offset is then `offsetMinutes`:
 * past dates are meant. One date alone is that day. Undefined when there is no date, or words other than
 * fillers around it.
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
  const today: DayFields = {
    year: todayParsed.get("year") ?? 0,
    month: todayParsed.get("month") ?? 0,
    day: todayParsed.get("day") ?? 0,
  };
  for (const parser of PARSERS) {
    const found = parser.parse(typed, reference);
    if (found.length === 0 || found.length > 2) continue;
    let rest = typed;
    for (const result of found) rest = rest.replace(result.text, " ");
    if (!RANGE_FILLER.test(rest) || !found.every((result) => result.start.isCertain("day"))) continue;
    const todayFields = { ...today };
    const [one, two] = found as [ParsedResult, ParsedResult | undefined];
    const first = pastDay(one.start, today);
    if (two !== undefined) return { first, last: pastDay(two.start, today) };
    if (one.end !== undefined && one.end !== null) return { first, last: pastDay(one.end, today) };
    return { first, last: SINCE.test(typed) ? todayFields : first };
  }
  return undefined;
}

/** A parsed day as its fields; a day typed without its year that would come after today is last year's. */
function pastDay(component: ParsedComponents, today: DayFields): DayFields {
  const fields = {
    year: component.get("year") ?? 0,
    month: component.get("month") ?? 0,
    day: component.get("day") ?? 0,
  };
  const order = (d: DayFields) => d.year * 10_000 + d.month * 100 + d.day;
  return !component.isCertain("year") && order(fields) > order(today)
    ? { ...fields, year: fields.year - 1 }
    : fields;
}

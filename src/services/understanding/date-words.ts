/**
 * Dates and times typed in words, in English or Chinese: "tomorrow 9am", "next Monday 08:30", "1 Dec 9:30",
 * "in 2 hours", "明天上午9点", "下周一8点半" (chrono-node, English day first as in Australia). The answer is the
 * wall-clock time as typed; the caller turns it into an instant in the user's zone and shows it back.
 */
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

/**
 * Custom statement dates as users type them, in their language's convention: English (Australian)
 * day first, "1/7/2025 - 30/6/2026", "1 Jul 2025 to 30 June 2026"; Chinese year first,
 * "2025-07-01 至 2026-06-30", "2025年7月1日". ISO dates (2025-07-01) work in every language. One date
 * alone means that single day.
 */
import { isRealDate, type LocalDate } from "./zoned-time.ts";

/** What the typed text came to. */
export type ParsedDates =
  | { first: LocalDate; last: LocalDate }
  | { error: "format" }
  | { error: "date"; input: string };

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];

// Year first (any language): 2025-07-01, 2025/7/1, 2025.7.1, 2025年7月1日.
const YEAR_FIRST = String.raw`(\d{4})\s*[-/.年]\s*(\d{1,2})\s*[-/.月]\s*(\d{1,2})\s*日?`;
// Day first (English): 1/7/2025, 01-07-2025, 1.7.2025.
const DAY_FIRST = String.raw`(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})`;
// Day, month name, year (English): 1 Jul 2025, 1 July 2025.
const MONTH_NAME = String.raw`(\d{1,2})\s+([A-Za-z]{3,9})\.?,?\s+(\d{4})`;

// What may stand between and around the dates.
const SEPARATORS = /^(?:\s|-|–|—|~|,|to|until|and|from|至|到|和|从)*$/i;

function patternFor(language: string): RegExp {
  const parts = language === "zh" ? [YEAR_FIRST] : [YEAR_FIRST, DAY_FIRST, MONTH_NAME];
  return new RegExp(parts.map((p) => `(?:${p})`).join("|"), "g");
}

function monthOf(name: string): number | undefined {
  const lower = name.toLowerCase();
  const index = MONTHS.findIndex((m) => lower.startsWith(m));
  const full = new Intl.DateTimeFormat("en", { month: "long", timeZone: "UTC" })
    .format(new Date(Date.UTC(2000, index, 1)))
    .toLowerCase();
  // "Jul", "July" and "Sept" pass; "Julyy" does not.
  return index >= 0 && (full.startsWith(lower) || lower === "sept") ? index + 1 : undefined;
}

/** Parses one or two dates typed in `language`'s convention. */
export function parseDates(text: string, language: string): ParsedDates {
  if (text.length > 100) return { error: "format" };
  const pattern = patternFor(language);
  const dates: { date: LocalDate | undefined; input: string }[] = [];
  let rest = "";
  let at = 0;
  for (const m of text.matchAll(pattern)) {
    rest += text.slice(at, m.index);
    at = m.index + m[0].length;
    const g = m.slice(1);
    let date: LocalDate | undefined;
    if (g[0] !== undefined) date = { year: Number(g[0]), month: Number(g[1]), day: Number(g[2]) };
    else if (g[3] !== undefined) date = { year: Number(g[5]), month: Number(g[4]), day: Number(g[3]) };
    else if (g[6] !== undefined) {
      const month = monthOf(g[7] ?? "");
      date = month === undefined ? undefined : { year: Number(g[8]), month, day: Number(g[6]) };
    }
    dates.push({ date, input: m[0].trim() });
  }
  rest += text.slice(at);
  if (dates.length === 0 || dates.length > 2 || !SEPARATORS.test(rest)) return { error: "format" };
  for (const { date, input } of dates) {
    if (date === undefined || !isRealDate(date)) return { error: "date", input };
  }
  const first = dates[0]?.date as LocalDate;
  const last = (dates[1]?.date ?? first) as LocalDate;
  return { first, last };
}

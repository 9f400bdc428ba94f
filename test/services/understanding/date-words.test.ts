import { describe, expect, it } from "vitest";
import { readDateWords, readDayRangeWords } from "../../../src/services/understanding/date-words.ts";

// Saturday 2026-11-28 05:00 UTC, 16:00 in Sydney (UTC+11 then).
const NOW = Date.parse("2026-11-28T05:00:00Z");
const day = (iso: string) => {
  const [year, month, dayOfMonth] = iso.split("-").map(Number);
  return { year, month, day: dayOfMonth };
};

describe("readDayRangeWords", () => {
  it.each([
    ["1 July to today", "2026-07-01", "2026-11-28"],
    ["since 1 March", "2026-03-01", "2026-11-28"],
    ["3 Feb to 10 Mar", "2026-02-03", "2026-03-10"],
    ["between 3 Feb and 10 Mar", "2026-02-03", "2026-03-10"],
    ["1 December", "2025-12-01", "2025-12-01"],
    ["1 Dec 2025 to 31 Jan 2026", "2025-12-01", "2026-01-31"],
    ["2025年7月1日到今天", "2025-07-01", "2026-11-28"],
    // "from 3" alone would be a time of day.
    ["from 3 Feb to 10 Mar", "2026-02-03", "2026-03-10"],
    ["from 3 feb till 10 mar", "2026-02-03", "2026-03-10"],
    ["statement for 3 Feb to 10 Mar", "2026-02-03", "2026-03-10"],
    ["3 Feb - 10 Mar", "2026-02-03", "2026-03-10"],
    ["3 Feb-10 Mar", "2026-02-03", "2026-03-10"],
    ["between 3 February and 10 March", "2026-02-03", "2026-03-10"],
    ["between 3 and 10 March", "2026-03-03", "2026-03-10"],
    ["from 3 to 10 March", "2026-03-03", "2026-03-10"],
    ["from 3 Feb", "2026-02-03", "2026-11-28"],
    ["2月3日到3月10日", "2026-02-03", "2026-03-10"],
    ["从2月3日至3月10日", "2026-02-03", "2026-03-10"],
    ["2月3日-3月10日", "2026-02-03", "2026-03-10"],
    ["从2月3日开始", "2026-02-03", "2026-11-28"],
    // A first day without its year is the last one before the last day; a last day follows a first with one.
    ["1 Nov to 31 Dec", "2025-11-01", "2025-12-31"],
    ["from 3 Feb to 10 Mar 2025", "2025-02-03", "2025-03-10"],
    ["1 Jan 2025 to 31 Mar", "2025-01-01", "2025-03-31"],
  ])("%j is %s to %s (past dates, in the user's zone)", (text, first, last) => {
    expect(readDayRangeWords(text, NOW, 660)).toEqual({ first: day(first), last: day(last) });
  });

  it("no date, a date without its day, or other words around it: nothing", () => {
    for (const text of ["", "hello", "next tuesday or so please", "statement", "2025-07-01", "March"])
      expect(readDayRangeWords(text, NOW, 660), text).toBeUndefined();
  });

  it.each([
    // "Mar 10" is March 2010 to chrono: a day is never made up.
    "Feb 3 to Mar 10",
    "Feb 3 - Mar 10",
    // A period is not one day.
    "last week",
    "since last week",
    // An end without its month, a time of day, a day not on the calendar that year, other words.
    "from 3 Feb to 10",
    "from 3 to 10",
    "3 Feb 9am to 10 Mar",
    "from 3pm",
    "29 Feb to 10 Mar",
    "3 Feb to 10 Mar please",
  ])("%j is not read (asked again, never guessed)", (text) => {
    expect(readDayRangeWords(text, NOW, 660)).toBeUndefined();
  });
});

describe("relative words count days in the user's zone, not the process's", () => {
  // 16:30 UTC on Saturday 28 Nov is 00:30 on Sunday 29 Nov in Perth (UTC+8): "tomorrow" is the 30th there.
  const LATE_UTC = Date.parse("2026-11-28T16:30:00Z");
  it.each([
    ["tomorrow 9am", { year: 2026, month: 11, day: 30, hour: 9, minute: 0 }],
    ["明天上午9点", { year: 2026, month: 11, day: 30, hour: 9, minute: 0 }],
    ["今天下午3点", { year: 2026, month: 11, day: 29, hour: 15, minute: 0 }],
    ["in 2 hours", { year: 2026, month: 11, day: 29, hour: 2, minute: 30 }],
    ["2小时后", { year: 2026, month: 11, day: 29, hour: 2, minute: 30 }],
  ])("%s at 00:30 in Perth", (text, wall) => {
    expect(readDateWords(text, LATE_UTC, 480)).toEqual(wall);
  });

  it("a range to today ends on the user's day, in either language", () => {
    for (const text of ["1 Nov to today", "2026年11月1日到今天"]) {
      expect(readDayRangeWords(text, LATE_UTC, 480), text).toEqual({
        first: day("2026-11-01"),
        last: day("2026-11-29"),
      });
    }
  });
});

import { describe, expect, it } from "vitest";
import { readDayRangeWords } from "../../../src/services/understanding/date-words.ts";

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
  ])("%j is %s to %s (past dates, in the user's zone)", (text, first, last) => {
    expect(readDayRangeWords(text, NOW, 660)).toEqual({ first: day(first), last: day(last) });
  });

  it("no date, a date without its day, or other words around it: nothing", () => {
    for (const text of ["", "hello", "next tuesday or so please", "statement", "2025-07-01", "March"])
      expect(readDayRangeWords(text, NOW, 660), text).toBeUndefined();
  });
});

/**
 * Statement periods in Australian time zones: the presets at month and financial-year edges (Sydney with
 * daylight saving, Brisbane without, Perth three hours behind Sydney in summer), the twelve-month limit
 * as the exchange counts it, custom ranges (inverted, future, too long with a split), and dates typed in
 * each language.
 */
import { describe, expect, it } from "vitest";
import { formatExchangeTime } from "../../../src/exchange/index.ts";
import { parseDates } from "../../../src/services/statements/parse-dates.ts";
import {
  customRange,
  fitsExchangeLimit,
  presetRange,
  STATEMENT_PRESETS,
} from "../../../src/services/statements/periods.ts";
import { isoDate, type LocalDate } from "../../../src/services/statements/zoned-time.ts";

const SYDNEY = "Australia/Sydney";
const BRISBANE = "Australia/Brisbane";
const PERTH = "Australia/Perth";

const at = (iso: string) => Date.parse(iso);
const day = (s: string): LocalDate => {
  const [year, month, d] = s.split("-").map(Number) as [number, number, number];
  return { year, month, day: d };
};

/** A range as the exchange receives it (Brisbane time) with the days it covers. */
function wire(range: { from: Date; to: Date; firstDay: LocalDate; lastDay: LocalDate }) {
  return {
    from: formatExchangeTime(range.from),
    to: formatExchangeTime(range.to),
    days: `${isoDate(range.firstDay)}..${isoDate(range.lastDay)}`,
  };
}

describe("financial-year edges", () => {
  // 2026-06-30T15:30Z is 1:30 am on 1 July in Sydney and Brisbane, but 11:30 pm on 30 June in Perth.
  const edge = at("2026-06-30T15:30:00Z");

  it("Sydney and Brisbane are in FY 2026-27 already; Perth is still in FY 2025-26", () => {
    expect(wire(presetRange("fy", SYDNEY, edge))).toEqual({
      from: "2026-07-01T00:00:00",
      to: "2026-07-01T01:30:00",
      days: "2026-07-01..2026-07-01",
    });
    expect(wire(presetRange("fy", BRISBANE, edge)).days).toBe("2026-07-01..2026-07-01");
    expect(wire(presetRange("fy", PERTH, edge))).toEqual({
      // Midnight in Perth is 2 am in Brisbane.
      from: "2025-07-01T02:00:00",
      to: "2026-07-01T01:30:00",
      days: "2025-07-01..2026-06-30",
    });
  });

  it("last financial year: 1 July to 30 June, whole days in the user's zone", () => {
    expect(wire(presetRange("prevfy", SYDNEY, edge))).toEqual({
      from: "2025-07-01T00:00:00",
      to: "2026-06-30T23:59:59",
      days: "2025-07-01..2026-06-30",
    });
    expect(wire(presetRange("prevfy", PERTH, edge))).toEqual({
      from: "2024-07-01T02:00:00",
      to: "2025-07-01T01:59:59",
      days: "2024-07-01..2025-06-30",
    });
  });

  it("in January the financial year started the July before", () => {
    const january = at("2027-01-15T00:00:00Z");
    expect(wire(presetRange("fy", SYDNEY, january)).days).toBe("2026-07-01..2027-01-15");
    expect(wire(presetRange("prevfy", SYDNEY, january)).days).toBe("2025-07-01..2026-06-30");
  });
});

describe("month presets with daylight saving", () => {
  // 1 December 2026 00:30 in Sydney (AEDT, UTC+11) is 30 November 23:30 in Brisbane.
  const firstOfDecember = at("2026-11-30T13:30:00Z");

  it("this month in Sydney starts at its own midnight, an hour before Brisbane's", () => {
    expect(wire(presetRange("month", SYDNEY, firstOfDecember))).toEqual({
      from: "2026-11-30T23:00:00",
      to: "2026-11-30T23:30:00",
      days: "2026-12-01..2026-12-01",
    });
    expect(wire(presetRange("month", BRISBANE, firstOfDecember)).days).toBe("2026-11-01..2026-11-30");
  });

  it("last month in Sydney is November to its last second", () => {
    expect(wire(presetRange("prevmonth", SYDNEY, firstOfDecember))).toEqual({
      from: "2026-10-31T23:00:00",
      to: "2026-11-30T22:59:59",
      days: "2026-11-01..2026-11-30",
    });
  });

  it("last month across the April change back to standard time", () => {
    // 1 May 2026 in Sydney: April began in daylight time (UTC+11) and ended in standard time (UTC+10).
    expect(wire(presetRange("prevmonth", SYDNEY, at("2026-05-01T02:00:00Z")))).toEqual({
      from: "2026-03-31T23:00:00",
      to: "2026-04-30T23:59:59",
      days: "2026-04-01..2026-04-30",
    });
  });

  it("every preset fits the exchange's limit in every zone, on every day of a year", () => {
    for (const zone of [
      SYDNEY,
      BRISBANE,
      PERTH,
      "Australia/Adelaide",
      "Australia/Lord_Howe",
      "Pacific/Auckland",
    ]) {
      for (let d = 0; d < 366; d += 2) {
        const now = at("2026-01-01T05:17:00Z") + d * 86_400_000;
        for (const preset of STATEMENT_PRESETS) {
          const range = presetRange(preset, zone, now);
          expect(
            fitsExchangeLimit(range.from, range.to),
            `${preset} ${zone} ${new Date(now).toISOString()}`,
          ).toBe(true);
        }
      }
    }
  });

  it("the last 12 months end today and start on the day after the same date a year ago", () => {
    const range = presetRange("twelvemonths", PERTH, at("2026-11-25T04:00:00Z"));
    expect(wire(range).days).toBe("2025-11-26..2026-11-25");
  });
});

describe("custom ranges", () => {
  const now = at("2026-11-25T04:00:00Z");

  it("whole days in the user's zone; a last day after today stops now", () => {
    const checked = customRange(day("2026-01-01"), day("2026-12-31"), PERTH, now);
    if (!("range" in checked)) throw new Error("refused");
    expect(wire(checked.range)).toEqual({
      from: "2026-01-01T02:00:00",
      to: "2026-11-25T14:00:00",
      days: "2026-01-01..2026-12-31",
    });
  });

  it("inverted and future ranges are refused", () => {
    expect(customRange(day("2026-03-02"), day("2026-03-01"), SYDNEY, now)).toEqual({
      problem: { code: "inverted" },
    });
    expect(customRange(day("2026-11-26"), day("2026-12-01"), SYDNEY, now)).toEqual({
      problem: { code: "future" },
    });
  });

  it("the twelve-month boundary: 1 July to 30 June fits everywhere; one day more does not, with a split", () => {
    for (const zone of [SYDNEY, BRISBANE, PERTH]) {
      expect("range" in customRange(day("2025-07-01"), day("2026-06-30"), zone, now), zone).toBe(true);
      const refused = customRange(day("2025-07-01"), day("2026-07-01"), zone, now);
      expect(refused, zone).toEqual({
        problem: {
          code: "too_long",
          split: [
            [day("2025-07-01"), day("2026-06-30")],
            [day("2026-07-01"), day("2026-07-01")],
          ],
        },
      });
    }
  });

  it("Sydney's daylight saving: twelve calendar months ending after the April change are an hour too long for the exchange", () => {
    // 6 April 2025 00:00 was still daylight time (UTC+11); 5 April 2026 23:59:59 is standard time (UTC+10).
    expect("range" in customRange(day("2025-04-06"), day("2026-04-05"), BRISBANE, now)).toBe(true);
    expect("range" in customRange(day("2025-04-06"), day("2026-04-05"), PERTH, now)).toBe(true);
    const sydney = customRange(day("2025-04-06"), day("2026-04-05"), SYDNEY, now);
    expect("problem" in sydney && sydney.problem.code).toBe("too_long");
    // Its split parts each fit.
    if (!("problem" in sydney) || sydney.problem.code !== "too_long") throw new Error("not refused");
    for (const [first, last] of sydney.problem.split) {
      expect("range" in customRange(first, last, SYDNEY, now)).toBe(true);
    }
    expect(sydney.problem.split.at(-1)?.[1]).toEqual(day("2026-04-05"));
  });

  it("a long range splits into consecutive parts that cover it", () => {
    const checked = customRange(day("2023-01-15"), day("2026-02-10"), SYDNEY, now);
    if (!("problem" in checked) || checked.problem.code !== "too_long") throw new Error("not refused");
    const parts = checked.problem.split;
    expect(parts[0]?.[0]).toEqual(day("2023-01-15"));
    expect(parts.at(-1)?.[1]).toEqual(day("2026-02-10"));
    expect(parts.map(([a, b]) => `${isoDate(a)}..${isoDate(b)}`)).toEqual([
      "2023-01-15..2024-01-14",
      "2024-01-15..2025-01-14",
      "2025-01-15..2026-01-14",
      "2026-01-15..2026-02-10",
    ]);
  });
});

describe("parseDates", () => {
  it("English: day first, month names, ISO, one date for one day", () => {
    expect(parseDates("1/7/2025 - 30/6/2026", "en")).toEqual({
      first: day("2025-07-01"),
      last: day("2026-06-30"),
    });
    expect(parseDates("1 Jul 2025 to 30 June 2026", "en")).toEqual({
      first: day("2025-07-01"),
      last: day("2026-06-30"),
    });
    expect(parseDates("2025-07-01 2026-06-30", "en")).toEqual({
      first: day("2025-07-01"),
      last: day("2026-06-30"),
    });
    expect(parseDates("01.07.2025–30.06.2026", "en")).toEqual({
      first: day("2025-07-01"),
      last: day("2026-06-30"),
    });
    expect(parseDates(" 5/4/2026 ", "en")).toEqual({ first: day("2026-04-05"), last: day("2026-04-05") });
  });

  it("Chinese: year first, with 至 or 年月日", () => {
    expect(parseDates("2025-07-01 至 2026-06-30", "zh")).toEqual({
      first: day("2025-07-01"),
      last: day("2026-06-30"),
    });
    expect(parseDates("2025年7月1日到2026年6月30日", "zh")).toEqual({
      first: day("2025-07-01"),
      last: day("2026-06-30"),
    });
    // Day first is not a Chinese convention: refused rather than guessed.
    expect(parseDates("1/7/2025 - 30/6/2026", "zh")).toEqual({ error: "format" });
  });

  it("bad input: not dates, three dates, extra words, impossible dates", () => {
    expect(parseDates("last year", "en")).toEqual({ error: "format" });
    expect(parseDates("", "en")).toEqual({ error: "format" });
    expect(parseDates("1/1/2025 2/1/2025 3/1/2025", "en")).toEqual({ error: "format" });
    expect(parseDates("1/1/2025 to 2/1/2025 please", "en")).toEqual({ error: "format" });
    expect(parseDates("31/2/2026 - 1/3/2026", "en")).toEqual({ error: "date", input: "31/2/2026" });
    expect(parseDates("1 Foo 2025", "en")).toEqual({ error: "date", input: "1 Foo 2025" });
    expect(parseDates("2025-13-01", "zh")).toEqual({ error: "date", input: "2025-13-01" });
    expect(parseDates("x".repeat(500), "en")).toEqual({ error: "format" });
  });
});

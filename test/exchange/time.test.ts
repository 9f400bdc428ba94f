import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addExchangeMonths,
  EXCHANGE_TIME_ZONE,
  formatExchangeTime,
  parseExchangeTime,
} from "../../src/exchange/time.ts";

const HOUR = 3_600_000;

/** Instants between two years (UTC), whole seconds. */
const wholeSeconds = (fromYear: string, toYear: string) =>
  fc
    .date({
      min: new Date(`${fromYear}-01-01T00:00:00Z`),
      max: new Date(`${toYear}-01-01T00:00:00Z`),
      noInvalidDate: true,
    })
    .map((d) => new Date(Math.floor(d.getTime() / 1000) * 1000));

/** Instants whose Brisbane year is in 0001-9998. */
const instant = wholeSeconds("0001", "9998");

/** Instants far from the ends of the writable range, for arithmetic on them. */
const modernInstant = wholeSeconds("1900", "2200");

/** A zone suffix and its offset from UTC in minutes. */
const suffix = fc.oneof(
  fc.constant({ text: "Z", minutes: 0 }),
  fc
    .tuple(
      fc.constantFrom("+", "-"),
      fc.integer({ min: 0, max: 14 }),
      fc.integer({ min: 0, max: 59 }),
      fc.boolean(),
    )
    .map(([sign, h, m, colon]) => ({
      text: `${sign}${String(h).padStart(2, "0")}${colon ? ":" : ""}${String(m).padStart(2, "0")}`,
      minutes: (sign === "-" ? -1 : 1) * (h * 60 + m),
    })),
);

describe("parseExchangeTime", () => {
  it("reads a suffix-less time as Brisbane time (UTC+10)", () => {
    expect(parseExchangeTime("2024-01-01T10:00:00").toISOString()).toBe("2024-01-01T00:00:00.000Z");
    expect(parseExchangeTime("2024-07-01T09:30:15").toISOString()).toBe("2024-06-30T23:30:15.000Z");
  });

  it("honours Z, +hh:mm, +hhmm and +hh suffixes", () => {
    expect(parseExchangeTime("2024-01-01T10:00:00Z").toISOString()).toBe("2024-01-01T10:00:00.000Z");
    expect(parseExchangeTime("2024-01-01T10:00:00+10:00").toISOString()).toBe("2024-01-01T00:00:00.000Z");
    expect(parseExchangeTime("2024-01-01T10:00:00+1000").toISOString()).toBe("2024-01-01T00:00:00.000Z");
    expect(parseExchangeTime("2024-01-01T10:00:00+10").toISOString()).toBe("2024-01-01T00:00:00.000Z");
    expect(parseExchangeTime("2024-01-01T10:00:00-05:30").toISOString()).toBe("2024-01-01T15:30:00.000Z");
  });

  it("keeps fractional seconds to the millisecond", () => {
    expect(parseExchangeTime("2024-01-01T10:00:00.5").toISOString()).toBe("2024-01-01T00:00:00.500Z");
    expect(parseExchangeTime("2024-01-01T10:00:00.123456Z").toISOString()).toBe("2024-01-01T10:00:00.123Z");
  });

  it("refuses malformed and impossible times", () => {
    for (const s of [
      "",
      "2024-01-01",
      "2024-01-01T10:00",
      "2024-01-01 10:00:00",
      "2024-1-01T10:00:00",
      "2024-13-01T10:00:00",
      "2024-00-10T10:00:00",
      "2023-02-29T10:00:00",
      "2024-04-31T10:00:00",
      "2024-01-01T24:00:00",
      "2024-01-01T10:60:00",
      "2024-01-01T10:00:60",
      "2024-01-01T10:00:00+25:00",
      "2024-01-01T10:00:00+10:60",
      "2024-01-01T10:00:00.",
      "2024-01-01T10:00:00 Z",
      " 2024-01-01T10:00:00",
    ]) {
      expect(() => parseExchangeTime(s), s).toThrow(RangeError);
    }
    expect(() => parseExchangeTime(undefined as unknown as string)).toThrow(RangeError);
  });

  it("accepts 29 February only in leap years", () => {
    expect(parseExchangeTime("2024-02-29T00:00:00").toISOString()).toBe("2024-02-28T14:00:00.000Z");
    expect(parseExchangeTime("2000-02-29T00:00:00Z").toISOString()).toBe("2000-02-29T00:00:00.000Z");
    expect(() => parseExchangeTime("1900-02-29T00:00:00")).toThrow(RangeError);
  });

  it("handles years before 100 without the Date.UTC two-digit quirk", () => {
    expect(parseExchangeTime("0050-06-01T00:00:00Z").getUTCFullYear()).toBe(50);
  });

  it("shifts by the suffix's offset relative to Brisbane", () => {
    fc.assert(
      fc.property(instant, suffix, (d, zone) => {
        const local = formatExchangeTime(d);
        const withSuffix = parseExchangeTime(`${local}${zone.text}`);
        expect(withSuffix.getTime()).toBe(d.getTime() + 10 * HOUR - zone.minutes * 60_000);
      }),
    );
  });
});

describe("formatExchangeTime", () => {
  it("writes Brisbane wall-clock time with no suffix", () => {
    expect(formatExchangeTime(new Date("2024-01-01T00:00:00Z"))).toBe("2024-01-01T10:00:00");
    expect(formatExchangeTime(new Date("2024-06-30T14:00:00.999Z"))).toBe("2024-07-01T00:00:00");
  });

  it("refuses invalid dates and years it cannot write", () => {
    expect(() => formatExchangeTime(new Date(Number.NaN))).toThrow(RangeError);
    expect(() => formatExchangeTime(new Date("+010000-01-01T00:00:00Z"))).toThrow(RangeError);
  });

  it("round-trips an instant (to the second)", () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date("0001-01-01T00:00:00Z"),
          max: new Date("9998-12-31T00:00:00Z"),
          noInvalidDate: true,
        }),
        (d) => {
          const s = formatExchangeTime(d);
          expect(s).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
          expect(parseExchangeTime(s).getTime()).toBe(Math.floor(d.getTime() / 1000) * 1000);
        },
      ),
    );
  });

  it("round-trips a timestamp string", () => {
    fc.assert(
      fc.property(
        instant,
        (d) => formatExchangeTime(parseExchangeTime(formatExchangeTime(d))) === formatExchangeTime(d),
      ),
    );
  });

  it("is UTC+10 all year, with no daylight saving", () => {
    fc.assert(
      fc.property(
        instant,
        (d) => formatExchangeTime(d) === new Date(d.getTime() + 10 * HOUR).toISOString().slice(0, 19),
      ),
    );
  });

  it("agrees with the time zone database for Brisbane since 1993", () => {
    const zone = new Intl.DateTimeFormat("en-GB", {
      timeZone: EXCHANGE_TIME_ZONE,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
    });
    fc.assert(
      fc.property(
        fc.date({
          min: new Date("1993-01-01T00:00:00Z"),
          max: new Date("2100-01-01T00:00:00Z"),
          noInvalidDate: true,
        }),
        (d) => {
          const part = (type: string) => zone.formatToParts(d).find((p) => p.type === type)?.value;
          const expected = `${part("year")}-${part("month")}-${part("day")}T${part("hour")}:${part("minute")}:${part("second")}`;
          expect(formatExchangeTime(d)).toBe(expected);
        },
      ),
    );
  });
});

describe("addExchangeMonths", () => {
  it("moves by calendar months in Brisbane, clamping the day", () => {
    const jan31 = parseExchangeTime("2024-01-31T08:15:00");
    expect(formatExchangeTime(addExchangeMonths(jan31, 1))).toBe("2024-02-29T08:15:00");
    expect(formatExchangeTime(addExchangeMonths(jan31, 13))).toBe("2025-02-28T08:15:00");
    expect(formatExchangeTime(addExchangeMonths(jan31, 12))).toBe("2025-01-31T08:15:00");
    expect(formatExchangeTime(addExchangeMonths(jan31, -2))).toBe("2023-11-30T08:15:00");
    expect(() => addExchangeMonths(jan31, 1.5)).toThrow(RangeError);
  });

  it("keeps the wall-clock time and never goes past the target month", () => {
    fc.assert(
      fc.property(modernInstant, fc.integer({ min: -24, max: 24 }), (d, months) => {
        const before = formatExchangeTime(d);
        const after = formatExchangeTime(addExchangeMonths(d, months));
        expect(after.slice(10)).toBe(before.slice(10));
        const monthIndex = (s: string) => Number(s.slice(0, 4)) * 12 + Number(s.slice(5, 7)) - 1;
        expect(monthIndex(after) - monthIndex(before)).toBe(months);
        expect(Number(after.slice(8, 10))).toBeLessThanOrEqual(Number(before.slice(8, 10)));
      }),
    );
  });
});

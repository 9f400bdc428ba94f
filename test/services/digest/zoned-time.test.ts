/** Local hours as instants across daylight-saving changes in Sydney, Melbourne and Brisbane. */
import { describe, expect, it } from "vitest";
import {
  addDays,
  localDateHour,
  nextLocalHour,
  zonedHourInstant,
} from "../../../src/services/digest/zoned-time.ts";

const utc = (iso: string) => Date.parse(iso);

describe("zonedHourInstant", () => {
  it("follows Sydney and Melbourne into summer time (4 Oct 2026) and out of it (5 Apr 2026)", () => {
    for (const zone of ["Australia/Sydney", "Australia/Melbourne"]) {
      expect(zonedHourInstant("2026-10-03", 8, zone)).toBe(utc("2026-10-02T22:00:00Z")); // AEST +10
      expect(zonedHourInstant("2026-10-04", 8, zone)).toBe(utc("2026-10-03T21:00:00Z")); // AEDT +11
      expect(zonedHourInstant("2026-04-04", 8, zone)).toBe(utc("2026-04-03T21:00:00Z"));
      expect(zonedHourInstant("2026-04-05", 8, zone)).toBe(utc("2026-04-04T22:00:00Z"));
    }
  });

  it("takes a skipped hour as the jump and a repeated hour at its first occurrence", () => {
    // 02:00 does not exist on 4 Oct 2026 in Sydney: the clocks go from 01:59:59 AEST to 03:00 AEDT.
    expect(zonedHourInstant("2026-10-04", 2, "Australia/Sydney")).toBe(utc("2026-10-03T16:00:00Z"));
    // 02:00 happens twice on 5 Apr 2026 (AEDT, then AEST an hour later): the first one.
    expect(zonedHourInstant("2026-04-05", 2, "Australia/Sydney")).toBe(utc("2026-04-04T15:00:00Z"));
  });

  it("keeps Brisbane, which has no summer time, at +10 all year", () => {
    for (const date of ["2026-04-05", "2026-07-01", "2026-10-04", "2026-12-25"]) {
      expect(zonedHourInstant(date, 8, "Australia/Brisbane")).toBe(utc(`${addDays(date, -1)}T22:00:00Z`));
    }
  });
});

describe("nextLocalHour", () => {
  it("is 23 hours after the last digest when summer time starts, 25 when it ends, 24 in Brisbane", () => {
    const start = zonedHourInstant("2026-10-03", 8, "Australia/Sydney");
    expect(nextLocalHour(start, 8, "Australia/Sydney").at - start).toBe(23 * 3_600_000);
    const end = zonedHourInstant("2026-04-04", 8, "Australia/Melbourne");
    expect(nextLocalHour(end, 8, "Australia/Melbourne").at - end).toBe(25 * 3_600_000);
    const bne = zonedHourInstant("2026-10-03", 8, "Australia/Brisbane");
    expect(nextLocalHour(bne, 8, "Australia/Brisbane")).toEqual({
      date: "2026-10-04",
      at: bne + 24 * 3_600_000,
    });
  });

  it("gives today's hour when it is still ahead, else tomorrow's", () => {
    const morning = utc("2026-11-24T20:30:00Z"); // 07:30 AEDT on the 25th
    expect(nextLocalHour(morning, 8, "Australia/Sydney")).toEqual({
      date: "2026-11-25",
      at: utc("2026-11-24T21:00:00Z"),
    });
    expect(nextLocalHour(morning, 7, "Australia/Sydney").date).toBe("2026-11-26");
    expect(localDateHour(morning, "Australia/Sydney")).toEqual({ date: "2026-11-25", hour: 7 });
  });
});

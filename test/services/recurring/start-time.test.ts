/** Start times typed in the user's zone, daylight saving included. */
import { describe, expect, it } from "vitest";
import { exampleStart, parseTypedStart } from "../../../src/services/recurring/start-time.ts";

// Saturday 2026-11-28 05:00 UTC: 16:00 in Sydney (AEDT), 13:00 in Perth, 13:00 in Shanghai.
const NOW = Date.parse("2026-11-28T05:00:00Z");

const iso = (input: string, zone: string) => {
  const parsed = parseTypedStart(input, zone, NOW);
  return "start" in parsed ? parsed.start.toISOString() : parsed.problem;
};

describe("parseTypedStart", () => {
  it.each([
    ["2031-06-01 09:30", "Australia/Perth", "2031-06-01T01:30:00.000Z"],
    ["2031-06-01T09:30", "Australia/Perth", "2031-06-01T01:30:00.000Z"],
    ["2031/6/1 9:30", "Australia/Perth", "2031-06-01T01:30:00.000Z"],
    ["1/6/2031 09:30", "Australia/Perth", "2031-06-01T01:30:00.000Z"],
    ["2031-06-01", "Australia/Perth", "2031-05-31T16:00:00.000Z"],
    // Sydney is UTC+10 in winter and UTC+11 in summer.
    ["2031-06-01 09:30", "Australia/Sydney", "2031-05-31T23:30:00.000Z"],
    ["2031-01-15 09:30", "Australia/Sydney", "2031-01-14T22:30:00.000Z"],
    ["2031-01-15 09:30", "Australia/Brisbane", "2031-01-14T23:30:00.000Z"],
    ["2031-01-15 09:30", "Europe/London", "2031-01-15T09:30:00.000Z"],
    ["2031-07-15 09:30", "Europe/London", "2031-07-15T08:30:00.000Z"],
    ["2031-07-15 09:30", "America/New_York", "2031-07-15T13:30:00.000Z"],
  ])("%s in %s", (input, zone, expected) => {
    expect(iso(input, zone)).toBe(expected);
  });

  it.each([
    ["tomorrow 9am", "Australia/Sydney", "2026-11-28T22:00:00.000Z"],
    ["Tomorrow at 9:00", "Australia/Perth", "2026-11-29T01:00:00.000Z"],
    ["next Monday 08:30", "Australia/Sydney", "2026-11-29T21:30:00.000Z"],
    ["1 Dec 9:30", "Australia/Brisbane", "2026-11-30T23:30:00.000Z"],
    ["in 2 hours", "Australia/Sydney", "2026-11-28T07:00:00.000Z"],
    ["明天上午9点", "Asia/Shanghai", "2026-11-29T01:00:00.000Z"],
    ["下周一8点半", "Australia/Sydney", "2026-11-29T21:30:00.000Z"],
    ["从明天上午9点开始", "Australia/Sydney", "2026-11-28T22:00:00.000Z"],
  ])("words: %s in %s", (input, zone, expected) => {
    expect(iso(input, zone)).toBe(expected);
  });

  it("words around a date that are no part of it are not a start", () => {
    expect(iso("buy btc tomorrow", "Australia/Sydney")).toBe("format");
    expect(iso("tomorrow or the day after", "Australia/Sydney")).toBe("format");
    expect(iso("banana", "Australia/Sydney")).toBe("format");
    // A day without a time of day would leave the hour to a guess.
    expect(iso("friday", "Australia/Sydney")).toBe("format");
    expect(iso("明天", "Australia/Sydney")).toBe("format");
  });

  it("a time skipped when clocks go forward does not exist; a repeated one takes its first instant", () => {
    // Sydney: 2031-10-05 02:00 AEST becomes 03:00 AEDT; 2031-04-06 03:00 AEDT becomes 02:00 AEST.
    expect(iso("2031-10-05 02:30", "Australia/Sydney")).toBe("no_such_time");
    expect(iso("2031-10-05 03:00", "Australia/Sydney")).toBe("2031-10-04T16:00:00.000Z");
    expect(iso("2031-10-05 01:59", "Australia/Sydney")).toBe("2031-10-04T15:59:00.000Z");
    expect(iso("2031-04-06 02:30", "Australia/Sydney")).toBe("2031-04-05T15:30:00.000Z");
    // Lord Howe Island moves its clocks by half an hour: 02:00 becomes 02:30.
    expect(iso("2031-10-05 02:15", "Australia/Lord_Howe")).toBe("no_such_time");
    expect(iso("2031-10-05 02:30", "Australia/Lord_Howe")).toBe("2031-10-04T15:30:00.000Z");
  });

  it.each([
    "",
    "tomorrow",
    "2031-02-29 10:00",
    "2031-13-01",
    "31/04/2031",
    "2031-01-01 24:00",
    "2031-01-01 10:60",
    "2031-01-01 10",
    "1999-12-31 10:00",
    "3000-01-01",
    "12/31/2031",
    `2031-01-01 ${"0".repeat(40)}`,
  ])("%j cannot be read", (input) => {
    expect(iso(input, "Australia/Sydney")).toBe("format");
  });

  it("the example is tomorrow at nine in the zone", () => {
    const now = Date.parse("2031-03-31T20:00:00Z"); // already 1 April in Sydney
    expect(exampleStart(now, "Australia/Sydney")).toBe("2031-04-02 09:00");
    expect(exampleStart(now, "Europe/London")).toBe("2031-04-01 09:00");
    expect(iso(exampleStart(now, "Australia/Sydney"), "Australia/Sydney")).not.toBe("format");
  });
});

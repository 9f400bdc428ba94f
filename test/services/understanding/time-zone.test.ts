import { describe, expect, it } from "vitest";
import { resolveTimeZone, zoneCity } from "../../../src/services/understanding/time-zone.ts";

const words = { aliases: { 上海: "Asia/Shanghai", Syd: "Australia/Sydney" }, languages: ["en", "zh"] };

describe("resolveTimeZone", () => {
  it.each([
    ["Sydney", "Australia/Sydney"],
    ["perth", "Australia/Perth"],
    ["Darwin", "Australia/Darwin"],
    ["Hobart", "Australia/Hobart"],
    ["Melbourne", "Australia/Melbourne"],
    ["Canberra", "Australia/Sydney"],
    ["Gold Coast", "Australia/Brisbane"],
    ["Singapore", "Asia/Singapore"],
    ["London", "Europe/London"],
    ["New York", "America/New_York"],
    ["new_york", "America/New_York"],
    ["Beijing", "Asia/Shanghai"],
    ["AEDT", "Australia/Sydney"],
    ["AWST", "Australia/Perth"],
    ["ACDT", "Australia/Adelaide"],
    ["UTC", "UTC"],
    ["Australia/Perth", "Australia/Perth"],
    ["australia/perth", "Australia/Perth"],
    ["Japan", "Asia/Tokyo"],
    ["日本", "Asia/Tokyo"],
    ["新加坡", "Asia/Singapore"],
    ["英国", "Europe/London"],
    ["上海", "Asia/Shanghai"],
    ["Syd", "Australia/Sydney"],
  ])("%j is %j", (typed, zone) => {
    expect(resolveTimeZone(typed, words)).toEqual({ kind: "one", zone });
  });

  it("a name of several zones gives them all, Australia's first", () => {
    expect(resolveTimeZone("AEST", words)).toEqual({
      kind: "some",
      zones: ["Australia/Brisbane", "Australia/Sydney"],
    });
    const australia = resolveTimeZone("Australia", words);
    expect(australia.kind === "some" && australia.zones).toContain("Australia/Perth");
    expect(resolveTimeZone("澳大利亚", words)).toEqual(australia);
    const est = resolveTimeZone("EST", words);
    expect(est.kind === "some" && est.zones.length).toBeLessThanOrEqual(8);
  });

  it("an unknown name is unknown; a slip of the key or a start is only offered", () => {
    expect(resolveTimeZone("Sydeny", words)).toEqual({
      kind: "none",
      closest: ["Australia/Sydney", "America/Halifax"],
    });
    expect(resolveTimeZone("Bris", {})).toEqual({ kind: "none", closest: ["Australia/Brisbane"] });
    expect(resolveTimeZone("Mars/Olympus_Mons", words)).toEqual({ kind: "none", closest: [] });
    expect(resolveTimeZone("asdf", words)).toEqual({ kind: "none", closest: [] });
    expect(resolveTimeZone("", words)).toEqual({ kind: "none", closest: [] });
    // Military letters and two-letter codes that are no country are not zones.
    expect(resolveTimeZone("Z", words).kind).toBe("none");
  });

  it("names a zone's city for a button", () => {
    expect(zoneCity("Australia/Lord_Howe")).toBe("Lord Howe");
    expect(zoneCity("UTC")).toBe("UTC");
  });
});

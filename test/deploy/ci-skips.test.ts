/** A test that skips for lack of a tool warns on a developer's machine and fails under CI. */
import { describe, expect, it, vi } from "vitest";
import { reportSkip, underCi } from "../support/skips.ts";

describe("skips under CI", () => {
  it("tells CI by CI=true (or 1), in any case", () => {
    expect(underCi({ CI: "true" })).toBe(true);
    expect(underCi({ CI: "TRUE" })).toBe(true);
    expect(underCi({ CI: "1" })).toBe(true);
    expect(underCi({})).toBe(false);
    expect(underCi({ CI: "false" })).toBe(false);
    expect(underCi({ CI: "" })).toBe(false);
  });

  it("outside CI a skip is a warning naming what and why", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    try {
      reportSkip("the X test", "no x binary", {});
      expect(warn).toHaveBeenCalledWith("the X test skipped: no x binary");
    } finally {
      warn.mockRestore();
    }
  });

  it("under CI a skip is a failing test in its place, naming what and why", () => {
    const registered: [string, () => void][] = [];
    reportSkip("the Y test", "no y binary", { CI: "true" }, (name, fn) => registered.push([name, fn]));
    expect(registered.map(([name]) => name)).toEqual(["the Y test runs under CI"]);
    expect(registered[0]?.[1]).toThrow("the Y test did not run under CI: no y binary");
  });
});

/** Long texts cut into messages Telegram accepts, at list separators or line breaks. */
import { describe, expect, it } from "vitest";
import { splitMessage } from "../../../src/bot/flow-kit/format/split.ts";

describe("splitMessage", () => {
  it("keeps a short text whole", () => {
    expect(splitMessage("a, b", 10)).toEqual(["a, b"]);
  });

  it("cuts after the last separator that fits, dropping it, and never exceeds the limit", () => {
    const codes = Array.from({ length: 400 }, (_, i) => `C${i} (Coin number ${i})`).join(", ");
    const parts = splitMessage(`Title\n${codes}`, 500);
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) expect(part.length).toBeLessThanOrEqual(500);
    expect(parts.join(", ")).toBe(`Title\n${codes}`);
    expect(parts.every((p) => !p.startsWith(",") && !p.endsWith(","))).toBe(true);
  });

  it("cuts mid-text when a part has no separator", () => {
    expect(splitMessage("x".repeat(25), 10)).toEqual(["x".repeat(10), "x".repeat(10), "x".repeat(5)]);
  });
});

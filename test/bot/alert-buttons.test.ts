import { describe, expect, it } from "vitest";
import { alertButtonData, parseAlertButton } from "../../src/bot/alerts/triggers/buttons.ts";

describe("trigger buttons", () => {
  it("round-trips every verb", () => {
    for (const button of [
      { verb: "open", triggerId: 7 },
      { verb: "pause", triggerId: 123456789012 },
      { verb: "enable", triggerId: 42 },
      { verb: "trade", triggerId: 7, firedAt: 1_790_000_000 },
    ] as const) {
      const data = alertButtonData(button);
      expect(Buffer.byteLength(data)).toBeLessThanOrEqual(64);
      expect(parseAlertButton(data)).toEqual(button);
    }
  });

  it("refuses forged or malformed data", () => {
    for (const data of [
      "al:open:0",
      "al:open:-1",
      "al:open:1:2",
      "al:trade:1",
      "al:enable:1:2",
      "al:delete:1",
      "al:open:1234567890123",
      "al:open:1x",
      "t:abc",
      "",
    ]) {
      expect(parseAlertButton(data), data).toBeUndefined();
    }
  });
});

/** The checks a market alert's spec passes before it is saved, and stored states read back. */
import { describe, expect, it } from "vitest";
import {
  initialMarketAlertState,
  parseMarketAlertSpec,
  parseMarketAlertState,
} from "../../../src/services/alerts/market/kinds.ts";

describe("parseMarketAlertSpec", () => {
  it("accepts each kind in canonical form, with defaults", () => {
    expect(
      parseMarketAlertSpec({ kind: "move", asset: " btc ", window: "1h", direction: "up", percent: "05.50" }),
    ).toEqual({
      ok: true,
      spec: { kind: "move", asset: "BTC", window: "1h", direction: "up", percent: "5.5" },
    });
    expect(parseMarketAlertSpec({ kind: "day_change", asset: "ETH", percent: 10 })).toEqual({
      ok: true,
      spec: { kind: "day_change", asset: "ETH", direction: "either", percent: "10" },
    });
    expect(
      parseMarketAlertSpec({ kind: "step", asset: "SOL", percent: "0.5", direction: "whatever" }),
    ).toEqual({
      ok: true,
      spec: { kind: "step", asset: "SOL", percent: "0.5" },
    });
    expect(parseMarketAlertSpec({ kind: "rsi", asset: "BTC" })).toEqual({
      ok: true,
      spec: { kind: "rsi", asset: "BTC", direction: "either", low: "30", high: "70" },
    });
    expect(
      parseMarketAlertSpec({ kind: "rsi", asset: "BTC", direction: "down", low: "25", high: "35" }),
    ).toEqual({
      ok: true,
      spec: { kind: "rsi", asset: "BTC", direction: "down", low: "25", high: "35" },
    });
  });

  it.each([
    [null, "not-an-object"],
    [{ kind: "price", asset: "BTC" }, "kind"],
    [{ kind: "move", asset: "B-TC", window: "1h", percent: "5" }, "asset"],
    [{ kind: "move", asset: "", window: "1h", percent: "5" }, "asset"],
    [{ kind: "move", asset: "BTC", window: "2h", percent: "5" }, "window"],
    [{ kind: "move", asset: "BTC", window: "1h", direction: "sideways", percent: "5" }, "direction"],
    [{ kind: "move", asset: "BTC", window: "1h", percent: "5%" }, "percent-format"],
    [{ kind: "move", asset: "BTC", window: "1h", percent: "1.234" }, "percent-format"],
    [{ kind: "move", asset: "BTC", window: "1h", percent: "-5" }, "percent-format"],
    [{ kind: "move", asset: "BTC", window: "1h" }, "percent-format"],
    [{ kind: "move", asset: "BTC", window: "1h", percent: "0.09" }, "percent-range"],
    [{ kind: "move", asset: "BTC", window: "1h", percent: "100.01" }, "percent-range"],
    [{ kind: "day_change", asset: "BTC", percent: "0" }, "percent-range"],
    [{ kind: "step", asset: "BTC", percent: "0.4" }, "percent-range"],
    [{ kind: "rsi", asset: "BTC", low: "thirty" }, "rsi-format"],
    [{ kind: "rsi", asset: "BTC", low: "4.99" }, "rsi-range"],
    [{ kind: "rsi", asset: "BTC", high: "96" }, "rsi-range"],
    [{ kind: "rsi", asset: "BTC", low: "65", high: "70" }, "rsi-spread"],
    [{ kind: "rsi", asset: "BTC", low: "70", high: "30" }, "rsi-spread"],
  ])("refuses %j: %s", (raw, error) => {
    expect(parseMarketAlertSpec(raw)).toEqual({ ok: false, error });
  });

  it("accepts the bounds themselves", () => {
    for (const percent of ["0.1", "100"]) {
      expect(parseMarketAlertSpec({ kind: "move", asset: "BTC", window: "15m", percent }).ok).toBe(true);
    }
    expect(parseMarketAlertSpec({ kind: "step", asset: "BTC", percent: "0.5" }).ok).toBe(true);
    expect(parseMarketAlertSpec({ kind: "rsi", asset: "BTC", low: "5", high: "95" }).ok).toBe(true);
    expect(parseMarketAlertSpec({ kind: "rsi", asset: "BTC", low: "40", high: "50" }).ok).toBe(true);
  });
});

describe("market alert states", () => {
  it("start new, a step alarm anchored at the price it was made at", () => {
    const move = parseMarketAlertSpec({ kind: "move", asset: "BTC", window: "1h", percent: "5" });
    const step = parseMarketAlertSpec({ kind: "step", asset: "BTC", percent: "5" });
    if (!move.ok || !step.ok) throw new Error("specs");
    expect(initialMarketAlertState(move.spec, "100000.5", 1000)).toEqual({ phase: "new" });
    expect(initialMarketAlertState(step.spec, "100000.5", 1000)).toEqual({
      phase: "new",
      anchor: "100000.5",
      anchorAt: 1000,
    });
  });

  it("read back from JSON as stored, anything malformed as new", () => {
    const stored = { phase: "fired", side: "down", firedAt: 5, firedPrice: "99.5" };
    expect(parseMarketAlertState(JSON.parse(JSON.stringify(stored)))).toEqual(stored);
    expect(parseMarketAlertState({ phase: "armed", anchor: "12.5", anchorAt: 3 })).toEqual({
      phase: "armed",
      anchor: "12.5",
      anchorAt: 3,
    });
    expect(parseMarketAlertState("garbage")).toEqual({ phase: "new" });
    expect(parseMarketAlertState({ phase: "fired" })).toEqual({ phase: "new" });
    expect(parseMarketAlertState({ phase: "armed", anchor: "-1", side: "left" })).toEqual({ phase: "armed" });
  });
});

/** Where market alerts would fire now, for the chart: each kind's level, paused and fired sides left out. */
import { describe, expect, it } from "vitest";
import type { MarketAlertSpec, MarketAlertState } from "../../../src/services/alerts/market/kinds.ts";
import { type LevelSource, marketAlertLevels } from "../../../src/services/alerts/market/levels.ts";
import type { MarketSnapshot } from "../../../src/services/alerts/market/rules.ts";

const armed: MarketAlertState = { phase: "armed" };
const alert = (spec: MarketAlertSpec, state = armed, paused = false): LevelSource => ({
  spec,
  state,
  paused,
});
const flat = { up: 0, down: 0 };
/** Price 110: 10 % above the hour's low of 100, 12 % below its high of 125; 10 % above its price a day back. */
const snapshot: MarketSnapshot = {
  at: 0,
  price: 110,
  moves: { "15m": flat, "1h": { up: 10, down: 12 }, "4h": flat, "24h": flat },
  dayChange: 10,
  rsi: null,
  rsiActiveFrom: null,
};

describe("market alert levels", () => {
  it("puts a move's level at the window's low raised, or its high lowered, by its percentage", () => {
    const move = (direction: "up" | "down" | "either") =>
      alert({ kind: "move", asset: "BTC", percent: "20", window: "1h", direction });
    expect(marketAlertLevels([move("up")], snapshot)).toEqual(["120"]);
    expect(marketAlertLevels([move("down")], snapshot)).toEqual(["100"]);
    expect(marketAlertLevels([move("either")], snapshot)).toEqual(["100", "120"]);
  });

  it("puts a move that fired within its window around the price it fired at (or the price now, past it)", () => {
    const move = (direction: "up" | "down" | "either", firedPrice: string, firedAt = 0) =>
      alert(
        { kind: "move", asset: "BTC", percent: "20", window: "1h", direction },
        { phase: "fired", side: "down", firedAt, firedPrice },
      );
    // Fired at 100, now 110: a further fall is 20 % under 110 (the high since), a rise 20 % over 100.
    expect(marketAlertLevels([move("either", "100")], snapshot)).toEqual(["88", "120"]);
    expect(marketAlertLevels([move("down", "125")], snapshot)).toEqual(["100"]);
    // Fired more than an hour before the snapshot: the window alone again, less the side that fired.
    expect(marketAlertLevels([move("either", "100", -3_600_001)], snapshot)).toEqual(["120"]);
  });

  it("puts a 24-hour change's levels around the price a day back, and a step alarm's around its anchor", () => {
    const day = alert({ kind: "day_change", asset: "BTC", percent: "5", direction: "either" });
    expect(marketAlertLevels([day], snapshot)).toEqual(["95", "105"]);
    const step = alert({ kind: "step", asset: "BTC", percent: "2" }, { phase: "armed", anchor: "50000" });
    expect(marketAlertLevels([step], null)).toEqual(["49000", "51000"]);
  });

  it("draws nothing for RSI, a paused alert, a fired side or a figure not known yet", () => {
    const move = { kind: "move", asset: "BTC", percent: "20", window: "1h", direction: "either" } as const;
    expect(
      marketAlertLevels(
        [alert({ kind: "rsi", asset: "BTC", low: "30", high: "70", direction: "either" })],
        snapshot,
      ),
    ).toEqual([]);
    expect(marketAlertLevels([alert(move, armed, true)], snapshot)).toEqual([]);
    expect(marketAlertLevels([alert(move, { phase: "fired", side: "up" })], snapshot)).toEqual(["100"]);
    const day = alert({ kind: "day_change", asset: "BTC", percent: "5", direction: "up" });
    expect(marketAlertLevels([day], { ...snapshot, dayChange: null })).toEqual([]);
    expect(marketAlertLevels([alert({ kind: "step", asset: "BTC", percent: "2" })], null)).toEqual([]);
  });
});

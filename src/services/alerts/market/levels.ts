/**
 * The prices at which a user's market alerts would fire now, for drawing on a chart: a move alert's level
 * is its window's low raised by its percentage (up) or its high lowered by it (down), or, within the window
 * after it fired, the lower (higher) of the price it fired at and the price now moved by it; a 24-hour
 * change's the price a day back moved by it, a step alarm's its anchor moved by it either way. An RSI alert
 * has no price level. Paused alerts, and the side of an alert that fired and has not re-armed, are not drawn.
 */
import { Decimal } from "decimal.js";
import { type MarketAlertSpec, type MarketAlertState, WINDOW_MS } from "./kinds.ts";
import type { MarketSnapshot } from "./rules.ts";

/** What a level needs of a stored alert. */
export interface LevelSource {
  spec: MarketAlertSpec;
  state: MarketAlertState;
  paused: boolean;
}

// History prices are float64 measures: levels drawn from them are rounded to this many digits.
const DIGITS = 8;

/** `base` moved by `percent` % up (1) or down (-1), as a decimal string. */
function moved(base: Decimal, percent: string, sign: 1 | -1): string {
  return base
    .times(new Decimal(100).plus(new Decimal(percent).times(sign)))
    .dividedBy(100)
    .toSignificantDigits(DIGITS)
    .toFixed();
}

/** The sides an alert watches now: its direction, less the side that fired and has not re-armed. */
function armedSides(spec: { direction?: string }, state: MarketAlertState): ("up" | "down")[] {
  const direction = spec.direction ?? "either";
  const sides: ("up" | "down")[] = direction === "either" ? ["up", "down"] : [direction as "up" | "down"];
  return state.phase === "fired" ? sides.filter((side) => side !== state.side) : sides;
}

/**
 * The levels (decimal strings, ascending, without repeats) of `alerts` given the asset's `snapshot` (from
 * the shared history and the live price; null: only step alarms, which need none, are drawn).
 */
export function marketAlertLevels(alerts: readonly LevelSource[], snapshot: MarketSnapshot | null): string[] {
  const levels = new Set<string>();
  const price = snapshot === null ? undefined : new Decimal(snapshot.price);
  for (const { spec, state, paused } of alerts) {
    if (paused) continue;
    if (spec.kind === "step") {
      if (state.anchor === undefined) continue;
      const anchor = new Decimal(state.anchor);
      levels.add(moved(anchor, spec.percent, 1));
      levels.add(moved(anchor, spec.percent, -1));
    } else if (spec.kind === "move" && price !== undefined && snapshot !== null) {
      const { firedAt, firedPrice } = state;
      if (
        state.phase === "fired" &&
        firedAt !== undefined &&
        firedPrice !== undefined &&
        firedAt >= snapshot.at - WINDOW_MS[spec.window]
      ) {
        // Watching from the price it fired at (market/rules.ts): the extremes since then are at least these.
        const fired = new Decimal(firedPrice);
        for (const side of spec.direction === "either" ? (["up", "down"] as const) : [spec.direction])
          levels.add(
            side === "up"
              ? moved(Decimal.min(fired, price), spec.percent, 1)
              : moved(Decimal.max(fired, price), spec.percent, -1),
          );
        continue;
      }
      const { up, down } = snapshot.moves[spec.window];
      for (const side of armedSides(spec, state)) {
        // up = % above the window's low, down = % below its high.
        if (side === "up") levels.add(moved(price.dividedBy(1 + up / 100), spec.percent, 1));
        else if (down < 100) levels.add(moved(price.dividedBy(1 - down / 100), spec.percent, -1));
      }
    } else if (spec.kind === "day_change" && price !== undefined && snapshot?.dayChange != null) {
      const dayAgo = price.dividedBy(1 + snapshot.dayChange / 100);
      for (const side of armedSides(spec, state))
        levels.add(moved(dayAgo, spec.percent, side === "up" ? 1 : -1));
    }
  }
  return [...levels].sort((a, b) => new Decimal(a).comparedTo(b));
}

/**
 * Market alerts the bot watches itself from the shared ticker (no private read): what a user asks for
 * (the spec, stored as given, thresholds as decimal strings), the small state each alert keeps between
 * readings (stored beside it, so it survives restarts), and the checks a spec passes before it is saved.
 * docs/alerts.md ("Market alerts watched by the bot") has the exact semantics of each kind.
 */
import { Dec } from "../../../exchange/index.ts";
import { MINUTE_MS } from "../../market/price-history.ts";

export { MINUTE_MS, type PricePoint } from "../../market/price-history.ts";

/** One hour, the RSI's candle. */
export const HOUR_MS = 60 * MINUTE_MS;
/** One day, the 24-hour change's span. */
export const DAY_MS = 24 * HOUR_MS;

/** The windows a `move` alert looks back over. */
export const MARKET_WINDOWS = ["15m", "1h", "4h", "24h"] as const;
export type MarketWindow = (typeof MARKET_WINDOWS)[number];
/** Each window's length. */
export const WINDOW_MS: Readonly<Record<MarketWindow, number>> = {
  "15m": 15 * MINUTE_MS,
  "1h": HOUR_MS,
  "4h": 4 * HOUR_MS,
  "24h": DAY_MS,
};

/** Which way a price must go; `either` watches both. */
export type MarketDirection = "up" | "down" | "either";
const DIRECTIONS: readonly MarketDirection[] = ["up", "down", "either"];

/** A move of at least `percent` % within `window`, measured on continuous data only. */
export interface MoveSpec {
  kind: "move";
  asset: string;
  window: MarketWindow;
  direction: MarketDirection;
  percent: string;
}
/** The 24-hour change (now against the price 24 hours ago) crossing +`percent` % or -`percent` %. */
export interface DayChangeSpec {
  kind: "day_change";
  asset: string;
  direction: MarketDirection;
  percent: string;
}
/** A moving alarm: each time the price has moved `percent` % (either way) from where it last fired. */
export interface StepSpec {
  kind: "step";
  asset: string;
  percent: string;
}
/** RSI(14) on hourly closes crossing below `low` (direction down) or above `high` (up). */
export interface RsiSpec {
  kind: "rsi";
  asset: string;
  direction: MarketDirection;
  low: string;
  high: string;
}
/** What a user asked for. */
export type MarketAlertSpec = MoveSpec | DayChangeSpec | StepSpec | RsiSpec;
export type MarketAlertKind = MarketAlertSpec["kind"];

/**
 * What an alert keeps between readings (JSON, a few dozen bytes):
 * - `phase`: `new` until its first evaluation (which arms it, or, when its condition already holds, holds
 *   it as `fired` without a message: alerts fire on a crossing), `armed`, or `fired` (waiting to re-arm);
 * - `side`: the side that fired last (`either` alerts re-arm on that side);
 * - `anchor`, `anchorAt`: a `step` alarm's reference price (decimal string) and since when;
 * - `firedAt`, `firedPrice`: the last firing's reading time and price (decimal string).
 */
export interface MarketAlertState {
  phase: "new" | "armed" | "fired";
  side?: "up" | "down";
  anchor?: string;
  anchorAt?: number;
  firedAt?: number;
  firedPrice?: string;
}

/** An alert as the engine loads it. */
export interface MarketAlert {
  id: string;
  spec: MarketAlertSpec;
  state: MarketAlertState;
}

/** Accepted ranges, inclusive (documented in docs/alerts.md). */
export const PERCENT_LIMITS: Readonly<Record<"move" | "day_change" | "step", { min: string; max: string }>> =
  {
    move: { min: "0.1", max: "100" },
    day_change: { min: "0.1", max: "100" },
    step: { min: "0.5", max: "100" },
  };
/** RSI thresholds: each within these bounds, and `high - low` at least {@link RSI_MIN_SPREAD}. */
export const RSI_LIMITS = { min: "5", max: "95" } as const;
export const RSI_MIN_SPREAD = 10;
export const RSI_DEFAULT_LOW = "30";
export const RSI_DEFAULT_HIGH = "70";
/** Re-arm margin of percent kinds: a fifth of the threshold (a 5 % move re-arms once below 4 %). */
export const PERCENT_REARM_FRACTION = 0.2;
/** Re-arm margin of RSI alerts, in RSI points (below 30 re-arms above 35; above 70 below 65). */
export const RSI_REARM_POINTS = 5;

/** Why a spec was refused; the chat words each one. */
export type MarketSpecError =
  | "not-an-object"
  | "kind"
  | "asset"
  | "window"
  | "direction"
  | "percent-format"
  | "percent-range"
  | "rsi-format"
  | "rsi-range"
  | "rsi-spread";

export type MarketSpecResult = { ok: true; spec: MarketAlertSpec } | { ok: false; error: MarketSpecError };

/** An asset code as alerts store it (upper case). */
export const ALERT_ASSET = /^[A-Z0-9]{1,12}$/;
// At most three integer digits and two decimals: thresholds are typed by people ("5", "2.5", "0.25").
const THRESHOLD = /^\d{1,3}(\.\d{1,2})?$/;

/**
 * A decimal of the shape `pattern` within `min`..`max`, in canonical form ("05.50" -> "5.5"), or the
 * error (`format` for the shape, `range` for the bounds). Shared by the alert kinds' checks.
 */
export function checkedDecimal<E>(
  raw: unknown,
  pattern: RegExp,
  min: string,
  max: string,
  format: E,
  range: E,
): { ok: true; value: string } | { ok: false; error: E } {
  const text = typeof raw === "number" ? String(raw) : raw;
  if (typeof text !== "string" || !pattern.test(text.trim())) return { ok: false, error: format };
  const d = new Dec(text.trim());
  if (d.lt(min) || d.gt(max)) return { ok: false, error: range };
  return { ok: true, value: d.toFixed() };
}

/** A threshold in range, in its canonical form, or the error. */
const threshold = (raw: unknown, min: string, max: string, format: MarketSpecError, range: MarketSpecError) =>
  checkedDecimal(raw, THRESHOLD, min, max, format, range);

/**
 * Checks a spec (from the chat, or read back from storage) and returns it in canonical form: asset upper
 * case, thresholds as canonical decimal strings, RSI thresholds defaulted to 30 / 70 and direction of
 * `move`, `day_change` and `rsi` defaulted to `either`. Nothing else is kept.
 */
export function parseMarketAlertSpec(raw: unknown): MarketSpecResult {
  if (typeof raw !== "object" || raw === null) return { ok: false, error: "not-an-object" };
  const r = raw as Record<string, unknown>;
  const asset = typeof r.asset === "string" ? r.asset.trim().toUpperCase() : "";
  if (!ALERT_ASSET.test(asset)) return { ok: false, error: "asset" };
  const direction = r.direction ?? "either";
  if (r.kind !== "step" && !DIRECTIONS.includes(direction as MarketDirection)) {
    return { ok: false, error: "direction" };
  }
  const dir = direction as MarketDirection;
  switch (r.kind) {
    case "move": {
      if (!MARKET_WINDOWS.includes(r.window as MarketWindow)) return { ok: false, error: "window" };
      const { min, max } = PERCENT_LIMITS.move;
      const p = threshold(r.percent, min, max, "percent-format", "percent-range");
      if (!p.ok) return p;
      return {
        ok: true,
        spec: { kind: "move", asset, window: r.window as MarketWindow, direction: dir, percent: p.value },
      };
    }
    case "day_change": {
      const { min, max } = PERCENT_LIMITS.day_change;
      const p = threshold(r.percent, min, max, "percent-format", "percent-range");
      if (!p.ok) return p;
      return { ok: true, spec: { kind: "day_change", asset, direction: dir, percent: p.value } };
    }
    case "step": {
      const { min, max } = PERCENT_LIMITS.step;
      const p = threshold(r.percent, min, max, "percent-format", "percent-range");
      if (!p.ok) return p;
      return { ok: true, spec: { kind: "step", asset, percent: p.value } };
    }
    case "rsi": {
      const low = threshold(
        r.low ?? RSI_DEFAULT_LOW,
        RSI_LIMITS.min,
        RSI_LIMITS.max,
        "rsi-format",
        "rsi-range",
      );
      if (!low.ok) return low;
      const high = threshold(
        r.high ?? RSI_DEFAULT_HIGH,
        RSI_LIMITS.min,
        RSI_LIMITS.max,
        "rsi-format",
        "rsi-range",
      );
      if (!high.ok) return high;
      if (new Dec(high.value).minus(low.value).lt(RSI_MIN_SPREAD)) return { ok: false, error: "rsi-spread" };
      return { ok: true, spec: { kind: "rsi", asset, direction: dir, low: low.value, high: high.value } };
    }
    default:
      return { ok: false, error: "kind" };
  }
}

/**
 * The state of an alert made now: `new`; a `step` alarm anchored at the price it was made at (`price`, the
 * ticker's mid as a decimal string, at `at`).
 */
export function initialMarketAlertState(spec: MarketAlertSpec, price: string, at: number): MarketAlertState {
  return spec.kind === "step" ? { phase: "new", anchor: price, anchorAt: at } : { phase: "new" };
}

/** Reads a stored state back; anything malformed reads as a new alert's state (it then re-arms). */
export function parseMarketAlertState(raw: unknown): MarketAlertState {
  if (typeof raw !== "object" || raw === null) return { phase: "new" };
  const r = raw as Record<string, unknown>;
  const phase = r.phase === "armed" || r.phase === "fired" ? r.phase : "new";
  const state: MarketAlertState = { phase };
  if (r.side === "up" || r.side === "down") state.side = r.side;
  if (typeof r.anchor === "string" && Number.isFinite(Number(r.anchor)) && Number(r.anchor) > 0) {
    state.anchor = r.anchor;
    if (typeof r.anchorAt === "number") state.anchorAt = r.anchorAt;
  }
  if (typeof r.firedAt === "number") state.firedAt = r.firedAt;
  if (typeof r.firedPrice === "string") state.firedPrice = r.firedPrice;
  // A fired alert that does not know which side fired cannot re-arm on it: start again.
  if (state.phase === "fired" && state.side === undefined) state.phase = "new";
  return state;
}

/**
 * Portfolio alerts: what a user asks for about their own account, read from the exchange's
 * portfolio statistics on the heartbeat: the account's total value above or below a level, the day's return
 * beyond ±X %, an asset's return against its average buy price beyond ±X %. The spec (thresholds as
 * canonical decimal strings), the small state kept per alert (JSON, survives restarts), the checks a spec
 * passes before it is saved, and how often the statistics may be read within the private-read budget.
 * docs/alerts.md ("Portfolio alerts") has the semantics and the budget's numbers.
 */
import { toDec } from "../../../exchange/decimal.ts";
import { ALERT_ASSET, checkedDecimal } from "../market/kinds.ts";

/** Which way a return must go; `either` watches both. */
export type PortfolioDirection = "up" | "down" | "either";
const DIRECTIONS: readonly PortfolioDirection[] = ["up", "down", "either"];

/** The account's total value (crypto plus AUD cash, as /portfolio shows it) reaching `level` AUD. */
export interface PortfolioValueSpec {
  kind: "portfolio_value";
  level: string;
  direction: "above" | "below";
}
/** The account's day return (the statistics' overall day return %) beyond +`percent` % or -`percent` %. */
export interface PortfolioDaySpec {
  kind: "portfolio_day";
  direction: PortfolioDirection;
  percent: string;
}
/** One held asset's return against its average buy price (`total_buy_return_percentage`) beyond ±`percent` %. */
export interface AssetReturnSpec {
  kind: "asset_return";
  asset: string;
  direction: PortfolioDirection;
  percent: string;
}
/** What a user asked for. */
export type PortfolioAlertSpec = PortfolioValueSpec | PortfolioDaySpec | AssetReturnSpec;
export type PortfolioAlertKind = PortfolioAlertSpec["kind"];

/**
 * What an alert keeps between readings:
 * - `phase`: `new` until its first reading with a known figure (which arms it, or fires it when its
 *   condition already holds), `armed`, or `fired` (waiting to re-arm);
 * - `side`: the side that fired last (`up` is also a value's `above`, `down` its `below`);
 * - `firedAt`, `firedFigure`: the last firing's reading time and measured figure (decimal string).
 */
export interface PortfolioAlertState {
  phase: "new" | "armed" | "fired";
  side?: "up" | "down";
  firedAt?: number;
  firedFigure?: string;
}

/** An alert as the evaluation takes it. */
export interface PortfolioAlert {
  id: string;
  spec: PortfolioAlertSpec;
  state: PortfolioAlertState;
}

/** Accepted ranges, inclusive (documented in docs/alerts.md). */
export const PORTFOLIO_LIMITS = {
  level: { min: "0.01", max: "1000000000000" },
  portfolio_day: { min: "0.1", max: "100" },
  asset_return: { min: "0.1", max: "1000" },
} as const;
/** Re-arm margin of returns: a fifth of the threshold (a 5 % return re-arms once back within 4 %). */
export const RETURN_REARM_FRACTION = "0.2";
/** Re-arm margin of a value level: 1 % of the level (above 100,000 re-arms below 99,000). */
export const VALUE_REARM_FRACTION = "0.01";

/** Why a spec was refused; the chat words each one. */
export type PortfolioSpecError =
  | "not-an-object"
  | "kind"
  | "asset"
  | "direction"
  | "level-format"
  | "level-range"
  | "percent-format"
  | "percent-range";

export type PortfolioSpecResult =
  | { ok: true; spec: PortfolioAlertSpec }
  | { ok: false; error: PortfolioSpecError };

// AUD: up to 13 integer digits and cents; percentages: up to 4 integer digits and two decimals.
const LEVEL = /^\d{1,13}(\.\d{1,2})?$/;
const PERCENT = /^\d{1,4}(\.\d{1,2})?$/;

/**
 * Checks a spec (from the chat, or read back from storage) and returns it in canonical form: asset upper
 * case (AUD refused: it has no return), level and percent as canonical decimal strings, the direction of
 * returns defaulted to `either`. A value alert needs its direction (`above` or `below`). Nothing else is
 * kept.
 */
export function parsePortfolioAlertSpec(raw: unknown): PortfolioSpecResult {
  if (typeof raw !== "object" || raw === null) return { ok: false, error: "not-an-object" };
  const r = raw as Record<string, unknown>;
  switch (r.kind) {
    case "portfolio_value": {
      if (r.direction !== "above" && r.direction !== "below") return { ok: false, error: "direction" };
      const { min, max } = PORTFOLIO_LIMITS.level;
      const level = checkedDecimal<PortfolioSpecError>(
        r.level,
        LEVEL,
        min,
        max,
        "level-format",
        "level-range",
      );
      if (!level.ok) return level;
      return { ok: true, spec: { kind: "portfolio_value", level: level.value, direction: r.direction } };
    }
    case "portfolio_day":
    case "asset_return": {
      const asset = typeof r.asset === "string" ? r.asset.trim().toUpperCase() : "";
      if (r.kind === "asset_return" && (!ALERT_ASSET.test(asset) || asset === "AUD")) {
        return { ok: false, error: "asset" };
      }
      const direction = r.direction ?? "either";
      if (!DIRECTIONS.includes(direction as PortfolioDirection)) return { ok: false, error: "direction" };
      const dir = direction as PortfolioDirection;
      const { min, max } = PORTFOLIO_LIMITS[r.kind];
      const p = checkedDecimal<PortfolioSpecError>(
        r.percent,
        PERCENT,
        min,
        max,
        "percent-format",
        "percent-range",
      );
      if (!p.ok) return p;
      // Nothing loses more than all of it: a fall past 100 % can never be reached.
      if (dir === "down" && toDec(p.value).greaterThan(100)) return { ok: false, error: "percent-range" };
      return r.kind === "portfolio_day"
        ? { ok: true, spec: { kind: "portfolio_day", direction: dir, percent: p.value } }
        : { ok: true, spec: { kind: "asset_return", asset, direction: dir, percent: p.value } };
    }
    default:
      return { ok: false, error: "kind" };
  }
}

/** Reads a stored state back; anything malformed reads as a new alert's state (it then re-arms quietly). */
export function parsePortfolioAlertState(raw: unknown): PortfolioAlertState {
  if (typeof raw !== "object" || raw === null) return { phase: "new" };
  const r = raw as Record<string, unknown>;
  const phase = r.phase === "armed" || r.phase === "fired" ? r.phase : "new";
  const state: PortfolioAlertState = { phase };
  if (r.side === "up" || r.side === "down") state.side = r.side;
  if (typeof r.firedAt === "number") state.firedAt = r.firedAt;
  if (typeof r.firedFigure === "string") state.firedFigure = r.firedFigure;
  // A fired alert that does not know which side fired cannot re-arm on it: start again.
  if (state.phase === "fired" && state.side === undefined) state.phase = "new";
  return state;
}

/** The private-read budget of a watched user, in tenths of a read per minute (1.2 reads a minute). */
export const PRIVATE_READS_PER_MINUTE_TENTHS = 12;

/**
 * Every how many heartbeats a user with portfolio alerts has the statistics read (k >= 1), so that the
 * heartbeat's trigger read (one per beat of `pollSeconds`) plus `readsPerReading` private reads every k-th
 * beat stay within 1.2 reads a minute: 60/P x (1 + r/k) <= 1.2, i.e. k >= 50 r / (P - 50). Null when the
 * heartbeat alone uses the budget (P <= 50 s): portfolio alerts cannot be watched then. `readsPerReading`
 * is 1 (the statistics) or 2 when an alert also needs the AUD balance ({@link readsCash}).
 */
export function portfolioReadEvery(pollSeconds: number, readsPerReading: number): number | null {
  // Integer form of the inequality: 600 (k + r) <= 12 P k, i.e. 50 (k + r) <= P k.
  const perBeat = 600 / PRIVATE_READS_PER_MINUTE_TENTHS;
  if (pollSeconds <= perBeat) return null;
  return Math.max(1, Math.ceil((perBeat * readsPerReading) / (pollSeconds - perBeat)));
}

/**
 * Whether an alert's figure needs the AUD balance read besides the statistics: the total value, and the
 * day's change of the whole account (the cash is part of the account it is a percent of).
 */
export function readsCash(spec: PortfolioAlertSpec): boolean {
  return spec.kind === "portfolio_value" || spec.kind === "portfolio_day";
}

/** Whether portfolio alerts can be watched with a heartbeat of `pollSeconds` within the private-read budget. */
export function portfolioAlertsWatched(pollSeconds: number): boolean {
  return portfolioReadEvery(pollSeconds, 1) !== null;
}

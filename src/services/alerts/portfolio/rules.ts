/**
 * The evaluation of portfolio alerts on one reading of the account's statistics. Every figure is a decimal
 * string and every comparison is made with decimal.js (a value level is money). Pure: no Redis, no clock;
 * the caller stores the states this returns as changed and sends the events.
 */
import { Dec, type PortfolioStatistics, sumDec, toDec } from "../../../exchange/index.ts";
import { accountDayPercent } from "../../balance/portfolio-summary.ts";
import {
  type PortfolioAlert,
  type PortfolioAlertKind,
  type PortfolioAlertSpec,
  type PortfolioAlertState,
  RETURN_REARM_FRACTION,
  VALUE_REARM_FRACTION,
} from "./kinds.ts";

/**
 * One reading's figures, decimal strings; null (or an asset absent from `assets`) is unknown.
 * - `total`: the account's total value in AUD, crypto plus AUD cash (null when the cash was not read);
 * - `dayPercent`: the whole account's change today in %, AUD cash included (null when the cash was not read);
 * - `assets`: per held asset (upper case), its return against its average buy price in %.
 */
export interface PortfolioFigures {
  total: string | null;
  dayPercent: string | null;
  assets: Readonly<Record<string, string | null>>;
}

/**
 * The figures of one read of the statistics (`overall=true`, every page's results) and, when it was read,
 * the AUD balance, with /portfolio's definitions (`services/balance/portfolio-summary.ts`): the crypto
 * value is the overall wallet value (else the held assets' values summed), the total adds the AUD cash;
 * the day's change is the overall day return over the account's value at the day's start, AUD cash
 * included (as /balance's "Today"); an asset's return is its `total_buy_return_percentage`, for assets
 * with a non-zero balance only.
 */
export function portfolioFigures(
  results: readonly PortfolioStatistics[],
  aud: string | null,
): PortfolioFigures {
  const overall = results.find((r) => r.overall !== null)?.overall ?? null;
  const assets: Record<string, string | null> = {};
  const values: string[] = [];
  for (const item of results.flatMap((r) => r.assets)) {
    const asset = item.asset.toUpperCase();
    if (asset === "AUD" || toDec(item.current_balance).isZero()) continue;
    assets[asset] = item.total_buy_return_percentage;
    values.push(item.approximate_value);
  }
  const crypto = overall ? toDec(overall.overall_aud_wallet_value) : sumDec(values);
  const total = aud === null ? null : crypto.plus(aud).toFixed();
  const dayReturn = overall?.overall_day_return ?? null;
  return {
    total,
    dayPercent: total === null || dayReturn === null ? null : accountDayPercent(dayReturn, total),
    assets,
  };
}

/** An alert that fired, with what its message needs. */
export interface PortfolioAlertEvent {
  id: string;
  kind: PortfolioAlertKind;
  /** `up` is a value's `above`, `down` its `below`. */
  direction: "up" | "down";
  /** When the statistics were read (epoch ms). */
  at: number;
  /** The measured figure: the total value in AUD, or the signed return in %. */
  figure: string;
  /** The threshold it crossed, as the spec has it (a level in AUD, or a percent). */
  threshold: string;
  /** `asset_return` only. */
  asset?: string;
}

/** What one reading did: the events to send, and the alerts whose state changed (to store). */
export interface PortfolioEvaluation {
  events: PortfolioAlertEvent[];
  changed: { id: string; state: PortfolioAlertState }[];
}

/** The figure an alert watches in this reading, or null when unknown. */
function figureOf(spec: PortfolioAlertSpec, figures: PortfolioFigures): string | null {
  switch (spec.kind) {
    case "portfolio_value":
      return figures.total;
    case "portfolio_day":
      return figures.dayPercent;
    case "asset_return":
      return figures.assets[spec.asset] ?? null;
  }
}

/** Whether `figure` is past the spec's threshold on `side`. */
function past(spec: PortfolioAlertSpec, figure: Dec, side: "up" | "down"): boolean {
  if (spec.kind === "portfolio_value") {
    return side === "up" ? figure.gte(spec.level) : figure.lte(spec.level);
  }
  return side === "up" ? figure.gte(spec.percent) : figure.lte(new Dec(spec.percent).neg());
}

/** Whether a fired alert is back by its margin on the side it fired. */
function backPastMargin(spec: PortfolioAlertSpec, figure: Dec, side: "up" | "down"): boolean {
  if (spec.kind === "portfolio_value") {
    const margin = new Dec(spec.level).times(VALUE_REARM_FRACTION);
    return side === "up"
      ? figure.lt(new Dec(spec.level).minus(margin))
      : figure.gt(new Dec(spec.level).plus(margin));
  }
  const rearm = new Dec(spec.percent).times(new Dec(1).minus(RETURN_REARM_FRACTION));
  return side === "up" ? figure.lt(rearm) : figure.gt(rearm.neg());
}

/** The sides an alert watches. */
function sides(spec: PortfolioAlertSpec): ("up" | "down")[] {
  const d = spec.direction;
  return d === "above" || d === "up" ? ["up"] : d === "below" || d === "down" ? ["down"] : ["up", "down"];
}

/**
 * Whether `figure` (a decimal string) is already past the spec's threshold on a side it watches: the chat
 * says so before saving, and the new alert fires at its first reading that finds it past.
 */
export function pastThreshold(spec: PortfolioAlertSpec, figure: string): boolean {
  const value = new Dec(figure);
  return sides(spec).some((side) => past(spec, value, side));
}

/**
 * Evaluates every alert of a user on one reading taken at `at`. An alert fires when its figure is past
 * the threshold (value: >= level above, <= level below; returns: >= +percent up, <= -percent down) while
 * armed; it then waits on the side that fired until the figure is back by the margin (1 % of the level; a
 * fifth of the percent), re-arms, and may fire again in the same reading on the other side. A new alert is
 * armed from the start: its first known figure fires it when the condition already holds (the market may
 * have passed the level between the summary and that reading; silence would hide it for good). An
 * unknown figure changes nothing: it never fires and never re-arms.
 */
export function evaluatePortfolioAlerts(
  alerts: readonly PortfolioAlert[],
  figures: PortfolioFigures,
  at: number,
): PortfolioEvaluation {
  const result: PortfolioEvaluation = { events: [], changed: [] };
  for (const { id, spec, state } of alerts) {
    const text = figureOf(spec, figures);
    if (text === null) continue;
    const figure = new Dec(text);
    let next: PortfolioAlertState = { ...state };
    if (next.phase === "fired" && next.side !== undefined) {
      if (!backPastMargin(spec, figure, next.side)) continue;
      next.phase = "armed";
    }
    const side = sides(spec).find((s) => past(spec, figure, s));
    if (side === undefined) {
      if (next.phase !== "armed") next = { ...next, phase: "armed" };
    } else if (next.phase === "armed" || next.phase === "new") {
      next = { phase: "fired", side, firedAt: at, firedFigure: text };
      const event: PortfolioAlertEvent = {
        id,
        kind: spec.kind,
        direction: side,
        at,
        figure: text,
        threshold: spec.kind === "portfolio_value" ? spec.level : spec.percent,
      };
      if (spec.kind === "asset_return") event.asset = spec.asset;
      result.events.push(event);
    } else {
      // A fired state stored without its side: it waits on the side past now, as a fired one does.
      next = { ...next, phase: "fired", side };
    }
    if (JSON.stringify(next) !== JSON.stringify(state)) result.changed.push({ id, state: next });
  }
  return result;
}

/**
 * Checks on a trade request before any exchange call: a positive amount, known and different assets of
 * the right kind, and (when spending a fixed amount) a balance that covers it.
 */
import { formatDec, isPositiveDecimal, toDec } from "../../exchange/index.ts";
import { FIAT, type TradeKind, type TradeRequest, tradeKind } from "./quotes.ts";

/** Why a request cannot go ahead; the bot words each one. */
export type TradeProblem =
  | { code: "unknown_asset"; asset: string }
  | { code: "same_asset"; asset: string }
  | { code: "need_crypto" }
  | { code: "over_balance"; asset: string; amount: string; balance: string };

// Digits with an optional decimal part; thousands separators and a currency sign are tolerated.
const AMOUNT_INPUT = /^\$?\s*(\d{1,3}(,\d{3})+|\d+)(\.\d+)?$/;

/** Parses a typed amount ("1,000.50", "$25", "0.5") to a positive decimal string, or undefined. */
export function parseAmount(input: string): string | undefined {
  const trimmed = input.trim();
  if (trimmed.length > 40 || !AMOUNT_INPUT.test(trimmed)) return undefined;
  const plain = trimmed.replace(/[$,\s]/g, "");
  return isPositiveDecimal(plain) ? formatDec(plain) : undefined;
}

/** Decimal places an amount of `asset` is rounded down to when taken as a share of a balance. */
export function amountDecimals(asset: string): number {
  return asset === FIAT ? 2 : 8;
}

/** `percent` % of a balance, rounded down to the asset's precision. */
export function shareOf(balance: string, percent: number, asset: string): string {
  return formatDec(toDec(balance).times(percent).dividedBy(100), amountDecimals(asset));
}

/**
 * The first problem with `request`, or undefined. `known` lists tradable crypto codes (AUD is always
 * known); `balances` maps assets to totals. A receive amount is checked after the estimate instead.
 */
export function checkTrade(
  request: TradeRequest,
  expected: TradeKind,
  known: ReadonlySet<string>,
  balances: Readonly<Record<string, string>>,
): TradeProblem | undefined {
  for (const asset of [request.src, request.dst]) {
    if (asset !== FIAT && !known.has(asset)) return { code: "unknown_asset", asset };
  }
  if (request.src === request.dst) {
    return request.src === FIAT ? { code: "need_crypto" } : { code: "same_asset", asset: request.src };
  }
  if (tradeKind(request.src, request.dst) !== expected) return { code: "need_crypto" };
  const balance = balances[request.src] ?? "0";
  if (request.side === "spend" && toDec(request.amount).greaterThan(toDec(balance))) {
    return { code: "over_balance", asset: request.src, amount: request.amount, balance };
  }
  return undefined;
}

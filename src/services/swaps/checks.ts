/**
 * Checks on a trade request before any exchange call: a positive amount with no more decimals than the
 * asset takes, known and different assets of the right kind, an order worth at least the minimum, and
 * (when spending a fixed amount) a balance that covers it.
 */
import { formatDec, isPositiveDecimal, type Ticker, toDec } from "../../exchange/index.ts";
import { readTypedNumber } from "../understanding/typed-number.ts";
import { FIAT, type TradeKind, type TradeRequest, tradeKind } from "./quotes.ts";

/** Why a request cannot go ahead; the bot words each one. */
export type TradeProblem =
  | { code: "unknown_asset"; asset: string }
  | { code: "same_asset"; asset: string }
  | { code: "need_crypto" }
  | { code: "too_precise"; asset: string; decimals: number }
  | { code: "below_minimum"; minimum: string }
  | { code: "over_balance"; asset: string; amount: string; balance: string };

/**
 * The smallest order, as its AUD value at the ticker's indicative price. The API publishes no minimum
 * (the spec says "not shown") and the sandbox only refuses orders that round to nothing; below a dollar
 * a swap is mostly fee and rounding dust, so the bot refuses it before asking for an estimate.
 */
export const MIN_ORDER_AUD = "1";

/**
 * Parses a typed amount ("1,000.50", "$25", "0.5", "1.5k", "1万") to a positive decimal string, or undefined
 * (see understanding/typed-number.ts for what is read).
 */
export function parseAmount(input: string): string | undefined {
  const typed = readTypedNumber(input);
  return typed !== undefined && !typed.negative && isPositiveDecimal(typed.value)
    ? formatDec(typed.value)
    : undefined;
}

/**
 * Decimal places the exchange takes in an amount of `asset`: cents for AUD, 8 places for every crypto.
 * Neither the spec nor the public asset list (code and name only) gives a precision, so this is the
 * sandbox's rule (docs/wire-contract.md); it lives here alone so it is easy to change.
 */
export function amountDecimals(asset: string): number {
  return asset === FIAT ? 2 : 8;
}

/** `percent` % of a balance, rounded down to the asset's precision. */
export function shareOf(balance: string, percent: number, asset: string): string {
  return formatDec(toDec(balance).times(percent).dividedBy(100), amountDecimals(asset));
}

/** The asset the request's amount is counted in: the source when spending, the destination when receiving. */
export function amountAsset(request: TradeRequest): string {
  return request.side === "spend" ? request.src : request.dst;
}

/**
 * The request's AUD value at the ticker's indicative prices: a crypto amount spent at its bid, one
 * received at its ask. Undefined when the ticker has no price for the asset.
 */
export function audValueOf(request: TradeRequest, ticker: Ticker): string | undefined {
  const asset = amountAsset(request);
  if (asset === FIAT) return request.amount;
  const entry = ticker[asset];
  if (entry === undefined) return undefined;
  const price = request.side === "spend" ? entry.sell : entry.buy;
  return toDec(request.amount).times(toDec(price)).toFixed();
}

/**
 * The first problem with `request`, or undefined. The ticker lists the tradable crypto codes (AUD is
 * always known) and prices the minimum; `balances` maps assets to totals. Whether a receive amount is
 * covered is known only from the estimate, so it is checked after it.
 */
export function checkTrade(
  request: TradeRequest,
  expected: TradeKind,
  ticker: Ticker,
  balances: Readonly<Record<string, string>>,
): TradeProblem | undefined {
  return checkRequest(request, expected, ticker) ?? checkBalance(request, balances);
}

/** {@link checkTrade} without the balance: what the ticker alone can tell (see {@link checkBalance}). */
export function checkRequest(
  request: TradeRequest,
  expected: TradeKind,
  ticker: Ticker,
): TradeProblem | undefined {
  for (const asset of [request.src, request.dst]) {
    if (asset !== FIAT && ticker[asset] === undefined) return { code: "unknown_asset", asset };
  }
  if (request.src === request.dst) {
    return request.src === FIAT ? { code: "need_crypto" } : { code: "same_asset", asset: request.src };
  }
  if (tradeKind(request.src, request.dst) !== expected) return { code: "need_crypto" };
  return checkAmount(request, ticker);
}

/** The problems of the amount alone (the assets already checked): precision, minimum. */
function checkAmount(request: TradeRequest, ticker: Ticker): TradeProblem | undefined {
  const asset = amountAsset(request);
  const decimals = amountDecimals(asset);
  if (toDec(request.amount).decimalPlaces() > decimals) return { code: "too_precise", asset, decimals };
  const value = audValueOf(request, ticker);
  if (value !== undefined && toDec(value).lessThan(toDec(MIN_ORDER_AUD))) {
    return { code: "below_minimum", minimum: MIN_ORDER_AUD };
  }
  return undefined;
}

/** Whether the balance covers a fixed amount to spend (a receive amount is checked on the estimate). */
export function checkBalance(
  request: TradeRequest,
  balances: Readonly<Record<string, string>>,
): TradeProblem | undefined {
  const balance = balances[request.src] ?? "0";
  if (request.side === "spend" && toDec(request.amount).greaterThan(toDec(balance))) {
    return { code: "over_balance", asset: request.src, amount: request.amount, balance };
  }
  return undefined;
}

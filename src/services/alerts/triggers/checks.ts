/**
 * Checks on a price trigger before any exchange call: a known asset, a level that is a positive number
 * with few enough decimals, and for a trade a key that may trade, a quantity in the side asset's
 * precision, worth at least the minimum order and covered by the balance. Also what a draft would do
 * at once (a level already crossed) and how far the market is from a level.
 */
import {
  Dec,
  DIRECTION,
  formatDec,
  MATCH,
  type PriceTriggerCreateRequest,
  type Ticker,
  type TickerEntry,
  toDec,
} from "../../../exchange/index.ts";
import type { KeyPermission } from "../../connect/accounts.ts";
import { amountDecimals, MIN_ORDER_AUD } from "../../swaps/checks.ts";
import { FIAT } from "../../swaps/quotes.ts";
import { readTypedNumber } from "../../understanding/typed-number.ts";

/** Which way the price must cross: `auto` lets the exchange decide from the current price. */
export type AlertMatch = "above" | "below" | "auto";

/** What a trigger does when it fires. */
export type AlertAction = "alert" | "buy" | "sell";

/** A trade's quantity is counted on the spend side or on the receive side, never both. */
export type AlertSide = "spend" | "receive";

/** A trigger as the user described it, before it is created. Quantities and the level are decimal strings. */
export interface AlertDraft {
  asset: string;
  level: string;
  match: AlertMatch;
  action: AlertAction;
  /** For a trade: the quantity, counted in {@link sideAsset}. */
  quantity?: string;
  side?: AlertSide;
  notifyEmail: boolean;
  notifySms: boolean;
}

/** Why a draft cannot go ahead; the bot words each one. */
export type AlertProblem =
  | { code: "unknown_asset"; asset: string }
  | { code: "level_not_number"; input: string }
  | { code: "level_not_positive"; input: string }
  | { code: "level_too_precise"; decimals: number }
  | { code: "quantity_not_number"; input: string }
  | { code: "quantity_not_positive"; input: string }
  | { code: "quantity_too_precise"; asset: string; decimals: number }
  | { code: "below_minimum"; minimum: string }
  | { code: "over_balance"; asset: string; amount: string; balance: string }
  | { code: "read_only" };

/**
 * Decimal places a level may have. Neither the spec nor the sandbox bounds it; 8 covers the smallest
 * prices listed (a few hundred-millionths of a dollar) and keeps typos like "1.000000000001" out.
 */
export const LEVEL_DECIMALS = 8;

/** A typed number: its plain decimal string, or why it is not a positive number. */
export type ParsedNumber = { value: string } | { error: "not_number" | "not_positive" };

/**
 * Parses "100,000", "$2500", "0.5", "160k" to a positive decimal string; "0" and "-5" are numbers but not
 * positive (see understanding/typed-number.ts for what is read).
 */
export function parsePositive(input: string): ParsedNumber {
  const typed = readTypedNumber(input);
  if (typed === undefined) return { error: "not_number" };
  if (typed.negative || toDec(typed.value).lessThanOrEqualTo(0)) return { error: "not_positive" };
  return { value: formatDec(typed.value) };
}

/** Checks a typed level. */
export function checkLevel(input: string): { level: string } | { problem: AlertProblem } {
  const parsed = parsePositive(input);
  if ("error" in parsed) {
    const code = parsed.error === "not_number" ? "level_not_number" : "level_not_positive";
    return { problem: { code, input } };
  }
  if (toDec(parsed.value).decimalPlaces() > LEVEL_DECIMALS)
    return { problem: { code: "level_too_precise", decimals: LEVEL_DECIMALS } };
  return { level: parsed.value };
}

/** The asset a trade's quantity is counted in: AUD spent on a buy or got for a sell, else the crypto. */
export function sideAsset(asset: string, action: AlertAction, side: AlertSide): string {
  const aud = (action === "buy" && side === "spend") || (action === "sell" && side === "receive");
  return aud ? FIAT : asset;
}

/** Checks a typed quantity of a trade (its format and precision only; the balance comes later). */
export function checkQuantityInput(
  input: string,
  asset: string,
  action: AlertAction,
  side: AlertSide,
): { quantity: string } | { problem: AlertProblem } {
  const parsed = parsePositive(input);
  if ("error" in parsed) {
    const code = parsed.error === "not_number" ? "quantity_not_number" : "quantity_not_positive";
    return { problem: { code, input } };
  }
  const counted = sideAsset(asset, action, side);
  const decimals = amountDecimals(counted);
  if (toDec(parsed.value).decimalPlaces() > decimals)
    return { problem: { code: "quantity_too_precise", asset: counted, decimals } };
  return { quantity: parsed.value };
}

/** The market price a level is compared with: the ticker's last, else the middle of buy and sell. */
export function marketPrice(entry: TickerEntry): Dec {
  if (entry.last !== null && entry.last !== undefined) return toDec(entry.last);
  return toDec(entry.buy).plus(toDec(entry.sell)).dividedBy(2);
}

/** How far the level is from the market, in percent of the market price (positive when above it). */
export function distancePercent(level: string, entry: TickerEntry): string {
  const market = marketPrice(entry);
  if (market.isZero()) return "0";
  return toDec(level).minus(market).dividedBy(market).times(100).toFixed();
}

/** Where the market stands against a level. */
export interface LevelDistance {
  /** The level's distance from the market price, in percent of it (positive when above it). */
  percent: string;
  /** Whether the market is already at or past the level on the trigger's side (never for `auto`). */
  passed: boolean;
}

/** How far the market ({@link marketPrice}) is from a level, and whether it has passed it. */
export function levelDistance(level: string, match: AlertMatch, entry: TickerEntry): LevelDistance {
  const market = marketPrice(entry);
  const at = toDec(level);
  const passed =
    match === "above"
      ? market.greaterThanOrEqualTo(at)
      : match === "below"
        ? market.lessThanOrEqualTo(at)
        : false;
  return { percent: distancePercent(level, entry), passed };
}

/** The side `auto` resolves to: above when the level is higher than the market, else below. */
export function resolvedMatch(
  draft: Pick<AlertDraft, "level" | "match">,
  entry: TickerEntry,
): "above" | "below" {
  if (draft.match !== "auto") return draft.match;
  return toDec(draft.level).greaterThan(marketPrice(entry)) ? "above" : "below";
}

/** Whether the trigger would fire as soon as it is created: the level is already crossed. */
export function firesAtOnce(draft: Pick<AlertDraft, "level" | "match">, entry: TickerEntry): boolean {
  const market = marketPrice(entry);
  const level = toDec(draft.level);
  if (draft.match === "above") return market.greaterThanOrEqualTo(level);
  if (draft.match === "below") return market.lessThanOrEqualTo(level);
  return false;
}

/**
 * The trade's AUD value when it fires, priced at the level (the price it fires at): an AUD quantity is
 * its own value.
 */
export function tradeValueAtLevel(draft: AlertDraft): string | undefined {
  if (draft.action === "alert" || draft.quantity === undefined || draft.side === undefined) return undefined;
  const counted = sideAsset(draft.asset, draft.action, draft.side);
  return counted === FIAT ? draft.quantity : toDec(draft.quantity).times(toDec(draft.level)).toFixed();
}

/**
 * What the trade takes from the balance when it fires, in the asset it spends: the quantity itself on
 * the spend side, else an estimate at the level.
 */
export function spendAtLevel(draft: AlertDraft): { asset: string; amount: string } | undefined {
  if (draft.action === "alert" || draft.quantity === undefined || draft.side === undefined) return undefined;
  const asset = draft.action === "buy" ? FIAT : draft.asset;
  if (draft.side === "spend") return { asset, amount: draft.quantity };
  const level = toDec(draft.level);
  const amount =
    draft.action === "buy" ? toDec(draft.quantity).times(level) : toDec(draft.quantity).dividedBy(level);
  return { asset, amount: formatDec(amount, amountDecimals(asset), { rounding: Dec.ROUND_UP }) };
}

/**
 * The first problem of a trade's quantity: the key, precision, the minimum order and the balance (a
 * receive-side quantity is priced at the level). Undefined for an alert-only draft or a good trade.
 */
export function checkTrade(
  draft: AlertDraft,
  permission: KeyPermission,
  balances: Readonly<Record<string, string>>,
): AlertProblem | undefined {
  if (draft.action === "alert") return undefined;
  if (permission === "read_only") return { code: "read_only" };
  if (draft.quantity === undefined || draft.side === undefined)
    return { code: "quantity_not_number", input: "" };
  const counted = sideAsset(draft.asset, draft.action, draft.side);
  const decimals = amountDecimals(counted);
  if (toDec(draft.quantity).decimalPlaces() > decimals)
    return { code: "quantity_too_precise", asset: counted, decimals };
  const value = tradeValueAtLevel(draft);
  if (value !== undefined && toDec(value).lessThan(toDec(MIN_ORDER_AUD)))
    return { code: "below_minimum", minimum: MIN_ORDER_AUD };
  const spend = spendAtLevel(draft);
  if (spend !== undefined) {
    const balance = balances[spend.asset] ?? "0";
    if (toDec(spend.amount).greaterThan(toDec(balance)))
      return { code: "over_balance", asset: spend.asset, amount: spend.amount, balance };
  }
  return undefined;
}

/** The first problem of a whole draft against the ticker (known assets), the key and the balances. */
export function checkDraft(
  draft: AlertDraft,
  ticker: Ticker,
  permission: KeyPermission,
  balances: Readonly<Record<string, string>>,
): AlertProblem | undefined {
  if (ticker[draft.asset] === undefined) return { code: "unknown_asset", asset: draft.asset };
  const level = checkLevel(draft.level);
  if ("problem" in level) return level.problem;
  return checkTrade(draft, permission, balances);
}

/** The create request of a checked draft. */
export function createRequest(draft: AlertDraft): PriceTriggerCreateRequest {
  const match = draft.match === "above" ? MATCH.ABOVE : draft.match === "below" ? MATCH.BELOW : null;
  const base = {
    asset: draft.asset,
    price: draft.level,
    match,
    notify_email: draft.notifyEmail,
    notify_sms: draft.notifySms,
  };
  if (draft.action === "alert") return { ...base, order_direction: null };
  const quantity = draft.quantity ?? null;
  return {
    ...base,
    order_direction: draft.action === "buy" ? DIRECTION.BUY : DIRECTION.SELL,
    ...(draft.side === "receive" ? { order_get_quantity: quantity } : { order_quantity: quantity }),
  };
}

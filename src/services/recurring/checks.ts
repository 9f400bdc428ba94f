/**
 * Checks on a recurring trade before any exchange call: a quantity that is a positive decimal with no
 * more places than its asset takes and worth at least the smallest order, a known cadence, and a start
 * that has not passed. The same rules as swaps (one minimum, one precision table), since every run of a
 * schedule is a market trade.
 */
import { DIRECTION, type Direction, RECURRING_PERIODS, type Ticker, toDec } from "../../exchange/index.ts";
import { amountDecimals, MIN_ORDER_AUD, parseAmount } from "../swaps/checks.ts";
import { FIAT } from "../swaps/quotes.ts";

/** A cadence the bot offers (the service accepts any string and may show others). */
export type Period = (typeof RECURRING_PERIODS)[number];

/** Why a recurring trade cannot go ahead; the bot words each one. */
export type RecurringProblem =
  | { code: "not_amount"; input: string }
  | { code: "too_precise"; asset: string; decimals: number }
  | { code: "below_minimum"; minimum: string }
  | { code: "start_past" }
  | { code: "not_covered"; asset: string; amount: string; balance: string };

/** The asset a schedule's quantity is counted in: AUD for a buy, the asset itself for a sell. */
export function quantityAsset(asset: string, direction: Direction): string {
  return direction === DIRECTION.BUY ? FIAT : asset;
}

/** Whether `period` is one of the cadences offered when creating. */
export function isPeriod(period: string): period is Period {
  return (RECURRING_PERIODS as readonly string[]).includes(period);
}

/**
 * Checks a typed quantity for a schedule of `asset` in `direction`: a positive decimal, at most the
 * quantity asset's decimals, worth at least {@link MIN_ORDER_AUD} (a sell valued at the ticker's bid,
 * indicative). Returns the quantity as a plain decimal string, or the problem.
 */
export function checkQuantity(
  input: string,
  asset: string,
  direction: Direction,
  ticker: Ticker,
): { quantity: string } | RecurringProblem {
  const quantity = parseAmount(input);
  if (quantity === undefined) return { code: "not_amount", input };
  const counted = quantityAsset(asset, direction);
  const decimals = amountDecimals(counted);
  if (toDec(quantity).decimalPlaces() > decimals) return { code: "too_precise", asset: counted, decimals };
  const bid = ticker[asset]?.sell;
  const value =
    counted === FIAT ? toDec(quantity) : bid === undefined ? undefined : toDec(quantity).times(toDec(bid));
  if (value?.lessThan(toDec(MIN_ORDER_AUD))) return { code: "below_minimum", minimum: MIN_ORDER_AUD };
  return { quantity };
}

/**
 * Whether the balance covers one run: a buy spends `quantity` AUD, a sell sells `quantity` of the asset.
 * A run the balance cannot cover does not trade (the exchange skips it), so the bot refuses such a
 * quantity as /alert refuses a trade over the balance, and warns of it where the quantity is not asked.
 */
export function checkCovered(
  quantity: string,
  asset: string,
  direction: Direction,
  balances: Readonly<Record<string, string>>,
): Extract<RecurringProblem, { code: "not_covered" }> | undefined {
  const spent = quantityAsset(asset, direction);
  const balance = balances[spent] ?? "0";
  if (toDec(quantity).lessThanOrEqualTo(toDec(balance))) return undefined;
  return { code: "not_covered", asset: spent, amount: quantity, balance };
}

/** A start must not have passed: the exchange would run a past start at once, which is not what was asked. */
export function checkStart(start: Date, now: number): RecurringProblem | undefined {
  return start.getTime() < now ? { code: "start_past" } : undefined;
}

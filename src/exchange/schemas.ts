/**
 * Response schemas of the exchange API. Each is tolerant of fields it does not know (they are dropped,
 * never an error) and converts at the edge: amounts stay decimal strings, date-times become `Date`
 * instants, "" in optional text or amount fields becomes null. Each schema's output type has the same name.
 */
import * as z from "zod";
import { DECIMAL_PATTERN } from "./decimal.ts";
import { ExchangeResponseError } from "./errors.ts";
import { parseExchangeTime } from "./time.ts";

// ---- building blocks ----------------------------------------------------------------------------

const DECIMAL_MESSAGE = "expected a decimal string";
const DATE_TIME_MESSAGE = "expected a date-time";

const text = z.string({ error: "expected a string" });
const integer = z.number({ error: "expected an integer" }).int({ error: "expected an integer" });
const bool = z.boolean({ error: "expected true or false" });

/** Real services send "" as often as null for "no value"; both are read as null. */
const emptyAsNull = (v: unknown) => (v === "" ? null : v);

/** A plain decimal string (amount, price, quantity, fee), e.g. "0.5". */
export const decimalString = z
  .string({ error: DECIMAL_MESSAGE })
  .regex(DECIMAL_PATTERN, { error: DECIMAL_MESSAGE });

/** A decimal string that may be null or "" (read as null); the field itself must be present. */
export const nullableDecimal = z.preprocess(emptyAsNull, decimalString.nullable());

/** Free text that may be null or "" (read as null), e.g. txid, memo, tag, failure_reason. */
export const nullableText = z.preprocess(emptyAsNull, text.nullable());

/** An exchange timestamp (Brisbane time when it has no suffix) read as a `Date` instant. */
export const dateTime = z.string({ error: DATE_TIME_MESSAGE }).transform((s, ctx) => {
  try {
    return parseExchangeTime(s);
  } catch {
    ctx.addIssue({ code: "custom", message: DATE_TIME_MESSAGE, input: s });
    return z.NEVER;
  }
});

/** A timestamp that may be null or "" (read as null). */
export const nullableDateTime = z.preprocess(emptyAsNull, dateTime.nullable());

/**
 * Parses with the schema picked by looking at the data, keeping the picked schema's issue paths, for
 * responses whose shape varies and where a union's merged errors would hide which field is wrong.
 */
function byShape<T>(pick: (data: unknown) => z.ZodType<T>) {
  return z.unknown().transform((data, ctx): T => {
    const result = pick(data).safeParse(data, { reportInput: true });
    if (result.success) return result.data;
    for (const issue of result.error.issues) ctx.addIssue({ ...issue });
    return z.NEVER;
  });
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

// ---- integer codes ------------------------------------------------------------------------------
// Fields holding these codes accept any integer, so a code added by the service later parses fine.

/** Withdrawal status codes. */
export const WITHDRAWAL_STATUS = {
  DRAFT: 5,
  PENDING: 10,
  PROCESSING: 15,
  ERROR: 20,
  CANCELED: 30,
  REJECTED: 40,
  EXPIRED: 50,
  PROCESSED: 60,
} as const;

/** Swap status codes. */
export const SWAP_STATUS = {
  QUOTE: 5,
  PENDING: 10,
  ESTIMATED: 12,
  PROCESSING: 15,
  ERROR: 20,
  REJECTED: 40,
  PROCESSED: 60,
} as const;

/** Trade direction of recurring buys and price triggers: 10 spends AUD on the asset, 20 sells it. */
export const DIRECTION = { BUY: 10, SELL: 20 } as const;

/** Price trigger match: 1 fires at or above the price, 2 at or below. */
export const MATCH = { ABOVE: 1, BELOW: 2 } as const;

/** A known trade direction code. */
export type Direction = (typeof DIRECTION)[keyof typeof DIRECTION];

/** A known price trigger match code. */
export type Match = (typeof MATCH)[keyof typeof MATCH];

/** The transaction types of the unified history (filter values of `transaction_type`). */
export const TRANSACTION_TYPES = [
  "buy",
  "sell",
  "swap",
  "deposit",
  "withdrawal",
  "commission",
  "airdrop",
  "stake",
  "unstake",
  "reward",
] as const;

/** A known transaction type. */
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

/**
 * Transaction statuses known to occur (the spec leaves them open: "completed/processed/pending-like
 * words"; the sandbox's and the swap and withdrawal states' words). Not enforced: the exchange may send
 * another word, which the bot shows as the exchange's.
 */
export const TRANSACTION_STATUSES = [
  "completed",
  "processed",
  "pending",
  "processing",
  "failed",
  "error",
  "rejected",
  "cancelled",
  "canceled",
  "expired",
] as const;

/**
 * Transaction subtypes known to occur (the spec leaves them open; these are the sandbox's: a swap placed
 * in the app, a recurring buy's or a price trigger's market order, an AUD or crypto deposit, a crypto
 * withdrawal). Not enforced, as for {@link TRANSACTION_STATUSES}.
 */
export const TRANSACTION_SUBTYPES = [
  "instant",
  "recurring_buy",
  "price_trigger",
  "bank_transfer",
  "crypto_transfer",
  "crypto_withdrawal",
] as const;

// ---- envelopes and messages ---------------------------------------------------------------------

/** A page of a list: `{count, next, previous, results}`; next/previous are absolute URLs or null. */
export function paginated<T extends z.ZodType>(item: T) {
  return z.object({
    count: integer.nonnegative({ error: "expected a count of zero or more" }),
    next: text.nullish().transform((v) => v ?? null),
    previous: text.nullish().transform((v) => v ?? null),
    results: z.array(item, { error: "expected a list" }),
  });
}

/** Output type of a {@link paginated} envelope holding items of type `T`. */
export interface Paginated<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

/** `{response: "..."}`, e.g. the answer to an address book resend. */
export const ResponseMessage = z.object({ response: text });
/** Output of {@link ResponseMessage}. */
export type ResponseMessage = z.output<typeof ResponseMessage>;

// ---- resources ----------------------------------------------------------------------------------

/** A saved withdrawal destination. */
export const AddressBookEntry = z.object({
  id: integer,
  asset: text,
  asset_name: text,
  address: text,
  memo: nullableText,
  label: text,
  enabled: bool,
  confirmed: bool,
  confirmed_at: nullableDateTime,
  created: dateTime,
  last_used: nullableDateTime,
  times_used: integer,
});
/** Output of {@link AddressBookEntry}. */
export type AddressBookEntry = z.output<typeof AddressBookEntry>;

/** A crypto withdrawal; `status` is one of {@link WITHDRAWAL_STATUS} (or a newer code). */
export const Withdrawal = z.object({
  id: integer,
  amount: decimalString,
  address: text,
  tag: nullableText,
  label: nullableText,
  txid: nullableText,
  created: dateTime,
  // A draft has had no status change yet, so services leave it empty.
  closed: nullableDateTime,
  status: integer,
});
/** Output of {@link Withdrawal}. */
export type Withdrawal = z.output<typeof Withdrawal>;

/**
 * A swap as created or retrieved; `status` is one of {@link SWAP_STATUS}. Amounts and fees are null
 * until known, and only one of req_get_amount / req_spend_amount was requested.
 */
export const Swap = z.object({
  id: integer,
  status: integer,
  src_asset: text,
  dst_asset: text,
  bought_amount: nullableDecimal,
  sold_amount: nullableDecimal,
  src_fee: nullableDecimal,
  dst_fee: nullableDecimal,
  req_get_amount: nullableDecimal,
  req_spend_amount: nullableDecimal,
  expected_price: nullableDecimal,
});
/** Output of {@link Swap}. */
export type Swap = z.output<typeof Swap>;

/** A swap in the list, which adds its AUD value (null until the swap is final). */
export const SwapListItem = Swap.extend({
  aud_value: nullableDecimal,
  // Not in the spec; the sandbox sends it (docs/wire-contract.md). Optional so its absence is no error.
  created: nullableDateTime.optional(),
});
/** Output of {@link SwapListItem}. */
export type SwapListItem = z.output<typeof SwapListItem>;

/**
 * A swap retrieved by id. The spec lists `aud_value` on the list only, so here it may be missing (read
 * as null, like a swap that is not final yet); the output has the list item's shape.
 */
export const SwapDetail = Swap.extend({
  aud_value: nullableDecimal.optional().transform((v) => v ?? null),
});
/** Output of {@link SwapDetail}. */
export type SwapDetail = z.output<typeof SwapDetail>;

/** A swap estimate; `estimated_price_exact` is what a create sends as `expected_price`. */
export const SwapEstimate = z.object({
  src_asset: text,
  dst_asset: text,
  src_fee: decimalString,
  dst_fee: decimalString,
  estimated_price: decimalString,
  estimated_price_exact: decimalString,
  est_sell_amount: decimalString,
  est_buy_amount: decimalString,
  estimate_id: text,
  slippage: decimalString,
  req_get_amount: nullableDecimal,
  req_spend_amount: nullableDecimal,
});
/** Output of {@link SwapEstimate}. */
export type SwapEstimate = z.output<typeof SwapEstimate>;

/** A recurring trade schedule; `direction` is one of {@link DIRECTION}. */
export const RecurringBuy = z.object({
  id: integer,
  asset: text,
  asset_name: text,
  in_discovery_zone: bool,
  quantity: decimalString,
  direction: integer,
  start: nullableDateTime,
  period: text,
  enabled: bool,
});
/** Output of {@link RecurringBuy}. */
export type RecurringBuy = z.output<typeof RecurringBuy>;

/** One firing of a price trigger; `trade` describes the order placed, `failure_reason` why none was. */
export const PriceTriggerEvent = z.object({
  fired: dateTime,
  price: decimalString,
  matched: integer,
  trade: nullableText,
  failure_reason: nullableText,
  seen: bool,
});
/** Output of {@link PriceTriggerEvent}. */
export type PriceTriggerEvent = z.output<typeof PriceTriggerEvent>;

/**
 * A price alert, optionally trading at market when fired. `match` and `order_direction` hold codes of
 * {@link MATCH} and {@link DIRECTION} or null; `last_trigger` is null until it first fires.
 */
export const PriceTrigger = z.object({
  id: integer,
  asset: text,
  asset_name: text,
  in_discovery_zone: bool,
  created: dateTime,
  price: decimalString,
  match: integer.nullable(),
  paused: bool,
  last_trigger: nullableDateTime,
  order_side: nullableText,
  enabled: bool,
  notify_sms: bool,
  notify_email: bool,
  order_direction: integer.nullable(),
  order_quantity: nullableDecimal,
  order_get_quantity: nullableDecimal,
  // Write-only: services may echo it (the sample shows false) or leave it out.
  mark_seen: bool.optional(),
  events: z.array(PriceTriggerEvent, { error: "expected a list" }),
});
/** Output of {@link PriceTrigger}. */
export type PriceTrigger = z.output<typeof PriceTrigger>;

/** Whole-portfolio figures (crypto only); returns are null when they cannot be computed. */
export const PortfolioOverall = z.object({
  overall_aud_wallet_value: decimalString,
  overall_day_return: nullableDecimal,
  overall_day_return_percentage: nullableDecimal,
  overall_total_return: nullableDecimal,
  overall_total_return_percentage: nullableDecimal,
});
/** Output of {@link PortfolioOverall}. */
export type PortfolioOverall = z.output<typeof PortfolioOverall>;

/** Statistics of one held asset; prices and returns are null when there is no trade to base them on. */
export const PortfolioAsset = z.object({
  asset: text,
  approximate_value: decimalString,
  current_balance: decimalString,
  current_buy_price: nullableDecimal,
  current_sell_price: nullableDecimal,
  last_buy_price: nullableDecimal,
  last_sell_price: nullableDecimal,
  day_buy_return: nullableDecimal,
  day_buy_return_percentage: nullableDecimal,
  total_avg_buy: nullableDecimal,
  total_avg_sell: nullableDecimal,
  total_buy_return: nullableDecimal,
  total_buy_return_percentage: nullableDecimal,
  stale_price: bool,
});
/** Output of {@link PortfolioAsset}. */
export type PortfolioAsset = z.output<typeof PortfolioAsset>;

/** One result of the wallet-stats list; `overall` is null unless requested with `overall=true`. */
export const PortfolioStatistics = z.object({
  overall: PortfolioOverall.nullish().transform((v) => v ?? null),
  assets: z.array(PortfolioAsset, { error: "expected a list" }),
});
/** Output of {@link PortfolioStatistics}. */
export type PortfolioStatistics = z.output<typeof PortfolioStatistics>;

/**
 * An item of the unified history (also the all-transactions invoice payload). `transaction_type` is
 * normally one of {@link TRANSACTION_TYPES}; `status` and `transaction_subtype` are free words, normally
 * one of {@link TRANSACTION_STATUSES} and {@link TRANSACTION_SUBTYPES}. Amount fields that do
 * not apply to a type (e.g. the source of a deposit) may be null.
 */
export const Transaction = z.object({
  summary_id: integer,
  id: integer,
  object_id: integer.nullable(),
  created: dateTime,
  src_asset: nullableText,
  dst_asset: nullableText,
  exchange_rate: nullableDecimal,
  fee_currency: nullableText,
  transaction_type: text,
  transaction_subtype: nullableText,
  src_amount: nullableDecimal,
  dst_amount: nullableDecimal,
  quote_cost: nullableDecimal,
  cost: nullableDecimal,
  fee: nullableDecimal,
  aud_fee: nullableDecimal,
  aud_value: nullableDecimal,
  status: text,
});
/** Output of {@link Transaction}. */
export type Transaction = z.output<typeof Transaction>;

/** A deposit or withdrawal of one asset, with the balance it left. */
export const WalletTransaction = z.object({
  id: integer,
  created: dateTime,
  src_amount: nullableDecimal,
  dst_amount: nullableDecimal,
  object_id: integer.nullable(),
  resulting_balance: decimalString,
  exchange_rate: nullableDecimal,
  cost: nullableDecimal,
  fee: nullableDecimal,
  status: text,
  transaction_type: text,
  transaction_subtype: nullableText,
  src_asset: nullableText,
  dst_asset: nullableText,
  quote_cost: nullableDecimal,
  aud_fee: nullableDecimal,
  aud_value: nullableDecimal,
  fee_currency: nullableText,
});
/** Output of {@link WalletTransaction}. */
export type WalletTransaction = z.output<typeof WalletTransaction>;

/** The balance of one asset. */
export const Balance = z.object({ total: decimalString });
/** Output of {@link Balance}. */
export type Balance = z.output<typeof Balance>;

const balancesByAsset = z.record(z.string(), Balance);
const balancesList = z.object({
  results: z.array(z.object({ asset: text, total: decimalString }), { error: "expected a list" }),
});
const balancesTotals = z.object({ total: z.record(z.string(), decimalString) });

/**
 * Balances of every asset as `{ASSET: total}` (codes upper-cased). The real service's shape is
 * unconfirmed, so three are read: `{BTC: {total}}`, `{results: [{asset, total}]}` and
 * `{total: {BTC: amount}}`.
 */
export const AllBalances = byShape((data): z.ZodType<Record<string, string>> => {
  if (isRecord(data) && Array.isArray(data.results)) {
    return balancesList.transform((b) =>
      Object.fromEntries(b.results.map((r) => [r.asset.toUpperCase(), r.total])),
    );
  }
  // An asset literally named "total" would hold {total: ...}; a totals map holds amounts.
  if (isRecord(data) && isRecord(data.total) && !("total" in data.total)) {
    return balancesTotals.transform((b) => upperKeys(b.total));
  }
  return balancesByAsset.transform((b) =>
    upperKeys(Object.fromEntries(Object.entries(b).map(([k, v]) => [k, v.total]))),
  );
});
/** Output of {@link AllBalances}: asset code -> decimal string. */
export type AllBalances = z.output<typeof AllBalances>;

function upperKeys(map: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(map).map(([k, v]) => [k.toUpperCase(), v]));
}

/** One asset's indicative AUD prices: `buy` is the ask, `sell` the bid. */
export const TickerEntry = z.object({
  buy: decimalString,
  sell: decimalString,
  last: nullableDecimal.optional(),
});
/** Output of {@link TickerEntry}. */
export type TickerEntry = z.output<typeof TickerEntry>;

/** The public ticker: asset code -> prices. */
export const Ticker = z.record(z.string(), TickerEntry);
/** Output of {@link Ticker}. */
export type Ticker = z.output<typeof Ticker>;

/** A listed asset. */
export const PublicAsset = z.object({ code: text, name: text });
/** Output of {@link PublicAsset}. */
export type PublicAsset = z.output<typeof PublicAsset>;

/** The public asset list: a plain array, or a page envelope (read as its results). */
export const PublicAssetList = byShape(
  (data): z.ZodType<PublicAsset[]> =>
    Array.isArray(data) ? z.array(PublicAsset) : paginated(PublicAsset).transform((p) => p.results),
);
/** Output of {@link PublicAssetList}. */
export type PublicAssetList = z.output<typeof PublicAssetList>;

/** The brief profile used as a cheap key check; every field is optional since its shape is unconfirmed. */
export const ProfileBrief = z.object({
  id: z.union([integer, text]).optional(),
  email: nullableText.optional(),
  first_name: nullableText.optional(),
  last_name: nullableText.optional(),
});
/** Output of {@link ProfileBrief}. */
export type ProfileBrief = z.output<typeof ProfileBrief>;

// ---- parsing ------------------------------------------------------------------------------------

// Enough to find the problem without flooding a log line when a whole list is malformed.
const MAX_ISSUES = 20;

/**
 * Parses a response body with `schema`, or throws ExchangeResponseError whose issues read
 * `results.0.amount: expected a decimal string` (a missing field: `results.0.amount: missing`).
 */
export function parseResponse<S extends z.ZodType>(schema: S, data: unknown, operation: string): z.output<S> {
  const result = schema.safeParse(data, { reportInput: true });
  if (result.success) return result.data;
  const issues = result.error.issues.map((issue) => {
    const path = issue.path.length > 0 ? issue.path.map(String).join(".") : "(response)";
    const missing = issue.code === "invalid_type" && issue.input === undefined;
    // zod's own messages start with "Invalid input: "; the rest reads like the schemas' messages.
    return `${path}: ${missing ? "missing" : issue.message.replace(/^Invalid input: /, "")}`;
  });
  const shown = issues.slice(0, MAX_ISSUES);
  if (issues.length > MAX_ISSUES) shown.push(`and ${issues.length - MAX_ISSUES} more`);
  throw new ExchangeResponseError(operation, shown);
}

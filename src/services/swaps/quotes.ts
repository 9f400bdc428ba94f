/**
 * Quotes and placing swaps, independent of the chat. A quote is a plain JSON object (it travels in a
 * single-use confirm token), holding the request, the binding estimate and how long it is honoured.
 * Placing uses exactly the quote's assets, amount field and `estimated_price_exact`, so nothing is ever
 * traded at a price the user has not seen: when the market moved, a fresh quote comes back instead.
 * When the create's answer is lost the swap may exist: placing then says so and hands back how to find it.
 */
import {
  type ExchangeClient,
  type Swap,
  type SwapEstimate,
  type SwapEstimateRequest,
  SwapRejectedError,
  toDec,
  writeOutcome,
} from "../../exchange/index.ts";
import { SEARCH_PAGE_SIZE, type SwapSearch } from "./search.ts";

/** AUD, the one fiat asset. */
export const FIAT = "AUD";

/** What the user asked for: `amount` of `src` to spend, or of `dst` to receive. */
export interface TradeRequest {
  src: string;
  dst: string;
  amount: string;
  side: "spend" | "receive";
}

/** A priced request; `expiresAt` (epoch ms) is when Confirm stops placing it without a new estimate. */
export interface Quote {
  request: TradeRequest;
  estimate: SwapEstimate;
  quotedAt: number;
  expiresAt: number;
}

/** Buy (AUD -> crypto), sell (crypto -> AUD) or a crypto -> crypto swap. */
export type TradeKind = "buy" | "sell" | "swap";

/** Which kind a pair of assets is. */
export function tradeKind(src: string, dst: string): TradeKind {
  if (src === FIAT) return "buy";
  if (dst === FIAT) return "sell";
  return "swap";
}

/** The estimate body for a request. */
export function estimateBody(request: TradeRequest): SwapEstimateRequest {
  return {
    src_asset: request.src,
    dst_asset: request.dst,
    ...(request.side === "spend" ? { req_spend_amount: request.amount } : { req_get_amount: request.amount }),
  };
}

/** Prices a request; the quote holds for `ttlMs`. */
export async function requestQuote(
  client: ExchangeClient,
  request: TradeRequest,
  now: number,
  ttlMs: number,
): Promise<Quote> {
  const estimate = await client.swaps.estimate(estimateBody(request));
  return { request, estimate, quotedAt: now, expiresAt: now + ttlMs };
}

/** Whether the quote's total spend exceeds what the account holds of the source asset. */
export function exceedsBalance(quote: Quote, balance: string): boolean {
  return toDec(quote.estimate.est_sell_amount).greaterThan(toDec(balance));
}

/**
 * What placing a quote came to. `unknown`: the answer was lost, the swap may exist (see `search`);
 * `error` is what the create failed with, for the log.
 */
export type PlaceResult =
  | { status: "placed"; swap: Swap }
  | { status: "moved"; quote: Quote; serviceMessage: string }
  | { status: "unknown"; search: SwapSearch; error: Error };

/**
 * Ids of the newest swaps, read again once if the first read fails. Without them a swap whose answer is lost
 * could not be told from an older look-alike, so a second failure is thrown: nothing is placed.
 */
async function newestSwapIds(client: ExchangeClient): Promise<number[]> {
  const read = async () =>
    (await client.swaps.list({ page: 1, page_size: SEARCH_PAGE_SIZE })).results.map((s) => s.id);
  try {
    return await read();
  } catch {
    return await read();
  }
}

/** How to recognise this quote's swap in the list, should its create answer be lost. */
function searchFor(quote: Quote, knownIds: number[]): SwapSearch {
  const { request, estimate } = quote;
  const echo = request.side === "spend" ? estimate.req_spend_amount : estimate.req_get_amount;
  return {
    src: request.src,
    dst: request.dst,
    side: request.side,
    amounts: echo === null ? [request.amount] : [request.amount, echo],
    expectedPrice: estimate.estimated_price_exact,
    knownIds,
  };
}

/**
 * Places a quote. When the exchange refuses because the market moved, re-estimates the same request
 * and returns the new quote to show: the caller must ask the user again. When the answer is lost (see
 * `writeOutcome`), returns `unknown` with what identifies the swap, never an error that reads as
 * "nothing happened"; errors that prove nothing was done are thrown as before. The create alone runs
 * inside `send` (the user's cancel scope: a /cancel that came first stops it there).
 */
export async function placeQuote(
  client: ExchangeClient,
  quote: Quote,
  now: number,
  ttlMs: number,
  send: <T>(write: () => Promise<T>) => Promise<T> = (write) => write(),
): Promise<PlaceResult> {
  // Read first, so a swap whose answer is lost can be told apart from older look-alikes; unreadable, the
  // read's error is thrown and nothing is placed.
  const knownIds = await newestSwapIds(client);
  try {
    const swap = await send(() =>
      client.swaps.create({
        ...estimateBody(quote.request),
        expected_price: quote.estimate.estimated_price_exact,
      }),
    );
    return { status: "placed", swap };
  } catch (error) {
    if (writeOutcome(error) === "unknown") {
      return { status: "unknown", search: searchFor(quote, knownIds), error: error as Error };
    }
    if (!(error instanceof SwapRejectedError)) throw error;
    const fresh = await requestQuote(client, quote.request, now, ttlMs);
    return { status: "moved", quote: fresh, serviceMessage: error.serviceMessage };
  }
}

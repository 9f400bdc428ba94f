/**
 * Instant swaps: estimate (moves nothing), create (checks expected_price against the current price,
 * debits the source, status 15), settlement after the settle delay (60 with the destination credited,
 * or 20 with the source refunded), list and retrieve.
 */
import type { Sandbox } from "../context.ts";
import { D, FIAT, formatAmount } from "../decimal.ts";
import { dueBy } from "../due-time.ts";
import { ApiError, type Body, json, notFound } from "../http-utils.ts";
import { moveFunds } from "../ledger.ts";
import { paginate } from "../pagination.ts";
import type { Account, Swap } from "../records.ts";
import type { Router } from "../router.ts";
import { formatTime } from "../time.ts";
import {
  displayPrice,
  exactPrice,
  type Quote,
  quoteTrade,
  recordTrade,
  shortfall,
  type TradeSide,
} from "../trading.ts";
import { FieldErrors, present, readAsset, readDecimal } from "../validation.ts";

/** Swap status codes. */
const SWAP_STATUS = { processing: 15, error: 20, processed: 60 } as const;

interface SwapRequest {
  src: string;
  dst: string;
  side: TradeSide;
  /** The request field that fixed the amount, for error messages. */
  amountField: "req_spend_amount" | "req_get_amount";
  quote: Quote;
}

/** Validates src_asset, dst_asset and exactly one amount, and prices the trade. */
function readSwapRequest(sb: Sandbox, body: Body, errors: FieldErrors): SwapRequest {
  const src = readAsset(body, "src_asset", errors, { required: true, allowFiat: true });
  const dst = readAsset(body, "dst_asset", errors, { required: true, allowFiat: true });
  if (src && dst && src === dst) errors.add("dst_asset", "dst_asset must differ from src_asset.");
  const spend = readDecimal(body, "req_spend_amount", errors, { nullable: true, asset: src });
  const get = readDecimal(body, "req_get_amount", errors, { nullable: true, asset: dst });
  const spendGiven = body.req_spend_amount !== undefined && body.req_spend_amount !== null;
  const getGiven = body.req_get_amount !== undefined && body.req_get_amount !== null;
  if (spendGiven === getGiven) {
    errors.add("non_field_errors", "Give exactly one of req_spend_amount or req_get_amount.");
  }
  errors.throwIfAny();
  const side: TradeSide = spend ? { spend } : { get: present(get) };
  const amountField = spend ? "req_spend_amount" : "req_get_amount";
  const quote = quoteTrade(sb, present(src), present(dst), side);
  if (typeof quote === "string") throw new ApiError(400, { [amountField]: [quote] });
  return { src: present(src), dst: present(dst), side, amountField, quote };
}

function estimateJson(sb: Sandbox, r: SwapRequest): Record<string, unknown> {
  const q = r.quote;
  return {
    src_asset: r.src,
    dst_asset: r.dst,
    src_fee: formatAmount(r.src, q.srcFee),
    dst_fee: formatAmount(r.dst, q.dstFee),
    estimated_price: displayPrice(q),
    estimated_price_exact: exactPrice(q),
    est_sell_amount: formatAmount(r.src, q.spend),
    est_buy_amount: formatAmount(r.dst, q.get),
    estimate_id: sb.rng.uuid(),
    slippage: q.slippage.toFixed(8),
    req_get_amount: r.side.get ? formatAmount(r.dst, r.side.get) : null,
    req_spend_amount: r.side.spend ? formatAmount(r.src, r.side.spend) : null,
  };
}

/** The wire shape of a swap; amounts not yet known are "0", aud_value is null until final. */
function swapJson(s: Swap): Record<string, unknown> {
  const failed = s.status === SWAP_STATUS.error;
  const final = s.status !== SWAP_STATUS.processing;
  const zero = new D(0);
  return {
    id: s.id,
    status: s.status,
    src_asset: s.srcAsset,
    dst_asset: s.dstAsset,
    bought_amount: formatAmount(s.dstAsset, s.status === SWAP_STATUS.processed ? s.get : zero),
    sold_amount: formatAmount(s.srcAsset, failed ? zero : s.spend),
    src_fee: formatAmount(s.srcAsset, failed ? zero : s.srcFee),
    dst_fee: formatAmount(s.dstAsset, failed ? zero : s.dstFee),
    req_get_amount: s.reqGetAmount ? formatAmount(s.dstAsset, s.reqGetAmount) : null,
    req_spend_amount: s.reqSpendAmount ? formatAmount(s.srcAsset, s.reqSpendAmount) : null,
    expected_price: s.expectedPrice,
    aud_value: final ? formatAmount(FIAT, failed ? zero : s.audValue) : null,
    created: formatTime(s.created),
  };
}

function createSwap(sb: Sandbox, account: Account, body: Body): Swap {
  const errors = new FieldErrors();
  const expectedPrice = readDecimal(body, "expected_price", errors, { required: true });
  const r = readSwapRequest(sb, body, errors);
  const expected = present(expectedPrice);
  const current = new D(exactPrice(r.quote));
  if (current.minus(expected).abs().dividedBy(expected).greaterThan(sb.settings.priceTolerance)) {
    throw new ApiError(400, {
      message: `The price moved beyond tolerance (expected ${expected.toFixed()}, now ${current.toFixed()}). Estimate again.`,
    });
  }
  const lacking = shortfall(account, r.quote);
  if (lacking) throw new ApiError(400, { [r.amountField]: [lacking] });
  const now = sb.clock.now();
  const id = sb.ids.next("swap");
  const tx = recordTrade(sb, account, r.quote, "instant", id, "pending");
  moveFunds(sb, account, r.src, r.quote.spend.negated(), tx);
  const swap: Swap = {
    id,
    status: SWAP_STATUS.processing,
    srcAsset: r.src,
    dstAsset: r.dst,
    reqSpendAmount: r.side.spend ?? null,
    reqGetAmount: r.side.get ?? null,
    expectedPrice: expected.toFixed(),
    spend: r.quote.spend,
    get: r.quote.get,
    srcFee: r.quote.srcFee,
    dstFee: r.quote.dstFee,
    audValue: r.quote.audValue,
    created: now,
    settleAt: now + (account.behaviour.swapSettleMs ?? sb.settings.swapSettleMs),
    outcome: account.behaviour.swapOutcome,
    summaryId: tx.summaryId,
  };
  account.swaps.push(swap);
  dueBy(sb, swap.settleAt);
  return swap;
}

/**
 * Settles every processing swap whose delay has passed: credit the destination, or refund on error.
 * Returns when the next one settles (Infinity: none left).
 */
export function settleSwaps(sb: Sandbox, now: number): number {
  let next = Number.POSITIVE_INFINITY;
  for (const account of sb.accounts.all()) {
    for (const swap of account.swaps) {
      if (swap.status !== SWAP_STATUS.processing) continue;
      if (swap.settleAt > now) {
        next = Math.min(next, swap.settleAt);
        continue;
      }
      const tx = account.transactions.find((t) => t.summaryId === swap.summaryId);
      if (!tx) continue;
      if (swap.outcome === "processed") {
        moveFunds(sb, account, swap.dstAsset, swap.get, tx);
        tx.status = "completed";
        swap.status = SWAP_STATUS.processed;
      } else {
        moveFunds(sb, account, swap.srcAsset, swap.spend, tx);
        tx.status = "failed";
        swap.status = SWAP_STATUS.error;
      }
    }
  }
  return next;
}

function findSwap(account: Account, id: string | undefined): Swap {
  const swap = account.swaps.find((s) => s.id === Number(id));
  if (!swap) throw notFound();
  return swap;
}

/** Registers the swap estimate, create, list and retrieve routes. */
export function registerSwapRoutes(router: Router): void {
  router.private("POST", "/api/private/swaps/estimate/", ({ sb, body }) =>
    json(200, estimateJson(sb, readSwapRequest(sb, body, new FieldErrors()))),
  );
  router.private(
    "POST",
    "/api/private/swaps/",
    ({ sb, account, body }) => json(201, swapJson(createSwap(sb, account, body))),
    {
      form: true,
    },
  );
  router.private("GET", "/api/private/swaps/", (req) => {
    const newestFirst = [...req.account.swaps].sort((a, b) => b.created - a.created || b.id - a.id);
    return json(200, paginate(req, newestFirst.map(swapJson)));
  });
  router.private("GET", "/api/private/swaps/{id}/", ({ account, params }) => {
    const { aud_value, ...rest } = swapJson(findSwap(account, params.id));
    return json(200, account.behaviour.swapRetrieveAudValue === "omitted" ? rest : { ...rest, aud_value });
  });
}

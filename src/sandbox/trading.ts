/**
 * Pricing and executing trades. A buy (AUD -> crypto) pays the ask, a sell (crypto -> AUD) receives the
 * bid, and crypto -> crypto sells the source at its bid and buys the destination at its ask. Larger
 * orders slip: the price moves by the order's AUD notional over the asset's depth (capped at 5%).
 *
 * Prices: AUD per unit of the crypto for buys and sells; units of src per unit of dst for crypto -> crypto.
 * Fees (the fee rate of the notional) are taken in AUD when one side is AUD (src_fee of a buy, dst_fee of
 * a sell), else in the source asset (src_fee).
 */
import { cryptoAsset } from "./assets.ts";
import type { Sandbox } from "./context.ts";
import { ceilAmount, D, type Dec, FIAT, floorAmount, formatAmount } from "./decimal.ts";
import { balanceOf, moveFunds, recordTransaction } from "./ledger.ts";
import type { Account, Transaction, TransactionType } from "./records.ts";

/** Which amount the order fixes: how much to spend, or how much to receive. */
export type TradeSide = { spend: Dec; get?: undefined } | { get: Dec; spend?: undefined };

/** A fully priced trade. `spend` leaves the source balance, `get` arrives in the destination balance. */
export interface Quote {
  kind: "buy" | "sell" | "swap";
  src: string;
  dst: string;
  spend: Dec;
  get: Dec;
  srcFee: Dec;
  dstFee: Dec;
  /** Exact execution price, fees excluded. */
  price: Dec;
  slippage: Dec;
  /** AUD value of the trade. */
  audValue: Dec;
}

const MAX_SLIPPAGE = new D("0.05");

/**
 * Prices a trade of `src` for `dst` at the current market. Both codes must be known and different.
 * Returns a message instead when the amount is too small to trade.
 */
export function quoteTrade(sb: Sandbox, src: string, dst: string, side: TradeSide): Quote | string {
  const q =
    src === FIAT
      ? quoteBuy(sb, dst, side)
      : dst === FIAT
        ? quoteSell(sb, src, side)
        : quoteCross(sb, src, dst, side);
  if (q.get.lessThanOrEqualTo(0) || q.spend.lessThanOrEqualTo(0)) return "The amount is too small to trade.";
  return q;
}

/** AUD -> crypto at the ask; the fee is in AUD (src_fee). */
function quoteBuy(sb: Sandbox, dst: string, side: TradeSide): Quote {
  const f = sb.settings.feeRate;
  const slippage = slip(dst, side.spend ?? (side.get as Dec).times(sb.market.mid(dst)));
  const price = sb.market.ask(dst).times(slippage.plus(1));
  const base = { kind: "buy" as const, src: FIAT, dst, dstFee: new D(0), price, slippage };
  if (side.spend) {
    const srcFee = side.spend.times(f).toDecimalPlaces(2);
    const get = floorAmount(dst, side.spend.minus(srcFee).dividedBy(price));
    return { ...base, spend: side.spend, get, srcFee, audValue: side.spend };
  }
  const get = side.get as Dec;
  const cost = ceilAmount(FIAT, get.times(price));
  const srcFee = ceilAmount(FIAT, cost.times(f).dividedBy(new D(1).minus(f)));
  const spend = cost.plus(srcFee);
  return { ...base, spend, get, srcFee, audValue: spend };
}

/** Crypto -> AUD at the bid; the fee is in AUD (dst_fee). */
function quoteSell(sb: Sandbox, src: string, side: TradeSide): Quote {
  const f = sb.settings.feeRate;
  const slippage = slip(src, side.get ?? (side.spend as Dec).times(sb.market.mid(src)));
  const price = sb.market.bid(src).times(new D(1).minus(slippage));
  const base = { kind: "sell" as const, src, dst: FIAT, srcFee: new D(0), price, slippage };
  if (side.spend) {
    const gross = floorAmount(FIAT, side.spend.times(price));
    const dstFee = ceilAmount(FIAT, gross.times(f));
    return { ...base, spend: side.spend, get: gross.minus(dstFee), dstFee, audValue: gross };
  }
  const get = side.get as Dec;
  const gross = ceilAmount(FIAT, get.dividedBy(new D(1).minus(f)));
  const spend = ceilAmount(src, gross.dividedBy(price));
  return { ...base, spend, get, dstFee: gross.minus(get), audValue: gross };
}

/** Crypto -> crypto through AUD (source at its bid, destination at its ask); the fee is in the source. */
function quoteCross(sb: Sandbox, src: string, dst: string, side: TradeSide): Quote {
  const m = sb.market;
  const f = sb.settings.feeRate;
  const notional = side.spend ? side.spend.times(m.mid(src)) : (side.get as Dec).times(m.mid(dst));
  const slipSrc = slip(src, notional);
  const slipDst = slip(dst, notional);
  const price = m
    .ask(dst)
    .times(slipDst.plus(1))
    .dividedBy(m.bid(src).times(new D(1).minus(slipSrc)));
  let spend: Dec;
  let get: Dec;
  let srcFee: Dec;
  if (side.spend) {
    spend = side.spend;
    srcFee = ceilAmount(src, spend.times(f));
    get = floorAmount(dst, spend.minus(srcFee).dividedBy(price));
  } else {
    get = side.get as Dec;
    const net = ceilAmount(src, get.times(price));
    srcFee = ceilAmount(src, net.times(f).dividedBy(new D(1).minus(f)));
    spend = net.plus(srcFee);
  }
  const audValue = spend.times(m.bid(src)).toDecimalPlaces(2);
  return {
    kind: "swap",
    src,
    dst,
    spend,
    get,
    srcFee,
    dstFee: new D(0),
    price,
    slippage: slipSrc.plus(slipDst),
    audValue,
  };
}

function slip(asset: string, notionalAud: Dec): Dec {
  const depth = new D(cryptoAsset(asset)?.depthAud ?? "1000000");
  return D.min(notionalAud.dividedBy(depth), MAX_SLIPPAGE).toDecimalPlaces(8, D.ROUND_UP);
}

/** The price rounded for display: the crypto's price precision for buys and sells, 8 significant digits otherwise. */
export function displayPrice(q: Quote): string {
  if (q.kind === "swap") return q.price.toSignificantDigits(8).toFixed();
  const crypto = q.kind === "buy" ? q.dst : q.src;
  return q.price.toFixed(cryptoAsset(crypto)?.priceDecimals ?? 2);
}

/** The exact price as a plain decimal string (what expected_price is compared against). */
export function exactPrice(q: Quote): string {
  return q.price.toSignificantDigits(20).toFixed();
}

/** A reason the balance cannot cover the quote, or undefined when it can. */
export function shortfall(account: Account, q: Quote): string | undefined {
  const have = balanceOf(account, q.src);
  if (have.greaterThanOrEqualTo(q.spend)) return undefined;
  return `Insufficient ${q.src} balance: ${formatAmount(q.src, q.spend)} needed, ${formatAmount(q.src, have)} available.`;
}

/** Records the history item of a trade (the caller moves the funds). */
export function recordTrade(
  sb: Sandbox,
  account: Account,
  q: Quote,
  subtype: string,
  objectId: number,
  status: string,
): Transaction {
  const feeCurrency = q.kind === "sell" ? FIAT : q.src;
  const fee = q.kind === "sell" ? q.dstFee : q.srcFee;
  const audFee = q.kind === "swap" ? fee.times(sb.market.bid(q.src)).toDecimalPlaces(2) : fee;
  const type: TransactionType = q.kind;
  return recordTransaction(sb, account, {
    objectId,
    srcAsset: q.src,
    dstAsset: q.dst,
    exchangeRate: displayPrice(q),
    feeCurrency,
    type,
    subtype,
    srcAmount: formatAmount(q.src, q.spend),
    dstAmount: formatAmount(q.dst, q.get),
    quoteCost: formatAmount(FIAT, q.audValue.minus(audFee)),
    cost: formatAmount(FIAT, q.audValue),
    fee: formatAmount(feeCurrency, fee),
    audFee: formatAmount(FIAT, audFee),
    audValue: formatAmount(FIAT, q.audValue),
    status,
  });
}

/**
 * Executes a market order at once (recurring buys, price triggers): debits, credits and records it.
 * Returns the history item, or the reason it could not trade.
 */
export function executeMarketOrder(
  sb: Sandbox,
  account: Account,
  q: Quote,
  subtype: string,
  objectId: number,
): Transaction | string {
  const reason = shortfall(account, q);
  if (reason) return reason;
  const tx = recordTrade(sb, account, q, subtype, objectId, "completed");
  moveFunds(sb, account, q.src, q.spend.negated(), tx);
  moveFunds(sb, account, q.dst, q.get, tx);
  return tx;
}

/** A one-line description of a completed trade, e.g. "Bought 0.00065432 BTC for 100.00 AUD". */
export function describeTrade(q: Quote): string {
  const spent = `${formatAmount(q.src, q.spend)} ${q.src}`;
  const got = `${formatAmount(q.dst, q.get)} ${q.dst}`;
  if (q.kind === "buy") return `Bought ${got} for ${spent}`;
  if (q.kind === "sell") return `Sold ${spent} for ${got}`;
  return `Swapped ${spent} for ${got}`;
}

/**
 * Balances and the unified history. Every balance change goes through `moveFunds`, which records a
 * movement and keeps the per-asset wallet transaction in step, so statements and resulting balances can
 * be rebuilt from the ledger.
 */
import { cryptoAsset } from "./assets.ts";
import type { Sandbox } from "./context.ts";
import { D, type Dec, FIAT, formatAmount } from "./decimal.ts";
import type { Account, Transaction, WalletTransaction } from "./records.ts";
import { formatTime } from "./time.ts";

/** Balance of `asset` (zero when never held). */
export function balanceOf(account: Account, asset: string): Dec {
  return account.balances.get(asset) ?? new D(0);
}

/** Balance of `asset` as it stood at sandbox time `at`, rebuilt from later movements. */
export function balanceAt(account: Account, asset: string, at: number): Dec {
  let balance = balanceOf(account, asset);
  for (const m of account.movements) if (m.asset === asset && m.at > at) balance = balance.minus(m.delta);
  return balance;
}

/** Adds a new unified-history item with the next summary id and the current sandbox time. */
export function recordTransaction(
  sb: Sandbox,
  account: Account,
  fields: Omit<Transaction, "summaryId" | "created">,
  at = sb.clock.now(),
): Transaction {
  const tx: Transaction = { summaryId: sb.ids.next("transaction"), created: at, ...fields };
  account.transactions.push(tx);
  return tx;
}

/** Changes a balance by `delta` on behalf of `tx`. Throws if it would go negative (callers check first). */
export function moveFunds(
  sb: Sandbox,
  account: Account,
  asset: string,
  delta: Dec,
  tx: Transaction,
  at = sb.clock.now(),
): void {
  const after = balanceOf(account, asset).plus(delta);
  if (after.isNegative()) throw new Error(`balance of ${asset} would go negative`);
  account.balances.set(asset, after);
  account.movements.push({ at, asset, delta, balanceAfter: after, summaryId: tx.summaryId });
  const existing = account.walletTransactions.find((w) => w.summaryId === tx.summaryId && w.asset === asset);
  if (existing) existing.resultingBalance = after;
  else {
    account.walletTransactions.push({
      id: sb.ids.next("wallet"),
      summaryId: tx.summaryId,
      asset,
      resultingBalance: after,
    });
  }
}

/** Credits a deposit of `amount` `asset` (at sandbox time `at`, default now) and records it in the history. */
export function recordDeposit(
  sb: Sandbox,
  account: Account,
  asset: string,
  amount: Dec,
  at = sb.clock.now(),
): Transaction {
  const rate = asset === FIAT ? new D(1) : sb.market.bid(asset);
  const value = formatAmount(FIAT, amount.times(rate));
  const formatted = formatAmount(asset, amount);
  const tx = recordTransaction(
    sb,
    account,
    {
      objectId: sb.ids.next("deposit"),
      srcAsset: asset,
      dstAsset: asset,
      exchangeRate: rate.toFixed(cryptoAsset(asset)?.priceDecimals ?? 2),
      feeCurrency: asset,
      type: "deposit",
      subtype: asset === FIAT ? "bank_transfer" : "crypto_transfer",
      srcAmount: formatted,
      dstAmount: formatted,
      quoteCost: value,
      cost: value,
      fee: formatAmount(asset, new D(0)),
      audFee: "0.00",
      audValue: value,
      status: "completed",
    },
    at,
  );
  moveFunds(sb, account, asset, amount, tx, at);
  return tx;
}

/** The wire shape of a unified-history item. */
export function transactionJson(tx: Transaction): Record<string, unknown> {
  return {
    summary_id: tx.summaryId,
    ...commonFields(tx),
  };
}

/** The wire shape of a wallet transaction (the transaction as seen from one asset's wallet). */
export function walletTransactionJson(wt: WalletTransaction, tx: Transaction): Record<string, unknown> {
  return {
    ...commonFields(tx),
    id: wt.id,
    resulting_balance: formatAmount(wt.asset, wt.resultingBalance),
  };
}

function commonFields(tx: Transaction): Record<string, unknown> {
  return {
    id: tx.summaryId,
    object_id: tx.objectId,
    created: formatTime(tx.created),
    src_asset: tx.srcAsset,
    dst_asset: tx.dstAsset,
    exchange_rate: tx.exchangeRate,
    fee_currency: tx.feeCurrency,
    transaction_type: tx.type,
    transaction_subtype: tx.subtype,
    src_amount: tx.srcAmount,
    dst_amount: tx.dstAmount,
    quote_cost: tx.quoteCost,
    cost: tx.cost,
    fee: tx.fee,
    aud_fee: tx.audFee,
    aud_value: tx.audValue,
    status: tx.status,
  };
}

/** Transaction types that have an invoice. */
export const INVOICE_TYPES: ReadonlySet<string> = new Set(["swap", "buy", "sell", "withdrawal"]);

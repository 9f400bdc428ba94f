/**
 * History: the unified transaction list and its invoices (swap, buy, sell and withdrawal only; others
 * answer 501), and the per-asset wallet transactions with theirs.
 */
import type { Transport } from "./http.ts";
import { iteratePages } from "./pagination.ts";
import { checkTransactionQuery, type TransactionQueryInput } from "./requests/transactions.ts";
import { checkAssetCode, checkId, checkPage, type PageParams } from "./requests/values.ts";
import { paginated, Transaction, WalletTransaction } from "./schemas.ts";

const TransactionPage = paginated(Transaction);
const WalletTransactionPage = paginated(WalletTransaction);

/** Output format of a wallet-transaction invoice. */
export type InvoiceFormat = "concise" | "json";

/** Operations on the unified history. */
export function transactionsApi(http: Transport) {
  const list = async (query: TransactionQueryInput = {}) =>
    http.request("transactions.list", {
      query: { ...checkTransactionQuery(query) },
      schema: TransactionPage,
    });
  return {
    /** One page of transactions, most recent first unless `ordering` says otherwise. */
    list,
    /** Every transaction matching the filters. */
    iterate: (query: Omit<TransactionQueryInput, "page"> = {}) =>
      iteratePages((page) => list({ ...query, page })),
    /** The invoice of a transaction by its summary id; ExchangeUnsupportedError (501) for types without one. */
    invoice: async (summaryId: number) =>
      http.request("transactions.invoice", { params: { id: checkId(summaryId) }, schema: Transaction }),
  };
}

/** Operations on one asset's wallet transactions (deposits and withdrawals). */
export function walletTransactionsApi(http: Transport) {
  const list = async (asset: string, query: PageParams = {}) =>
    http.request("walletTransactions.list", {
      params: { asset: checkAssetCode(asset) },
      query: { ...checkPage(query.page, query.page_size) },
      schema: WalletTransactionPage,
    });
  return {
    /** One page of an asset's wallet transactions. */
    list,
    /** Every wallet transaction of an asset. */
    iterate: (asset: string, query: Omit<PageParams, "page"> = {}) =>
      iteratePages((page) => list(asset, { ...query, page })),
    /** The invoice of a wallet transaction. */
    invoice: async (asset: string, id: number, format?: InvoiceFormat) =>
      http.request("walletTransactions.invoice", {
        params: { asset: checkAssetCode(asset), id: checkId(id) },
        query: { format },
        schema: WalletTransaction,
      }),
  };
}

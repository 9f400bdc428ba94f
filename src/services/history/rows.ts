/**
 * The unified transaction history as the bot pages it: filters (asset, several types, a period), rows
 * reduced to what is shown, and stable screen pages over the exchange's newest-first list.
 */
import { z } from "zod";
import {
  type ExchangeClient,
  ExchangeNotFoundError,
  TRANSACTION_TIMES,
  TRANSACTION_TYPES,
  type Transaction,
  type TransactionType,
} from "../../exchange/index.ts";
import { type AnchoredPage, nextPage, type RowKey } from "../paging/anchored.ts";

/** Rows per screen page. */
export const HISTORY_PAGE_SIZE = 5;

/** Rows per exchange page read while looking for a screen page. */
const SOURCE_PAGE_SIZE = 50;

/** The history's period filter values (the exchange's `time`). */
export type HistoryPeriod = (typeof TRANSACTION_TIMES)[number];

/** Transaction types that have an invoice; the exchange answers 501 for the others. */
export const INVOICE_TYPES: readonly string[] = ["swap", "buy", "sell", "withdrawal"];

/** Filters of a history view; empty `types` means every type. */
export const HistoryFilters = z.object({
  asset: z
    .string()
    .regex(/^[A-Z0-9]{1,10}$/)
    .optional(),
  types: z.array(z.enum(TRANSACTION_TYPES)).max(TRANSACTION_TYPES.length),
  period: z.enum(TRANSACTION_TIMES).optional(),
});
/** Filters of a history view. */
export type HistoryFilters = z.output<typeof HistoryFilters>;

/** No filter at all. */
export const NO_FILTERS: HistoryFilters = { types: [] };

/** Whether any filter is set. */
export function hasFilters(filters: HistoryFilters): boolean {
  return filters.asset !== undefined || filters.types.length > 0 || filters.period !== undefined;
}

const amount = z.string().nullable();

/** A history row as kept for a view: what the list, the detail and the invoice button need. */
export const HistoryRow = z.object({
  id: z.number().int(),
  /** The id of what the row records (a withdrawal's own number, as /withdrawals shows it); absent in views kept before it was. */
  objectId: z.number().int().nullable().optional(),
  created: z.number(),
  type: z.string(),
  subtype: z.string().nullable(),
  srcAsset: z.string().nullable(),
  dstAsset: z.string().nullable(),
  srcAmount: amount,
  dstAmount: amount,
  rate: amount,
  fee: amount,
  feeCurrency: z.string().nullable(),
  audFee: amount,
  audValue: amount,
  status: z.string(),
});
/** A history row. */
export type HistoryRow = z.output<typeof HistoryRow>;

/** The row of a transaction; its id is the summary id. */
function toRow(tx: Transaction): HistoryRow {
  return {
    id: tx.summary_id,
    objectId: tx.object_id,
    created: tx.created.getTime(),
    type: tx.transaction_type,
    subtype: tx.transaction_subtype,
    srcAsset: tx.src_asset,
    dstAsset: tx.dst_asset,
    srcAmount: tx.src_amount,
    dstAmount: tx.dst_amount,
    rate: tx.exchange_rate,
    fee: tx.fee,
    feeCurrency: tx.fee_currency,
    audFee: tx.aud_fee,
    audValue: tx.aud_value,
    status: tx.status,
  };
}

/** The paging key of a row. */
export function rowKey(row: HistoryRow): RowKey {
  return { created: row.created, id: row.id };
}

/** The screen page after `after` (the first page without it), `shownBefore` rows into the list. */
export async function historyPage(
  client: ExchangeClient,
  filters: HistoryFilters,
  after: RowKey | undefined,
  shownBefore: number,
): Promise<AnchoredPage<HistoryRow>> {
  const types: readonly TransactionType[] | undefined = filters.types.length > 0 ? filters.types : undefined;
  return nextPage({
    async fetch(page, pageSize) {
      try {
        const result = await client.transactions.list({
          page,
          page_size: pageSize,
          ...(filters.asset ? { asset: filters.asset } : {}),
          ...(types ? { transaction_type: types } : {}),
          ...(filters.period ? { time: filters.period } : {}),
        });
        return { rows: result.results.map(toRow), hasNext: result.next !== null };
      } catch (error) {
        // A page past the end (the list shrank, e.g. rows left the period): no rows there.
        if (error instanceof ExchangeNotFoundError && page > 1) return { rows: [], hasNext: false };
        throw error;
      }
    },
    keyOf: rowKey,
    ...(after ? { after } : {}),
    shownBefore,
    pageSize: HISTORY_PAGE_SIZE,
    sourcePageSize: SOURCE_PAGE_SIZE,
  });
}

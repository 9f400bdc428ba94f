/** Checks of the unified transaction history's filters. */
import { TRANSACTION_TYPES, type TransactionType } from "../schemas.ts";
import { checkAsset, checkChoice, checkText, defined, Problems } from "./fields.ts";
import { collectPage, type PageParams } from "./values.ts";

/** Time period filter of the transaction history. */
export const TRANSACTION_TIMES = ["24h", "week", "month", "year"] as const;

/** Orderings of the transaction history (newest first is the service's default). */
export const TRANSACTION_ORDERINGS = ["created", "-created"] as const;

/** Filters of the unified transaction history; `ordering` is sent as `o`. */
export interface TransactionQueryInput extends PageParams {
  asset?: string;
  status?: string;
  transaction_type?: readonly TransactionType[];
  time?: (typeof TRANSACTION_TIMES)[number];
  ordering?: (typeof TRANSACTION_ORDERINGS)[number];
}

/** Wire query of the transaction history: `transaction_type` comma-joined, ordering as `o`. */
export interface TransactionQuery extends PageParams {
  asset?: string;
  status?: string;
  transaction_type?: string;
  time?: (typeof TRANSACTION_TIMES)[number];
  o?: (typeof TRANSACTION_ORDERINGS)[number];
}

/** Checks history filters: asset code, status, known types (de-duplicated), time, ordering, paging. */
export function checkTransactionQuery(input: TransactionQueryInput): TransactionQuery {
  const p = new Problems();
  let types: string | undefined;
  if (input.transaction_type !== undefined) {
    const list: unknown = input.transaction_type;
    if (!Array.isArray(list) || list.length === 0) {
      p.add("transaction_type", "Choose at least one transaction type.");
    } else {
      const unknown = list.filter((t) => !TRANSACTION_TYPES.includes(t));
      if (unknown.length > 0)
        p.add("transaction_type", `Each type must be one of: ${TRANSACTION_TYPES.join(", ")}.`);
      else types = [...new Set(list)].join(",");
    }
  }
  const query: TransactionQuery = {
    asset: checkAsset(p, "asset", input.asset, false),
    status: checkText(p, "status", input.status, { nonBlank: true }),
    transaction_type: types,
    time: checkChoice(p, "time", input.time, TRANSACTION_TIMES, false),
    o: checkChoice(p, "ordering", input.ordering, TRANSACTION_ORDERINGS, false),
    ...collectPage(p, input.page, input.page_size),
  };
  return p.done(defined(query));
}

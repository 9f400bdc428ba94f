/**
 * Recent withdrawals across assets. The exchange lists withdrawals per asset only, and every withdrawal
 * goes to an address book entry (deleted entries stay listed), so the assets of the address book are
 * exactly the assets that can have withdrawals: their lists are read and merged, newest first.
 */
import type { ExchangeClient, Withdrawal } from "../../exchange/index.ts";

/** A withdrawal with the asset it belongs to (the resource itself does not name it). */
export interface AssetWithdrawal {
  asset: string;
  withdrawal: Withdrawal;
}

/** One page of the merged list, and how many withdrawals there are in all. */
export interface WithdrawalPage {
  items: AssetWithdrawal[];
  total: number;
}

// The exchange's largest page (docs/wire-contract.md); deeper pages than this are not offered.
const MAX_PAGE_SIZE = 1000;

/** Page `page` (from 1) of `pageSize` withdrawals, newest first. */
export async function recentWithdrawals(
  client: ExchangeClient,
  page: number,
  pageSize: number,
): Promise<WithdrawalPage> {
  const assets = new Set<string>();
  for await (const entry of client.addressBook.iterate({ page_size: 100 })) {
    assets.add(entry.asset.toUpperCase());
  }
  // Enough of each asset's newest to fill this page whatever the mix.
  const wanted = Math.min(MAX_PAGE_SIZE, page * pageSize);
  const lists = await Promise.all(
    [...assets].map(async (asset) => ({
      asset,
      list: await client.withdrawals.list(asset, { page: 1, page_size: wanted }),
    })),
  );
  const all = lists.flatMap(({ asset, list }) => list.results.map((withdrawal) => ({ asset, withdrawal })));
  all.sort(
    (a, b) =>
      b.withdrawal.created.getTime() - a.withdrawal.created.getTime() || b.withdrawal.id - a.withdrawal.id,
  );
  const total = Math.min(
    lists.reduce((sum, { list }) => sum + list.count, 0),
    MAX_PAGE_SIZE,
  );
  return { items: all.slice((page - 1) * pageSize, page * pageSize), total };
}

/** What the history's record of a withdrawal adds: its fee, and its number among transactions. */
export interface WithdrawalRecord {
  fee: string | undefined;
  /** The transaction (summary) id /history shows it by; the withdrawal's own id is another number. */
  transactionId: number;
}

/** The history's withdrawal record of a withdrawal; undefined when none is found. */
export async function withdrawalRecord(
  client: ExchangeClient,
  asset: string,
  withdrawalId: number,
): Promise<WithdrawalRecord | undefined> {
  const page = await client.transactions.list({ asset, transaction_type: ["withdrawal"], page_size: 100 });
  const record = page.results.find((tx) => tx.object_id === withdrawalId);
  return record === undefined
    ? undefined
    : { fee: record.fee ?? undefined, transactionId: record.summary_id };
}

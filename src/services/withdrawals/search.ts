/**
 * Finding a withdrawal whose create answer was lost. "Created just now" means: among the newest
 * withdrawals of the asset, not one of those seen just before creating (when that read worked), with
 * the same amount and destination address, created no earlier than a minute before the attempt (the
 * exchange's clock may differ a little from ours).
 */
import { toDec, type Withdrawal } from "../../exchange/index.ts";

/** How many of the newest withdrawals are read, before creating and while searching. */
export const WITHDRAWAL_SEARCH_PAGE_SIZE = 10;

/** Slack for clocks that disagree, when comparing the creation time with the attempt. */
const CLOCK_SLACK_MS = 60_000;

/** What identifies a created withdrawal in the list. Plain JSON: it travels in a background job. */
export interface WithdrawalSearch {
  asset: string;
  amount: string;
  address: string;
  /** When the create was sent (epoch ms). */
  sentAt: number;
  /** Ids of the newest withdrawals just before creating; absent when that read failed. */
  knownIds?: number[];
}

/** The withdrawal of `withdrawals` (newest first) that the search describes, or undefined (the oldest match). */
export function matchCreatedWithdrawal(
  withdrawals: readonly Withdrawal[],
  search: WithdrawalSearch,
): Withdrawal | undefined {
  const known = search.knownIds === undefined ? undefined : new Set(search.knownIds);
  const amount = toDec(search.amount);
  const candidates = withdrawals.filter(
    (w) =>
      !known?.has(w.id) &&
      w.address === search.address &&
      toDec(w.amount).equals(amount) &&
      w.created.getTime() >= search.sentAt - CLOCK_SLACK_MS,
  );
  return candidates.at(-1);
}

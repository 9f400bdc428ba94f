/**
 * Finding a swap whose create answer was lost. The swap resource carries no creation time, so "placed
 * just now" means: among the newest swaps, not one of those seen just before placing, with the same
 * assets and the same requested amount. Only that proves a swap new: a search without the swaps seen before
 * (a job from a version that placed without them) finds nothing, and the user is told where to look.
 */
import { type SwapListItem, toDec } from "../../exchange/index.ts";

/** How many of the newest swaps are read, before placing and while searching. */
export const SEARCH_PAGE_SIZE = 10;

/** What identifies a placed swap in the list. Plain JSON: it travels in a background job. */
export interface SwapSearch {
  src: string;
  dst: string;
  side: "spend" | "receive";
  /** The requested amount as asked and as the estimate echoed it (the service may reformat it). */
  amounts: string[];
  expectedPrice: string;
  /** Ids of the newest swaps just before placing (placing never goes ahead without them). */
  knownIds: number[];
}

function sameAmount(value: string | null, amounts: readonly string[]): boolean {
  if (value === null) return false;
  const amount = toDec(value);
  return amounts.some((a) => toDec(a).equals(amount));
}

function samePrice(value: string | null, expected: string): boolean {
  return value !== null && toDec(value).equals(toDec(expected));
}

/**
 * The swap of `swaps` (newest first) that the search describes, or undefined. Of several candidates
 * the one with the quote's exact price wins, then the oldest, i.e. the first placed after the check.
 */
export function matchPlacedSwap(
  swaps: readonly SwapListItem[],
  search: SwapSearch,
): SwapListItem | undefined {
  // Plain JSON from a job: a search made before the ids were required may lack them.
  if (!Array.isArray(search.knownIds)) return undefined;
  const known = new Set(search.knownIds);
  const candidates = swaps.filter(
    (swap) =>
      swap.src_asset === search.src &&
      swap.dst_asset === search.dst &&
      sameAmount(search.side === "spend" ? swap.req_spend_amount : swap.req_get_amount, search.amounts) &&
      !known.has(swap.id),
  );
  const exact = candidates.filter((swap) => samePrice(swap.expected_price, search.expectedPrice));
  const pool = exact.length > 0 ? exact : candidates;
  // The list is newest first, so the last is the oldest.
  return pool.at(-1);
}

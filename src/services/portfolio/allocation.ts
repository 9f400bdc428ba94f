/**
 * What the /portfolio picture shows, from the portfolio summary: the allocation of the account's value
 * (each holding and the AUD cash, the small ones grouped as "other" so a long tail stays readable) and
 * the all-time return of each charted holding (the group's return summed over its members). Decimal
 * strings throughout.
 */
import { type Dec, formatDec, sumDec, toDec } from "../../exchange/index.ts";
import type { Holding, PortfolioSummary } from "../balance/portfolio-summary.ts";

/** At most this many slices, "other" included: more colours and legend rows are hard to tell apart. */
export const MAX_SLICES = 8;
/** A holding below this share of the value (percent) joins "other", unless it would be alone there. */
export const MIN_SHARE_PERCENT = "2";

/** A slice of the allocation: one crypto holding, the AUD cash, or several small holdings together. */
export interface Slice {
  kind: "asset" | "cash" | "other";
  /** The asset code ("AUD" for the cash); for "other", empty. */
  asset: string;
  /** For "other", the asset codes it groups (largest first); else the slice's own code. */
  members: string[];
  /** AUD value. */
  value: string;
  /** Share of the charted value, in percent. */
  share: string;
}

/** The all-time return of one charted holding, or of the holdings grouped as "other". */
export interface ReturnRow {
  kind: "asset" | "other";
  asset: string;
  members: string[];
  /** AUD; null when the exchange gave no return for any member. */
  totalReturn: string | null;
  /** Percent of the cost basis; null when it cannot be computed. */
  totalReturnPercent: string | null;
}

/** The picture's figures. `slices` is empty when nothing has a value to chart. */
export interface Allocation {
  /** Charted value: the holdings with a value, plus the AUD cash. */
  total: string;
  slices: Slice[];
  returns: ReturnRow[];
}

interface Item {
  kind: "asset" | "cash";
  asset: string;
  value: Dec;
  holding?: Holding;
}

const percentOf = (part: Dec, whole: Dec): string => formatDec(part.dividedBy(whole).times(100), 4);

/**
 * A holding's return as the exchange gives it; for a group, the sum of the members' returns and that sum as
 * a percentage of their cost basis (value minus return).
 */
function groupReturn(holdings: Holding[]): Pick<ReturnRow, "totalReturn" | "totalReturnPercent"> {
  const [single] = holdings;
  if (holdings.length === 1 && single !== undefined) {
    return {
      totalReturn: single.stats?.total_buy_return ?? null,
      totalReturnPercent: single.stats?.total_buy_return_percentage ?? null,
    };
  }
  const known = holdings.filter((h) => h.value !== null && h.stats?.total_buy_return != null);
  if (known.length === 0) return { totalReturn: null, totalReturnPercent: null };
  const gain = sumDec(known.map((h) => h.stats?.total_buy_return ?? "0"));
  const basis = sumDec(known.map((h) => h.value ?? "0")).minus(gain);
  return {
    totalReturn: formatDec(gain),
    totalReturnPercent: basis.greaterThan(0) ? percentOf(gain, basis) : null,
  };
}

/**
 * Splits the summary into slices and return rows. The cash is always a slice of its own (it has no return,
 * and a "+N" that counted it would differ between the two parts of the picture); holdings without a value
 * are not charted.
 */
export function portfolioAllocation(summary: PortfolioSummary): Allocation {
  const crypto: Item[] = summary.holdings
    .filter((h) => h.value !== null && toDec(h.value).greaterThan(0))
    .map((h) => ({ kind: "asset" as const, asset: h.asset, value: toDec(h.value ?? "0"), holding: h }))
    .sort((a, b) => b.value.comparedTo(a.value));
  const cash: Item[] = toDec(summary.aud).greaterThan(0)
    ? [{ kind: "cash", asset: "AUD", value: toDec(summary.aud) }]
    : [];
  const total = sumDec([...crypto, ...cash].map((i) => i.value));
  if (total.isZero()) return { total: "0", slices: [], returns: [] };

  // Room for the cash and for "other" is kept within MAX_SLICES.
  const room = MAX_SLICES - cash.length - 1;
  let shown = crypto.findIndex(
    (item, index) => index >= room || toDec(percentOf(item.value, total)).lessThan(MIN_SHARE_PERCENT),
  );
  if (shown === -1) shown = crypto.length;
  // "Other" of one holding says less than the holding itself.
  if (crypto.length - shown === 1) shown = crypto.length;
  const big = crypto.slice(0, shown);
  const rest = crypto.slice(shown);

  const slices: Slice[] = [...big, ...cash]
    .sort((a, b) => b.value.comparedTo(a.value))
    .map((item) => ({
      kind: item.kind,
      asset: item.asset,
      members: [item.asset],
      value: formatDec(item.value),
      share: percentOf(item.value, total),
    }));
  const returns: ReturnRow[] = big.map((item) => ({
    kind: "asset",
    asset: item.asset,
    members: [item.asset],
    ...groupReturn(item.holding === undefined ? [] : [item.holding]),
  }));
  if (rest.length > 0) {
    const value = sumDec(rest.map((i) => i.value));
    const members = rest.map((i) => i.asset);
    slices.push({
      kind: "other",
      asset: "",
      members,
      value: formatDec(value),
      share: percentOf(value, total),
    });
    const held = rest.flatMap((i) => (i.holding === undefined ? [] : [i.holding]));
    returns.push({ kind: "other", asset: "", members, ...groupReturn(held) });
  }
  return { total: formatDec(total), slices, returns };
}

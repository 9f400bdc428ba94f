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

/** Splits the summary into slices and return rows. Holdings without a value are not charted. */
export function portfolioAllocation(summary: PortfolioSummary): Allocation {
  const items: Item[] = summary.holdings
    .filter((h) => h.value !== null && toDec(h.value).greaterThan(0))
    .map((h) => ({ kind: "asset" as const, asset: h.asset, value: toDec(h.value ?? "0"), holding: h }));
  if (toDec(summary.aud).greaterThan(0))
    items.push({ kind: "cash", asset: "AUD", value: toDec(summary.aud) });
  items.sort((a, b) => b.value.comparedTo(a.value));
  const total = sumDec(items.map((i) => i.value));
  if (items.length === 0) return { total: "0", slices: [], returns: [] };

  const shown: Item[] = [];
  let rest: Item[] = [];
  for (const [index, item] of items.entries()) {
    const big = toDec(percentOf(item.value, total)).greaterThanOrEqualTo(MIN_SHARE_PERCENT);
    if (big && shown.length < MAX_SLICES - 1) shown.push(item);
    else {
      rest = items.slice(index);
      break;
    }
  }
  // "Other" of one holding says less than the holding itself.
  if (rest.length === 1) shown.push(...rest.splice(0));

  const slices: Slice[] = shown.map((item) => ({
    kind: item.kind,
    asset: item.asset,
    members: [item.asset],
    value: formatDec(item.value),
    share: percentOf(item.value, total),
  }));
  const returns: ReturnRow[] = shown.flatMap((item) =>
    item.holding === undefined
      ? []
      : [
          {
            kind: "asset" as const,
            asset: item.asset,
            members: [item.asset],
            ...groupReturn([item.holding]),
          },
        ],
  );
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
    if (held.length > 0) {
      returns.push({
        kind: "other",
        asset: "",
        members: held.map((h) => h.asset),
        ...groupReturn(held),
      });
    }
  }
  return { total: formatDec(total), slices, returns };
}

/**
 * The numbers behind /balance, /portfolio and the digest: AUD cash, each holding with its AUD value, the
 * total (crypto statistics plus the AUD balance, as the spec says), and the returns. Two day figures, named
 * apart wherever they are shown: the whole account's change (AUD cash included, which does not move), and
 * the crypto holdings' return as the exchange gives it. Everything stays a decimal string.
 */
import {
  Dec,
  type ExchangeClient,
  formatDec,
  type PortfolioAsset,
  sumDec,
  toDec,
} from "../../exchange/index.ts";

/**
 * The whole account's change today in %, AUD cash included: the day's return over the account's value at
 * the day's start (`total` minus the return). Null when that start value is not positive.
 */
export function accountDayPercent(dayReturn: string, total: string): string | null {
  const start = toDec(total).minus(dayReturn);
  if (!start.greaterThan(0)) return null;
  return formatDec(toDec(dayReturn).dividedBy(start).times(100), 4, { rounding: Dec.ROUND_HALF_UP });
}

/**
 * One crypto holding. `value` is null when the exchange gave no value for it; `stats` holds the exchange's
 * statistics of the asset (average buy price, returns), null for a balance the statistics left out.
 */
export interface Holding {
  asset: string;
  quantity: string;
  value: string | null;
  stale: boolean;
  stats: PortfolioAsset | null;
}

/** A snapshot of the account's worth. Returns are null when the exchange has none to give. */
export interface PortfolioSummary {
  aud: string;
  holdings: Holding[];
  cryptoValue: string;
  total: string;
  /** The day's return in AUD: the whole account's change today (AUD cash does not move). */
  dayReturn: string | null;
  /** The whole account's change today in %, AUD cash included ({@link accountDayPercent}). */
  accountDayPercent: string | null;
  /** The crypto holdings' return today in %, as the exchange gives it (AUD cash left out). */
  cryptoDayPercent: string | null;
  /** The crypto holdings' return against what they cost (their average buy price), in AUD and %. */
  totalReturn: string | null;
  totalReturnPercent: string | null;
}

/** Loads balances and statistics in parallel and combines them. */
export async function loadPortfolioSummary(client: ExchangeClient): Promise<PortfolioSummary> {
  const [balances, stats] = await Promise.all([
    client.balances.all(),
    client.portfolio.stats({ overall: true, page_size: 1000 }),
  ]);
  const overall = stats.results.find((r) => r.overall !== null)?.overall ?? null;
  const statAssets = stats.results.flatMap((r) => r.assets);

  const holdings = new Map<string, Holding>();
  for (const item of statAssets) {
    const asset = item.asset.toUpperCase();
    if (asset === "AUD" || toDec(item.current_balance).isZero()) continue;
    holdings.set(asset, {
      asset,
      quantity: item.current_balance,
      value: item.approximate_value,
      stale: item.stale_price,
      stats: item,
    });
  }
  // Balances the statistics left out still show, without a value rather than not at all.
  for (const [asset, amount] of Object.entries(balances)) {
    if (asset === "AUD" || holdings.has(asset) || toDec(amount).isZero()) continue;
    holdings.set(asset, { asset, quantity: amount, value: null, stale: false, stats: null });
  }

  const aud = balances.AUD ?? "0";
  const summedValue = sumDec([...holdings.values()].map((h) => h.value ?? "0"));
  const cryptoValue = overall ? toDec(overall.overall_aud_wallet_value) : summedValue;
  const sorted = [...holdings.values()].sort((a, b) =>
    toDec(b.value ?? "0").comparedTo(toDec(a.value ?? "0")),
  );
  const total = formatDec(cryptoValue.plus(aud));
  const dayReturn = overall?.overall_day_return ?? null;
  return {
    aud,
    holdings: sorted,
    cryptoValue: formatDec(cryptoValue),
    total,
    dayReturn,
    accountDayPercent: dayReturn === null ? null : accountDayPercent(dayReturn, total),
    cryptoDayPercent: overall?.overall_day_return_percentage ?? null,
    totalReturn: overall?.overall_total_return ?? null,
    totalReturnPercent: overall?.overall_total_return_percentage ?? null,
  };
}

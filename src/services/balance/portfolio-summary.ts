/**
 * The numbers behind /balance: AUD cash, each holding with its AUD value, the total (crypto statistics
 * plus the AUD balance, as the spec says), and day and total returns. Everything stays a decimal string.
 */
import { type ExchangeClient, formatDec, type PortfolioAsset, sumDec, toDec } from "../../exchange/index.ts";

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
  dayReturn: string | null;
  dayReturnPercent: string | null;
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
  return {
    aud,
    holdings: sorted,
    cryptoValue: formatDec(cryptoValue),
    total: formatDec(cryptoValue.plus(aud)),
    dayReturn: overall?.overall_day_return ?? null,
    dayReturnPercent: overall?.overall_day_return_percentage ?? null,
    totalReturn: overall?.overall_total_return ?? null,
    totalReturnPercent: overall?.overall_total_return_percentage ?? null,
  };
}

/** Portfolio summaries built by hand, for the /portfolio allocation, caption and chart tests. */
import { sumDec } from "../../src/exchange/index.ts";
import type { Holding, PortfolioSummary } from "../../src/services/balance/portfolio-summary.ts";

/** A holding worth `value` AUD with an all-time return of `gain` AUD (`percent` as the exchange says). */
export function holding(
  asset: string,
  value: string | null,
  gain: string | null = null,
  percent: string | null = null,
): Holding {
  return {
    asset,
    quantity: "1",
    value,
    stale: false,
    stats:
      value === null
        ? null
        : {
            asset,
            approximate_value: value,
            current_balance: "1",
            current_buy_price: value,
            current_sell_price: value,
            last_buy_price: null,
            last_sell_price: null,
            day_buy_return: "0",
            day_buy_return_percentage: "0",
            total_avg_buy: value,
            total_avg_sell: null,
            total_buy_return: gain,
            total_buy_return_percentage: percent,
            stale_price: false,
          },
  };
}

/** A summary of `holdings` plus `aud` cash. */
export function summaryOf(holdings: Holding[], aud = "0"): PortfolioSummary {
  const crypto = sumDec(holdings.map((h) => h.value ?? "0"));
  return {
    aud,
    holdings,
    cryptoValue: crypto.toFixed(),
    total: crypto.plus(aud).toFixed(),
    dayReturn: null,
    accountDayPercent: null,
    cryptoDayPercent: null,
    totalReturn: null,
    totalReturnPercent: null,
  };
}

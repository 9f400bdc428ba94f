/**
 * Portfolio statistics (wallet-stats): per crypto asset held or traded, current prices and value,
 * average buy and sell prices, day and total returns; `overall` sums them when overall=true. AUD is
 * excluded. Deposits count as acquisitions at their AUD value when deposited. The page holds one result
 * {overall, assets}; page and page_size page over the assets, and count is the number of assets.
 */
import { ASSETS, cryptoAsset, normaliseAssetCode } from "../assets.ts";
import type { Sandbox } from "../context.ts";
import { D, type Dec, FIAT, formatAmount, formatPercent } from "../decimal.ts";
import { json } from "../http-utils.ts";
import { balanceOf } from "../ledger.ts";
import { paginate } from "../pagination.ts";
import type { Account, Transaction } from "../records.ts";
import type { Router } from "../router.ts";
import { addDays } from "../time.ts";
import { queryBoolean } from "../validation.ts";

interface Fill {
  quantity: Dec;
  aud: Dec;
}

interface AssetStats {
  json: Record<string, unknown>;
  value: Dec;
  dayReturn: Dec;
  totalReturn: Dec;
  basis: Dec;
}

/** Acquisitions (buys, swaps into, deposits) and disposals (sells, swaps out of) of one asset. */
function fills(account: Account, asset: string): { bought: Fill[]; sold: Fill[] } {
  const bought: Fill[] = [];
  const sold: Fill[] = [];
  const done = (t: Transaction): boolean => t.status === "completed";
  for (const t of account.transactions) {
    if (!done(t)) continue;
    if (t.dstAsset === asset && (t.type === "buy" || t.type === "swap" || t.type === "deposit")) {
      bought.push({ quantity: new D(t.dstAmount), aud: new D(t.audValue) });
    } else if (t.srcAsset === asset && (t.type === "sell" || t.type === "swap")) {
      sold.push({ quantity: new D(t.srcAmount), aud: new D(t.type === "sell" ? t.dstAmount : t.audValue) });
    }
  }
  return { bought, sold };
}

function average(list: Fill[]): Dec {
  const quantity = list.reduce((sum, f) => sum.plus(f.quantity), new D(0));
  const aud = list.reduce((sum, f) => sum.plus(f.aud), new D(0));
  return quantity.isZero() ? new D(0) : aud.dividedBy(quantity);
}

function lastPrice(list: Fill[]): Dec {
  const last = list[list.length - 1];
  return last && !last.quantity.isZero() ? last.aud.dividedBy(last.quantity) : new D(0);
}

function percent(part: Dec, whole: Dec): string {
  return formatPercent(whole.isZero() ? new D(0) : part.dividedBy(whole).times(100));
}

function assetStats(sb: Sandbox, account: Account, asset: string): AssetStats | undefined {
  const balance = balanceOf(account, asset);
  const { bought, sold } = fills(account, asset);
  if (balance.isZero() && bought.length === 0 && sold.length === 0) return undefined;
  const dp = cryptoAsset(asset)?.priceDecimals ?? 2;
  const m = sb.market;
  const now = sb.clock.now();
  const value = balance.times(m.bid(asset)).toDecimalPlaces(2);
  const then = m.midAt(asset, addDays(now, -1));
  const dayReturn = balance.times(m.mid(asset).minus(then)).toDecimalPlaces(2);
  const avgBuy = average(bought);
  const basis = balance.times(avgBuy).toDecimalPlaces(2);
  const totalReturn = value.minus(basis);
  return {
    value,
    dayReturn,
    totalReturn,
    basis,
    json: {
      asset,
      approximate_value: formatAmount(FIAT, value),
      current_balance: formatAmount(asset, balance),
      current_buy_price: m.ask(asset).toFixed(dp),
      current_sell_price: m.bid(asset).toFixed(dp),
      last_buy_price: lastPrice(bought).toFixed(dp),
      last_sell_price: lastPrice(sold).toFixed(dp),
      day_buy_return: formatAmount(FIAT, dayReturn),
      day_buy_return_percentage: percent(m.mid(asset).minus(then), then),
      total_avg_buy: avgBuy.toFixed(dp),
      total_avg_sell: average(sold).toFixed(dp),
      total_buy_return: formatAmount(FIAT, totalReturn),
      total_buy_return_percentage: percent(totalReturn, basis),
      stale_price: false,
    },
  };
}

/** Registers GET /api/private/v2/wallet-stats/. */
export function registerPortfolioRoutes(router: Router): void {
  router.private("GET", "/api/private/v2/wallet-stats/", (req) => {
    const filter = req.query.get("asset");
    const wanted = filter ? normaliseAssetCode(filter) : undefined;
    const withOverall = queryBoolean(req.query, "overall") ?? false;
    const stats = ASSETS.filter((a) => wanted === undefined || a.code === wanted)
      .map((a) => assetStats(req.sb, req.account, a.code))
      .filter((s): s is AssetStats => s !== undefined);
    const sum = (pick: (s: AssetStats) => Dec): Dec =>
      stats.reduce((total, s) => total.plus(pick(s)), new D(0));
    const value = sum((s) => s.value);
    const dayReturn = sum((s) => s.dayReturn);
    const totalReturn = sum((s) => s.totalReturn);
    const overall = withOverall
      ? {
          overall_aud_wallet_value: formatAmount(FIAT, value),
          overall_day_return: formatAmount(FIAT, dayReturn),
          overall_day_return_percentage: percent(dayReturn, value.minus(dayReturn)),
          overall_total_return: formatAmount(FIAT, totalReturn),
          overall_total_return_percentage: percent(
            totalReturn,
            sum((s) => s.basis),
          ),
        }
      : null;
    const page = paginate(
      req,
      stats.map((s) => s.json),
    );
    return json(200, { ...page, results: [{ overall, assets: page.results }] });
  });
}

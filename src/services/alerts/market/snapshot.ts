/**
 * What the chat can say about an asset's market figures now, from the shared price history: each window's
 * move, the 24-hour change, RSI(14) on hourly closes and from when it is known. The same engine and history
 * the evaluator uses (market/watch.ts), so the figure shown when an alert is made is the one it is judged by.
 */
import type { PriceHistory } from "../../market/price-history.ts";
import { HOUR_MS } from "./kinds.ts";
import { MarketRules, type MarketSnapshot } from "./rules.ts";
import { asMinuteCloses } from "./watch.ts";

/**
 * The figures of `asset` at price `mid` (the ticker's mid now, a number: figures are ratios) read at `at`;
 * null when there is no price.
 */
export async function readMarketSnapshot(
  history: Pick<PriceHistory, "series">,
  asset: string,
  mid: number,
  at: number,
): Promise<MarketSnapshot | null> {
  if (!(mid > 0)) return null;
  const points = await history.series(asset, at - 26 * HOUR_MS, at, "1m");
  const rules = new MarketRules();
  const minuteStart = at - (at % 60_000);
  rules.loadHistory(
    asset,
    asMinuteCloses(points).filter((point) => point.at < minuteStart),
  );
  rules.reading(at, [[asset, mid]]);
  return rules.snapshot(asset);
}

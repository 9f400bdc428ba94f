/** The periods a price chart covers, and the history resolution each is drawn from. */
import type { HistoryResolution } from "../../../services/market/price-history.ts";

/** The periods, shortest first, as typed after /chart and shown on its buttons. */
export const CHART_PERIODS = ["1h", "24h", "7d", "30d"] as const;

/** A chart's period. */
export type ChartPeriod = (typeof CHART_PERIODS)[number];

/** The period of a chart asked without one. */
export const DEFAULT_PERIOD: ChartPeriod = "24h";

const HOUR_MS = 3_600_000;

/** Each period's length in ms. */
export const PERIOD_MS: Readonly<Record<ChartPeriod, number>> = {
  "1h": HOUR_MS,
  "24h": 24 * HOUR_MS,
  "7d": 7 * 24 * HOUR_MS,
  "30d": 30 * 24 * HOUR_MS,
};

/** Minutes for the hour and the day, five-minute slots for the week and the month. */
export const PERIOD_RESOLUTION: Readonly<Record<ChartPeriod, HistoryResolution>> = {
  "1h": "1m",
  "24h": "1m",
  "7d": "5m",
  "30d": "5m",
};

// Typed forms besides the codes themselves: "1d" for the day, "1w", "1mo" and "30 d" alike.
const ALIASES: Readonly<Record<string, ChartPeriod>> = {
  "60m": "1h",
  "1d": "24h",
  "1w": "7d",
  "1mo": "30d",
};

/** The period `typed` names ("7d", "7 D", "1w"), or undefined. */
export function parsePeriod(typed: string): ChartPeriod | undefined {
  const word = typed.toLowerCase().replace(/\s+/g, "");
  if ((CHART_PERIODS as readonly string[]).includes(word)) return word as ChartPeriod;
  return ALIASES[word];
}

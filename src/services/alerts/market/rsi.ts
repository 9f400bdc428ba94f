/**
 * The relative strength index with Wilder's smoothing, over a run of closes. Numbers, not decimals: an
 * RSI is a ratio of averaged price changes on a 0-100 scale, never an amount, and it is compared with a
 * threshold once per closed hour.
 */

/** The RSI's period: 14 changes, so 15 closes before the first value. */
export const RSI_PERIOD = 14;

/**
 * RSI(period) at the last of `closes` (oldest first), Wilder's way: the first averages of gains and losses
 * are plain means of the first `period` changes, each later change is smoothed in as
 * `avg = (avg * (period - 1) + change) / period`. `null` when there are fewer than `period + 1` closes.
 * With no loss at all the RSI is 100, with no change at all 50.
 */
export function wilderRsi(closes: readonly number[], period = RSI_PERIOD): number | null {
  if (closes.length < period + 1) return null;
  let gain = 0;
  let loss = 0;
  for (let i = 1; i <= period; i++) {
    const change = (closes[i] as number) - (closes[i - 1] as number);
    if (change > 0) gain += change;
    else loss -= change;
  }
  gain /= period;
  loss /= period;
  for (let i = period + 1; i < closes.length; i++) {
    const change = (closes[i] as number) - (closes[i - 1] as number);
    gain = (gain * (period - 1) + (change > 0 ? change : 0)) / period;
    loss = (loss * (period - 1) + (change < 0 ? -change : 0)) / period;
  }
  if (loss === 0) return gain === 0 ? 50 : 100;
  return 100 - 100 / (1 + gain / loss);
}

/**
 * The caption of a /chart picture, in the user's language: the asset and period, the live price and the
 * change since the first price drawn, the high and the low, from when the bot has prices (when later than
 * the period's start), and what each line stands for. Figures are formatted from decimal strings.
 */
import { Decimal } from "decimal.js";
import type { BotContext } from "../context.ts";
import { escapeHtml } from "../flow-kit/format/html.ts";
import { formatPercent, formatPrice } from "../flow-kit/format/numbers.ts";
import { formatDateTime } from "../flow-kit/format/time.ts";
import type { ChartPeriod } from "../flow-kit/pictures/periods.ts";
import type { ChartLevel } from "../flow-kit/pictures/price-chart.ts";

/** The figures of a chart, as decimal strings. */
export interface ChartFigures {
  asset: string;
  /** The exchange's name of the asset ("" when none). */
  name: string;
  period: ChartPeriod;
  first: string;
  last: string;
  high: string;
  low: string;
  /** Percent change from `first` to `last`. */
  change: string;
  /** When the history starts, if later than the period's start (epoch ms). */
  since?: number;
  /** Whether the line has breaks (slots without a price). */
  gaps: boolean;
}

/** What the personal lines came to: drawn (possibly none), no key connected, or not readable. */
export type PersonalLines =
  | {
      kind: "drawn";
      levels: ChartLevel[] /** Armed triggers left out, further from the price. */;
      more: number;
    }
  | { kind: "no-key" }
  | { kind: "failed"; reason: string };

/** The caption (HTML) for a chart of `figures` with `lines`, at `clock` in the user's zone. */
export function chartCaption(
  figures: ChartFigures,
  lines: PersonalLines,
  t: BotContext["t"],
  locale: string,
  zone: string,
  clock: { time: string; zone: string },
): string {
  const price = (amount: string) => formatPrice(amount, locale);
  const out = [
    t("chart-title", {
      asset: escapeHtml(figures.asset),
      name: figures.name === "" ? "" : ` ${escapeHtml(figures.name)}`,
      period: t(`chart-period-${figures.period}`),
    }),
    t("chart-figures", {
      last: price(figures.last),
      change: formatPercent(figures.change, locale),
      first: price(figures.first),
    }),
    t("chart-range", { high: price(figures.high), low: price(figures.low) }),
  ];
  if (figures.since !== undefined) {
    out.push(t("chart-since", { since: formatDateTime(new Date(figures.since), zone, locale), zone }));
  }
  if (figures.gaps) out.push(t("chart-gaps"));
  const legend: string[] = [];
  if (lines.kind === "drawn") {
    const triggers = lines.levels
      .filter((level) => level.kind === "above" || level.kind === "below")
      .sort((a, b) => new Decimal(b.price).comparedTo(a.price));
    if (triggers.length > 0) {
      const list = triggers
        .map((level) => `${level.kind === "above" ? "▲" : "▼"} ${price(level.price)}`)
        .join(", ");
      legend.push(t("chart-legend-triggers", { levels: list }));
    }
    if (lines.more > 0) legend.push(t("chart-legend-more", { count: lines.more }));
    const watched = lines.levels.filter((level) => level.kind === "watched");
    if (watched.length > 0) {
      legend.push(
        t("chart-legend-watched", { levels: watched.map((level) => price(level.price)).join(", ") }),
      );
    }
    const average = lines.levels.find((level) => level.kind === "average");
    if (average !== undefined) legend.push(t("chart-legend-average", { price: price(average.price) }));
  } else if (lines.kind === "no-key") legend.push(t("chart-no-key"));
  else legend.push(t("chart-lines-failed", { reason: lines.reason }));
  return [out.join("\n"), legend.join("\n"), t("chart-updated", clock)]
    .filter((part) => part !== "")
    .join("\n\n");
}

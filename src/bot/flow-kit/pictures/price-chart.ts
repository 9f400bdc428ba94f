/**
 * The /chart picture as SVG: the asset's mid price over the period on /portfolio's card (the same
 * background, font and text colours, so it reads the same in Telegram's light and dark themes), with the
 * user's levels as labelled horizontal lines. Like /portfolio's it holds no words: the asset's code, the
 * period's code, prices and times only; the caption explains it in the user's language.
 *
 * The levels' tags stand in a column right of the plot, so none covers the line's end (the live price,
 * marked with a dot); a tag moved aside for another is joined to its line by a short leader, and a level
 * off the prices has its tag pinned inside the plot's top or bottom edge, clear of the time axis below.
 *
 * Missing history is never drawn as a line: the price is cut into segments where slots are missing
 * (plot.ts), a lone point is a dot. Each segment is thinned to its pixel columns, so a month of five-minute
 * slots stays a small SVG.
 */
import { Decimal } from "decimal.js";
import type { PricePoint } from "../../../services/market/price-history.ts";
import { intlLocale } from "../format/locale.ts";
import { formatPercent, formatPrice } from "../format/numbers.ts";
import { svgText } from "../format/svg.ts";
import type { ChartPeriod } from "./periods.ts";
import { niceStep, segmentsOf, stepDecimals, thin, timeTicks } from "./plot.ts";
import { CHART_FONT, CHART_THEME } from "./theme.ts";

/**
 * What a level line stands for: a price trigger that fires above or below it, the average buy price, or
 * a threshold the bot itself watches (smart alerts).
 */
export type ChartLevelKind = "above" | "below" | "average" | "watched";

/** A horizontal line across the chart. */
export interface ChartLevel {
  /** The level, a decimal string. */
  price: string;
  kind: ChartLevelKind;
  /** The text of its tag: numbers or codes only (the caption explains it), e.g. the formatted price. */
  label: string;
}

/** Colours beyond /portfolio's theme; each checked for contrast against the card. */
export const PRICE_CHART_COLORS = {
  grid: "#3a4454",
  /** Tag text, on a level's colour. */
  tagText: CHART_THEME.background,
  levels: {
    above: "#f5a524",
    below: "#f5a524",
    average: "#64a8fb",
    watched: "#b69cfb",
  } satisfies Record<ChartLevelKind, string>,
} as const;

// How each kind's line is dashed (none: solid).
const DASHES: Record<ChartLevelKind, string | undefined> = {
  above: "14 10",
  below: "14 10",
  average: "4 8",
  watched: "2 6",
};

/** What the picture shows. */
export interface PriceChartInput {
  asset: string;
  /** The period's code, top right: a /chart period, or an alert picture's "6h". */
  period: ChartPeriod | "6h";
  /** The history and the live price last, ascending; gaps are slots without a point. */
  points: readonly PricePoint[];
  /** The history's slot width (a gap is more than two slots). */
  slotMs: number;
  /** The time axis. */
  from: number;
  to: number;
  /** The live mid price, a decimal string. */
  last: string;
  /** The change over the points, in percent (a decimal string); null when not known. */
  change: string | null;
  levels: readonly ChartLevel[];
  timeZone: string;
  locale: string;
  /**
   * The output's size as a share of {@link PRICE_CHART_SIZE} (default 1): the same drawing, scaled by the
   * renderer, so a smaller picture (an alert's) needs no layout of its own.
   */
  scale?: number;
}

/** The picture's size in pixels. */
export const PRICE_CHART_SIZE = { width: 1080, height: 720 } as const;

const PAD = 56;
const TAG_HEIGHT = 34;
/** A tag's width: its marker and a price with an arrow ("↑ 400,000.00"). */
const TAG_WIDTH = 230;
// The tags' column starts this far right of the plot, so the line's end and the live price's dot stay
// clear of them.
const TAG_GAP = 32;
// Between stacked tags.
const TAG_SPACING = 4;
// The header's last baseline, and a little below it: crowded tags may stack up to here.
const HEADER_BOTTOM = PAD + 104 + 24;
/** The plot's box within the picture; the tags' column and the price labels are right of it. */
export const PLOT = {
  left: PAD,
  right: PRICE_CHART_SIZE.width - PAD - TAG_WIDTH - TAG_GAP,
  top: 220,
  bottom: 620,
} as const;
/** Where the tags' column starts. */
const TAG_LEFT = PLOT.right + TAG_GAP;
// A level further from the prices than this share of their span is pinned to the edge, not followed.
const LEVEL_REACH = 0.6;
// The live price's dot: its radius, and the ring in the card's colour that parts it from the lines.
const LIVE_DOT = 7;
const LIVE_RING = 3;
// A leader runs level with its line this far past the live price's dot before turning to its tag.
const LEADER_STUB = LIVE_DOT + LIVE_RING;

const text = svgText;

const priceFormats = new Map<string, Intl.NumberFormat>();

/** An axis label: the price with the decimals its step needs, grouped, no symbol (the caption says AUD). */
function axisLabel(value: number, decimals: number, locale: string): string {
  const key = `${locale}:${decimals}`;
  let format = priceFormats.get(key);
  if (format === undefined) {
    format = new Intl.NumberFormat(intlLocale(locale), {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    });
    priceFormats.set(key, format);
  }
  return format.format(value);
}

/** The price range shown: the points', widened to the levels near them, with a margin. */
function priceRange(points: readonly PricePoint[], levels: readonly number[]): { low: number; high: number } {
  let low = Number.POSITIVE_INFINITY;
  let high = Number.NEGATIVE_INFINITY;
  for (const point of points) {
    if (point.mid < low) low = point.mid;
    if (point.mid > high) high = point.mid;
  }
  const reach = Math.max(high - low, high * 0.01) * LEVEL_REACH;
  for (const level of levels) {
    if (level >= low - reach && level <= high + reach) {
      low = Math.min(low, level);
      high = Math.max(high, level);
    }
  }
  const margin = Math.max(high - low, high * 0.002) * 0.08;
  return { low: Math.max(0, low - margin), high: high + margin };
}

/** The triangle, dot or diamond at the start of a level's tag. */
function marker(kind: ChartLevelKind, x: number, y: number, color: string): string {
  if (kind === "above")
    return `<path d="M${x - 8} ${y + 6}L${x} ${y - 7}L${x + 8} ${y + 6}Z" fill="${color}"/>`;
  if (kind === "below")
    return `<path d="M${x - 8} ${y - 6}L${x} ${y + 7}L${x + 8} ${y - 6}Z" fill="${color}"/>`;
  if (kind === "average") return `<circle cx="${x}" cy="${y}" r="7" fill="${color}"/>`;
  return `<path d="M${x} ${y - 8}L${x + 8} ${y}L${x} ${y + 8}L${x - 8} ${y}Z" fill="${color}"/>`;
}

/** Where a level's line and tag go. */
interface Tag {
  level: ChartLevel;
  /** The level as a number, to place it. */
  value: number;
  /** Within the price range (a line is drawn), or pinned to the top or bottom edge (tag only). */
  inside: boolean;
  lineY: number;
  /** The tag's middle: at its line, moved just enough not to overlap another tag. */
  y: number;
}

/** A run of touching tags, placed together: `sum` is what its tags want, less their offsets in it. */
interface Cluster {
  count: number;
  sum: number;
  start: number;
}

/**
 * Middles for tags wanting `wanted` (ascending), `pitch` apart and from `lowest` to `highest`: a run of
 * tags that would touch is centred on where its tags want to be, so a crowd spreads both ways from its
 * lines rather than all downwards.
 */
function spread(wanted: readonly number[], pitch: number, lowest: number, highest: number): number[] {
  const place = (cluster: Cluster) => {
    const room = highest - (cluster.count - 1) * pitch;
    cluster.start = Math.min(Math.max(cluster.sum / cluster.count, lowest), room);
  };
  const clusters: Cluster[] = [];
  for (const y of wanted) {
    let cluster: Cluster = { count: 1, sum: y, start: y };
    place(cluster);
    let previous = clusters.at(-1);
    while (previous !== undefined && previous.start + previous.count * pitch > cluster.start) {
      clusters.pop();
      const sum = previous.sum + cluster.sum - cluster.count * previous.count * pitch;
      cluster = { count: previous.count + cluster.count, sum, start: 0 };
      place(cluster);
      previous = clusters.at(-1);
    }
    clusters.push(cluster);
  }
  return clusters.flatMap((cluster) =>
    Array.from({ length: cluster.count }, (_, i) => cluster.start + i * pitch),
  );
}

/**
 * The levels' tags in the column right of the plot, within the plot's height (clear of the time axis
 * below it), a level off the prices pinned inside the edge it is beyond. Tags that do not fit the plot's
 * height stack up towards the header, and past that squeeze closer.
 */
function placeTags(
  levels: readonly ChartLevel[],
  prices: readonly number[],
  low: number,
  high: number,
  yOf: (mid: number) => number,
): Tag[] {
  const half = TAG_HEIGHT / 2;
  const tags = levels.map((level, index): Tag => {
    const value = prices[index] as number;
    const inside = value >= low && value <= high;
    const lineY = inside ? yOf(value) : value > high ? PLOT.top : PLOT.bottom;
    const y = inside ? lineY : value > high ? PLOT.top + half : PLOT.bottom - half;
    return { level, value, inside, lineY, y };
  });
  if (tags.length === 0) return tags;
  // Top to bottom; of tags wanting one height (pinned together), the higher price on top.
  const ordered = [...tags].sort((a, b) => a.y - b.y || b.value - a.value);
  const count = ordered.length;
  const needed = count * TAG_HEIGHT + (count - 1) * TAG_SPACING;
  const ceiling = Math.max(HEADER_BOTTOM, Math.min(PLOT.top, PLOT.bottom - needed));
  const pitch = Math.min(
    TAG_HEIGHT + TAG_SPACING,
    (PLOT.bottom - ceiling - TAG_HEIGHT) / Math.max(1, count - 1),
  );
  const ys = spread(
    ordered.map((tag) => tag.y),
    pitch,
    ceiling + half,
    PLOT.bottom - half,
  );
  for (const [i, tag] of ordered.entries()) tag.y = ys[i] as number;
  return tags;
}

/** The SVG document of the chart; `input.points` holds at least one point. */
export function priceChartSvg(input: PriceChartInput): string {
  const { width, height } = PRICE_CHART_SIZE;
  const { left, right, top, bottom } = PLOT;
  const levelPrices = input.levels.map((level) => new Decimal(level.price).toNumber());
  const { low, high } = priceRange(input.points, levelPrices);
  const span = input.to - input.from || 1;
  const xOf = (at: number) => left + ((at - input.from) / span) * (right - left);
  const yOf = (mid: number) => bottom - ((mid - low) / (high - low)) * (bottom - top);
  const parts: string[] = [`<rect width="${width}" height="${height}" fill="${CHART_THEME.background}"/>`];

  // Header: the code, the live price and the change, the period on the right.
  const change = input.change;
  const changeColor =
    change === null || new Decimal(change).isZero()
      ? CHART_THEME.muted
      : new Decimal(change).isNegative()
        ? CHART_THEME.loss
        : CHART_THEME.gain;
  parts.push(
    text(PAD, PAD + 50, input.asset, { size: 56, color: CHART_THEME.text, bold: true }),
    text(PAD, PAD + 104, formatPrice(input.last, input.locale), { size: 40, color: CHART_THEME.text }),
    text(width - PAD, PAD + 50, input.period, {
      size: 44,
      color: CHART_THEME.muted,
      bold: true,
      anchor: "end",
    }),
  );
  if (change !== null) {
    parts.push(
      text(width - PAD, PAD + 104, formatPercent(change, input.locale), {
        size: 40,
        color: changeColor,
        bold: true,
        anchor: "end",
      }),
    );
  }

  const tags = placeTags(input.levels, levelPrices, low, high, yOf);
  // Price grid and its labels on the right.
  const step = niceStep(high - low, 4);
  const decimals = stepDecimals(step);
  for (let value = Math.ceil(low / step) * step; value <= high; value += step) {
    const y = yOf(value);
    // A label a level's tag would cover is left out (the grid line stays).
    const covered = tags.some((tag) => Math.abs(tag.y - y) < TAG_HEIGHT);
    parts.push(
      `<line x1="${left}" y1="${y.toFixed(1)}" x2="${right}" y2="${y.toFixed(1)}" stroke="${PRICE_CHART_COLORS.grid}" stroke-width="2"/>`,
    );
    if (!covered) {
      parts.push(
        text(TAG_LEFT, y + 10, axisLabel(value, decimals, input.locale), {
          size: 28,
          color: CHART_THEME.muted,
        }),
      );
    }
  }
  // Time ticks along the bottom.
  for (const tick of timeTicks(input.from, input.to, input.timeZone, input.locale, 6)) {
    const x = xOf(tick.at);
    parts.push(
      `<line x1="${x.toFixed(1)}" y1="${bottom}" x2="${x.toFixed(1)}" y2="${bottom + 10}" stroke="${CHART_THEME.rule}" stroke-width="2"/>`,
      text(x, bottom + 46, tick.label, { size: 28, color: CHART_THEME.muted, anchor: "middle" }),
    );
  }
  parts.push(
    `<line x1="${left}" y1="${bottom}" x2="${right}" y2="${bottom}" stroke="${CHART_THEME.rule}" stroke-width="2"/>`,
  );

  // Levels: a line across to the plot's edge, joined to its tag (which may have moved aside for
  // another); a level far off the prices has its tag only. Drawn under the price.
  for (const tag of tags) {
    if (!tag.inside) continue;
    const color = PRICE_CHART_COLORS.levels[tag.level.kind];
    const dash = DASHES[tag.level.kind];
    const lineY = tag.lineY.toFixed(1);
    parts.push(
      `<line x1="${left}" y1="${lineY}" x2="${right}" y2="${lineY}" stroke="${color}" stroke-width="3"${dash ? ` stroke-dasharray="${dash}"` : ""}/>`,
      `<polyline points="${right},${lineY} ${right + LEADER_STUB},${lineY} ${TAG_LEFT},${tag.y.toFixed(1)}" fill="none" stroke="${color}" stroke-width="2"/>`,
    );
  }

  // The price: a path per segment, a dot for a lone point.
  const lineColor = change !== null && new Decimal(change).isNegative() ? CHART_THEME.loss : CHART_THEME.gain;
  const columnOf = (at: number) => Math.floor(xOf(at));
  for (const segment of segmentsOf(input.points, input.slotMs)) {
    const kept = thin(segment, columnOf);
    if (kept.length === 1) {
      const only = kept[0] as PricePoint;
      parts.push(
        `<circle cx="${xOf(only.at).toFixed(1)}" cy="${yOf(only.mid).toFixed(1)}" r="4" fill="${lineColor}"/>`,
      );
      continue;
    }
    const d = kept
      .map((point, i) => `${i === 0 ? "M" : "L"}${xOf(point.at).toFixed(1)} ${yOf(point.mid).toFixed(1)}`)
      .join("");
    parts.push(
      `<path d="${d}" fill="none" stroke="${lineColor}" stroke-width="4" stroke-linejoin="round" stroke-linecap="round"/>`,
    );
  }
  // The live price (the last point) marked at the line's end, left of the tags' column.
  const live = input.points.at(-1) as PricePoint;
  parts.push(
    `<circle cx="${xOf(live.at).toFixed(1)}" cy="${yOf(live.mid).toFixed(1)}" r="${LIVE_DOT}" fill="${lineColor}" stroke="${CHART_THEME.background}" stroke-width="${LIVE_RING}"/>`,
  );

  for (const tag of tags) {
    const color = PRICE_CHART_COLORS.levels[tag.level.kind];
    const tagTop = tag.y - TAG_HEIGHT / 2;
    const label = tag.inside ? tag.level.label : `${tag.lineY <= top ? "↑" : "↓"} ${tag.level.label}`;
    parts.push(
      `<rect x="${TAG_LEFT}" y="${tagTop.toFixed(1)}" width="${TAG_WIDTH}" height="${TAG_HEIGHT}" rx="8" fill="${color}"/>`,
      marker(tag.level.kind, TAG_LEFT + 22, tag.y, PRICE_CHART_COLORS.tagText),
      text(TAG_LEFT + TAG_WIDTH - 8, tag.y + 9, label, {
        size: 24,
        color: PRICE_CHART_COLORS.tagText,
        bold: true,
        anchor: "end",
      }),
    );
  }
  const scale = input.scale ?? 1;
  const outWidth = Math.round(width * scale);
  const outHeight = Math.round(height * scale);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${outWidth}" height="${outHeight}" viewBox="0 0 ${width} ${height}" font-family="${CHART_FONT}">`,
    ...parts,
    "</svg>",
  ].join("\n");
}

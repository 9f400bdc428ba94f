/**
 * The /portfolio picture as SVG: the total value and all-time return on top, the allocation as a donut
 * with a legend (asset, share, AUD value), then one bar per charted holding for its all-time return.
 *
 * It is drawn on a card with its own mid-dark background, so it reads the same in Telegram's light and
 * dark themes, with text colours of at least 4.5:1 contrast and slice colours of at least 3:1 against the
 * card (test/bot/portfolio-chart.test.ts checks them). The picture holds no words, only asset codes,
 * numbers and signs: it needs no translation, and the bundled Latin font covers every glyph (the caption
 * explains the picture in the user's language). Geometry is pixel arithmetic on numbers; the figures
 * themselves arrive as decimal strings and are formatted, never computed, here.
 */
import { toDec } from "../../exchange/index.ts";
import type { PortfolioSummary } from "../../services/balance/portfolio-summary.ts";
import type { Allocation, ReturnRow, Slice } from "../../services/portfolio/allocation.ts";
import { formatAud, formatPercent } from "../flow-kit/format/numbers.ts";
import { svgText } from "../flow-kit/format/svg.ts";
import { CHART_FONT, CHART_THEME } from "../flow-kit/pictures/theme.ts";

const WIDTH = 1080;
const PAD = 56;
const HEADER = 230;
const DONUT_OUTER = 180;
const DONUT_WIDTH = 88;
const LEGEND_ROW = 60;
const SECTION_GAP = 36;
const RETURN_ROW = 68;
// A legend code longer than this is cut, so it never runs into the share column.
const MAX_CODE_CHARS = 6;

/** The picture's size in pixels: fixed width, height from its number of legend and return rows. */
export function chartSize(allocation: Allocation): { width: number; height: number } {
  const { returnsTop } = sections(allocation);
  return { width: WIDTH, height: returnsTop + allocation.returns.length * RETURN_ROW + PAD };
}

function sections(allocation: Allocation) {
  const allocationTop = HEADER;
  const allocationHeight = Math.max(2 * DONUT_OUTER + 20, allocation.slices.length * LEGEND_ROW);
  const allocationEnd = allocationTop + allocationHeight;
  const rule = allocationEnd + SECTION_GAP;
  const returnsTop = allocation.returns.length === 0 ? allocationEnd : rule + SECTION_GAP;
  return { allocationTop, allocationHeight, rule, returnsTop };
}

function cut(code: string): string {
  const chars = [...code];
  return chars.length > MAX_CODE_CHARS ? `${chars.slice(0, MAX_CODE_CHARS - 1).join("")}…` : code;
}

/** The colour of each slice: palette in order, the cash and the "other" group their own. */
export function sliceColors(slices: Slice[]): string[] {
  let next = 0;
  return slices.map((slice) => {
    if (slice.kind === "cash") return CHART_THEME.cash;
    if (slice.kind === "other") return CHART_THEME.other;
    return CHART_THEME.slices[next++ % CHART_THEME.slices.length] as string;
  });
}

/** How a slice or row is named in the picture: its code, or "+N" for N holdings grouped. */
function label(item: Slice | ReturnRow): string {
  return item.kind === "other" ? `+${item.members.length}` : cut(item.asset);
}

function signColor(amount: string | null): string {
  if (amount === null) return CHART_THEME.muted;
  const value = toDec(amount);
  if (value.isZero()) return CHART_THEME.text;
  return value.isNegative() ? CHART_THEME.loss : CHART_THEME.gain;
}

const text = svgText;

/** Text the picture's font draws (Latin only: a label in another script is left to the caption). */
const DRAWABLE = /^[\x20-\x7e’“”…]*$/;

/**
 * The account's value, and under it the crypto's all-time return (in AUD and % of what it cost), named by
 * `allTimeLabel` when the font can draw it; the caption's legend names it in every language.
 */
function header(summary: PortfolioSummary, locale: string, allTimeLabel: string): string[] {
  const parts = [
    text(PAD, PAD + 62, formatAud(summary.total, locale), { size: 68, color: CHART_THEME.text, bold: true }),
  ];
  if (summary.totalReturn !== null) {
    const percent =
      summary.totalReturnPercent === null ? "" : `  ${formatPercent(summary.totalReturnPercent, locale)}`;
    const label = DRAWABLE.test(allTimeLabel) ? `${allTimeLabel}  ` : "";
    parts.push(
      text(PAD, PAD + 130, `${label}${formatAud(summary.totalReturn, locale, true)}${percent}`, {
        size: 40,
        color: signColor(summary.totalReturn),
      }),
    );
  }
  return parts;
}

function donut(allocation: Allocation, colors: string[], top: number, height: number): string[] {
  const cx = PAD + DONUT_OUTER;
  const cy = top + height / 2;
  const radius = DONUT_OUTER - DONUT_WIDTH / 2;
  const circumference = 2 * Math.PI * radius;
  // A hairline of the card's colour between slices; none when one slice fills the ring.
  const gap = allocation.slices.length > 1 ? 3 : 0;
  const parts: string[] = [];
  let start = 0;
  for (const [index, slice] of allocation.slices.entries()) {
    // Pixel geometry only: the share (a decimal string) becomes an arc length.
    const length = (toDec(slice.share).toNumber() / 100) * circumference;
    const drawn = Math.max(length - gap, 1);
    parts.push(
      `<circle cx="${cx}" cy="${cy}" r="${radius.toFixed(2)}" fill="none" stroke="${colors[index]}" stroke-width="${DONUT_WIDTH}" stroke-dasharray="${drawn.toFixed(2)} ${circumference.toFixed(2)}" stroke-dashoffset="${(-start).toFixed(2)}" transform="rotate(-90 ${cx} ${cy})"/>`,
    );
    start += length;
  }
  return parts;
}

function legend(
  allocation: Allocation,
  colors: string[],
  top: number,
  height: number,
  locale: string,
): string[] {
  const x = PAD + 2 * DONUT_OUTER + 56;
  const first = top + (height - allocation.slices.length * LEGEND_ROW) / 2;
  const parts: string[] = [];
  for (const [index, slice] of allocation.slices.entries()) {
    const middle = first + index * LEGEND_ROW + LEGEND_ROW / 2;
    parts.push(
      `<rect x="${x}" y="${middle - 16}" width="32" height="32" rx="7" fill="${colors[index]}"/>`,
      text(x + 50, middle + 12, label(slice), { size: 34, color: CHART_THEME.text, bold: true }),
      text(WIDTH - PAD - 270, middle + 12, formatPercent(slice.share, locale, false), {
        size: 32,
        color: CHART_THEME.muted,
        anchor: "end",
      }),
      text(WIDTH - PAD, middle + 12, formatAud(slice.value, locale), {
        size: 34,
        color: CHART_THEME.text,
        anchor: "end",
      }),
    );
  }
  return parts;
}

function returnBars(allocation: Allocation, top: number, locale: string): string[] {
  const barLeft = PAD + 170;
  const barRight = WIDTH - PAD - 440;
  const percents = allocation.returns.map((row) =>
    row.totalReturnPercent === null ? null : toDec(row.totalReturnPercent).toNumber(),
  );
  const known = percents.filter((p): p is number => p !== null);
  const hasLoss = known.some((p) => p < 0);
  const hasGain = known.some((p) => p > 0);
  // The zero line sits where both directions fit: the middle, or the side the bars grow away from.
  const axis = hasLoss && hasGain ? (barLeft + barRight) / 2 : hasLoss ? barRight : barLeft;
  const room = hasLoss && hasGain ? (barRight - barLeft) / 2 : barRight - barLeft;
  const scale = Math.max(1, ...known.map(Math.abs));
  const parts = [
    `<line x1="${axis}" y1="${top + 6}" x2="${axis}" y2="${top + allocation.returns.length * RETURN_ROW - 6}" stroke="${CHART_THEME.rule}" stroke-width="2"/>`,
  ];
  for (const [index, row] of allocation.returns.entries()) {
    const middle = top + index * RETURN_ROW + RETURN_ROW / 2;
    const percent = percents[index] ?? null;
    const color = signColor(row.totalReturnPercent);
    parts.push(text(PAD, middle + 12, label(row), { size: 34, color: CHART_THEME.text, bold: true }));
    if (percent !== null && percent !== 0) {
      const length = Math.max(4, (Math.abs(percent) / scale) * room);
      const x = percent < 0 ? axis - length : axis;
      parts.push(
        `<rect x="${x.toFixed(1)}" y="${middle - 15}" width="${length.toFixed(1)}" height="30" rx="6" fill="${color}"/>`,
      );
    }
    const amount = row.totalReturn === null ? "—" : formatAud(row.totalReturn, locale, true);
    const share = row.totalReturnPercent === null ? "—" : formatPercent(row.totalReturnPercent, locale);
    parts.push(
      text(WIDTH - PAD - 210, middle + 11, amount, { size: 30, color: CHART_THEME.muted, anchor: "end" }),
      text(WIDTH - PAD, middle + 12, share, { size: 34, color, bold: true, anchor: "end" }),
    );
  }
  return parts;
}

/**
 * The SVG of the picture for a summary with something to chart (`allocation.slices` not empty);
 * `allTimeLabel` names the figure under the value (see {@link header}).
 */
export function portfolioChartSvg(
  summary: PortfolioSummary,
  allocation: Allocation,
  locale: string,
  allTimeLabel = "",
): string {
  const { width, height } = chartSize(allocation);
  const { allocationTop, allocationHeight, rule, returnsTop } = sections(allocation);
  const colors = sliceColors(allocation.slices);
  const parts = [
    `<rect width="${width}" height="${height}" fill="${CHART_THEME.background}"/>`,
    ...header(summary, locale, allTimeLabel),
    ...donut(allocation, colors, allocationTop, allocationHeight),
    ...legend(allocation, colors, allocationTop, allocationHeight, locale),
  ];
  if (allocation.returns.length > 0) {
    parts.push(
      `<line x1="${PAD}" y1="${rule}" x2="${width - PAD}" y2="${rule}" stroke="${CHART_THEME.rule}" stroke-width="2"/>`,
      ...returnBars(allocation, returnsTop, locale),
    );
  }
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="${CHART_FONT}">`,
    ...parts,
    "</svg>",
  ].join("\n");
}

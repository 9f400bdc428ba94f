/**
 * Where the /chart picture puts the levels' tags, read from the SVG as drawn: the price line's end (the
 * live price) is never under a tag, a level off the prices is pinned inside the plot's edge clear of the
 * time axis' labels, tags never overlap one another, and each lies inside the picture; for short and long
 * periods, one level, far ones and a crowd. The PNG agrees: the line's colour shows at its end.
 */
import { describe, expect, it } from "vitest";
import {
  type ChartLevel,
  type ChartLevelKind,
  PLOT,
  PRICE_CHART_SIZE,
  type PriceChartInput,
  priceChartSvg,
} from "../../src/bot/flow-kit/pictures/price-chart.ts";
import { svgToPng } from "../../src/bot/flow-kit/pictures/render.ts";
import { CHART_THEME } from "../../src/bot/flow-kit/pictures/theme.ts";
import type { PricePoint } from "../../src/services/market/price-history.ts";
import { hex } from "../support/colours.ts";
import { decodePng } from "../support/png.ts";

const MINUTE = 60_000;
const NOW = Date.UTC(2026, 10, 28, 3, 0);

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

const PERIODS = {
  "1h": { span: 60 * MINUTE, slotMs: MINUTE },
  "30d": { span: 30 * 24 * 60 * MINUTE, slotMs: 5 * MINUTE },
} as const;

/** A wave between 98,000 and 102,000 over the period, rising to its end at 102,000 (the live price). */
function chart(period: keyof typeof PERIODS, levels: ChartLevel[]): PriceChartInput {
  const { span, slotMs } = PERIODS[period];
  const count = span / slotMs;
  const points: PricePoint[] = [];
  for (let i = 0; i <= count; i++) {
    points.push({ at: NOW - span + i * slotMs, mid: 100_000 - 2000 * Math.cos((i / count) * 3 * Math.PI) });
  }
  return {
    asset: "BTC",
    period,
    points,
    slotMs,
    from: NOW - span,
    to: NOW,
    last: "102000",
    change: "2",
    levels,
    timeZone: "Australia/Sydney",
    locale: "en",
  };
}

const level = (price: number, kind: ChartLevelKind = "above"): ChartLevel => ({
  price: String(price),
  kind,
  label: price.toLocaleString("en", { minimumFractionDigits: 2 }),
});

const CASES: Record<string, ChartLevel[]> = {
  "one level at the live price": [level(102_050)],
  "one far above, one far below": [level(400_000), level(20_000, "below")],
  "four far below": [20, 21, 22, 23].map((p) => level(p, "below")),
  "eight close to the live price": [
    ...[101_300, 101_500, 101_700, 101_900].map((p) => level(p, "below")),
    ...[102_100, 102_300, 102_500].map((p) => level(p)),
    level(102_700, "watched"),
  ],
  "a crowd in the middle and far ones": [
    ...[99_800, 99_900, 100_000, 100_100, 100_200].map((p) => level(p)),
    level(100_050, "average"),
    level(500_000),
    level(1, "below"),
  ],
};

/** The tags' rectangles (a tag is a rounded rectangle a tag high). */
function tagBoxes(svg: string): Box[] {
  return [...svg.matchAll(/<rect x="([\d.]+)" y="([\d.]+)" width="([\d.]+)" height="([\d.]+)" rx="8"/g)].map(
    (m) => {
      const [left, top, width, height] = m.slice(1).map(Number) as [number, number, number, number];
      return { left, top, right: left + width, bottom: top + height };
    },
  );
}

/** The price line's last point: the end of its last path. */
function lineEnd(svg: string): { x: number; y: number } {
  const d = [...svg.matchAll(/<path d="([^"]+)" fill="none"[^>]*stroke-width="4"/g)].at(-1)?.[1] ?? "";
  const [x, y] = (/L([\d.]+) ([\d.]+)$/.exec(d) ?? []).slice(1).map(Number) as [number, number];
  return { x, y };
}

/**
 * The time axis' labels (the middle-anchored ones below the plot), as boxes a little larger than Inter's
 * glyphs: digits are under 0.62 of the size wide, and rise under 0.75 of it above the baseline.
 */
function timeLabelBoxes(svg: string): Box[] {
  return [
    ...svg.matchAll(/<text x="([\d.]+)" y="([\d.]+)" font-size="(\d+)"[^>]*text-anchor="middle">([^<]+)</g),
  ]
    .map((m) => ({ x: Number(m[1]), y: Number(m[2]), size: Number(m[3]), label: m[4] as string }))
    .filter((label) => label.y > PLOT.bottom)
    .map(({ x, y, size, label }) => {
      const half = (label.length * size * 0.62) / 2;
      return { left: x - half, top: y - size * 0.75, right: x + half, bottom: y + size * 0.1 };
    });
}

/** The price axis' labels (start-anchored, the time labels' size), as boxes like theirs. */
function priceLabelBoxes(svg: string): Box[] {
  return [...svg.matchAll(/<text x="([\d.]+)" y="([\d.]+)" font-size="28" fill="[^"]+">([^<]+)</g)].map(
    (m) => {
      const [x, y] = [Number(m[1]), Number(m[2])];
      return { left: x, top: y - 28 * 0.75, right: x + (m[3] as string).length * 28 * 0.62, bottom: y + 3 };
    },
  );
}

const overlap = (a: Box, b: Box) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

describe("the chart's level tags", () => {
  for (const period of ["1h", "30d"] as const) {
    for (const [name, levels] of Object.entries(CASES)) {
      it(`${period}, ${name}: leave the line's end and the time axis clear, apart, inside the picture`, () => {
        const svg = priceChartSvg(chart(period, levels));
        const tags = tagBoxes(svg);
        expect(tags).toHaveLength(levels.length);
        const end = lineEnd(svg);
        expect(end.x).toBeCloseTo(PLOT.right, 0);
        // The end with the live price's dot and its ring around it.
        const endBox = { left: end.x - 10, top: end.y - 10, right: end.x + 10, bottom: end.y + 10 };
        const labels = timeLabelBoxes(svg);
        expect(labels.length).toBeGreaterThan(2);
        const prices = priceLabelBoxes(svg);
        for (const [i, tag] of tags.entries()) {
          expect(overlap(tag, endBox), `tag ${i} over the line's end`).toBe(false);
          for (const label of labels) expect(overlap(tag, label), `tag ${i} over a time label`).toBe(false);
          for (const label of prices) expect(overlap(tag, label), `tag ${i} over a price label`).toBe(false);
          for (const other of tags.slice(i + 1))
            expect(overlap(tag, other), `tag ${i} over another`).toBe(false);
          expect(tag.left).toBeGreaterThanOrEqual(0);
          expect(tag.right).toBeLessThanOrEqual(PRICE_CHART_SIZE.width);
          // Within the plot's height: pinned at its edge at most, never on the axis below it.
          expect(tag.top).toBeGreaterThanOrEqual(PLOT.top);
          expect(tag.bottom).toBeLessThanOrEqual(PLOT.bottom);
        }
      });
    }
  }

  it("stacks pinned tags in price order: the highest on top", () => {
    const svg = priceChartSvg(
      chart("1h", [level(20, "below"), level(23, "below"), level(300_000), level(900_000)]),
    );
    const tops = tagBoxes(svg).map((tag) => tag.top);
    expect(tops[1]).toBeLessThan(tops[0] as number);
    expect(tops[3]).toBeLessThan(tops[2] as number);
  });

  it("shows the line's colour at its end however the levels crowd it", async () => {
    const svg = priceChartSvg(chart("1h", CASES["eight close to the live price"] ?? []));
    const image = decodePng(await svgToPng(svg));
    const end = lineEnd(svg);
    expect(hex(image.pixel(Math.floor(end.x) - 1, Math.floor(end.y)))).toBe(CHART_THEME.gain);
  });
});

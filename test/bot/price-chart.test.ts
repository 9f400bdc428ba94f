/**
 * The /chart picture without a chat: the PNG decodes to the layout's size on /portfolio's card, every
 * colour keeps its contrast whatever Telegram theme surrounds it, missing history splits the line (the
 * SVG's paths), a month of five-minute slots is thinned to the pixel columns, and levels are drawn.
 */
import { describe, expect, it } from "vitest";
import { type ChartFigures, chartCaption } from "../../src/bot/chart/caption.ts";
import type { BotContext } from "../../src/bot/context.ts";
import { MAX_CAPTION, visibleLength } from "../../src/bot/flow-kit/format/html.ts";
import { parsePeriod } from "../../src/bot/flow-kit/pictures/periods.ts";
import { segmentsOf, thin, timeTicks } from "../../src/bot/flow-kit/pictures/plot.ts";
import {
  type ChartLevel,
  PLOT,
  PRICE_CHART_COLORS,
  PRICE_CHART_SIZE,
  type PriceChartInput,
  priceChartSvg,
} from "../../src/bot/flow-kit/pictures/price-chart.ts";
import { svgToPng } from "../../src/bot/flow-kit/pictures/render.ts";
import { CHART_THEME } from "../../src/bot/flow-kit/pictures/theme.ts";
import { createI18n } from "../../src/bot/pipeline/i18n.ts";
import type { PricePoint } from "../../src/services/market/price-history.ts";
import { contrast, hex } from "../support/colours.ts";
import { decodePng } from "../support/png.ts";

const MINUTE = 60_000;
const NOW = Date.UTC(2026, 10, 28, 3, 0);

/** `count` points a slot apart ending at NOW, a wave around 100,000, with the slots in `missing` left out. */
function wave(
  count: number,
  slotMs: number,
  missing: (index: number) => boolean = () => false,
): PricePoint[] {
  const points: PricePoint[] = [];
  for (let i = 0; i < count; i++) {
    if (missing(i)) continue;
    points.push({ at: NOW - (count - i) * slotMs, mid: 100_000 + 2000 * Math.sin(i / 40) });
  }
  return points;
}

function input(points: PricePoint[], slotMs: number, levels: ChartLevel[] = []): PriceChartInput {
  return {
    asset: "BTC",
    period: "24h",
    points,
    slotMs,
    from: NOW - 24 * 60 * MINUTE,
    to: NOW,
    last: "100000",
    change: "1.5",
    levels,
    timeZone: "Australia/Sydney",
    locale: "en",
  };
}

/** The price line's paths (the ones with the line's stroke width) and dots. */
function lineShapes(svg: string): { paths: string[]; dots: number } {
  return {
    paths: [...svg.matchAll(/<path d="([^"]+)" fill="none"[^>]*stroke-width="4"/g)].map(
      (m) => m[1] as string,
    ),
    dots: [...svg.matchAll(/<circle [^>]*r="4"/g)].length,
  };
}

describe("the price chart picture", () => {
  it("is an intact PNG of the layout's size, drawn on the card with its text and line", async () => {
    const svg = priceChartSvg(
      input(wave(1440, MINUTE), MINUTE, [{ price: "101000", kind: "above", label: "101,000.00" }]),
    );
    const image = decodePng(await svgToPng(svg));
    expect({ width: image.width, height: image.height }).toEqual(PRICE_CHART_SIZE);
    expect(image.inflatedLength).toBe(image.height * (1 + image.width * image.channels));
    for (const [x, y] of [
      [0, 0],
      [image.width - 1, image.height - 1],
      [3, image.height / 2],
    ] as const) {
      const pixel = image.pixel(x, Math.floor(y));
      expect(pixel[3]).toBe(255);
      expect(hex(pixel)).toBe(CHART_THEME.background);
    }
    const counts = new Map<string, number>();
    for (let y = 0; y < image.height; y++)
      for (let x = 0; x < image.width; x++) {
        const colour = hex(image.pixel(x, y));
        counts.set(colour, (counts.get(colour) ?? 0) + 1);
      }
    // The code and price in the text colour, the rising line in the gain colour, the level's tag in amber.
    expect(counts.get(CHART_THEME.text) ?? 0).toBeGreaterThan(500);
    expect(counts.get(CHART_THEME.gain) ?? 0).toBeGreaterThan(1000);
    expect(counts.get(PRICE_CHART_COLORS.levels.above) ?? 0).toBeGreaterThan(1000);
    // Within what Telegram accepts for a photo.
    expect(image.width + image.height).toBeLessThan(10_000);
  });

  it("keeps every colour readable in light and dark themes: the card carries its own contrast", () => {
    for (const color of [CHART_THEME.text, CHART_THEME.muted, CHART_THEME.gain, CHART_THEME.loss]) {
      expect(contrast(color, CHART_THEME.background), color).toBeGreaterThanOrEqual(4.5);
    }
    for (const color of Object.values(PRICE_CHART_COLORS.levels)) {
      // A line stands out from the card (3:1), and the tag's text reads on it (4.5:1).
      expect(contrast(color, CHART_THEME.background), color).toBeGreaterThanOrEqual(3);
      expect(contrast(PRICE_CHART_COLORS.tagText, color), color).toBeGreaterThanOrEqual(4.5);
    }
    // Trigger lines and the average buy price never share a colour; the grid stays faint beside the line.
    expect(PRICE_CHART_COLORS.levels.above).not.toBe(PRICE_CHART_COLORS.levels.average);
    expect(contrast(PRICE_CHART_COLORS.grid, CHART_THEME.background)).toBeLessThan(1.5);
    for (const chat of ["#ffffff", "#0e1621", "#181818"]) {
      expect(contrast(CHART_THEME.background, chat), chat).toBeGreaterThan(1.2);
    }
  });

  it("never draws a line across missing history: a gap splits the path, a lone point is a dot", () => {
    // Minutes 400-459 missing (a gap), minute 800 missing alone (bridged), minutes 1000-1001 and 1003-1010
    // missing around a lone minute 1002.
    const missing = (i: number) =>
      (i >= 400 && i < 460) || i === 800 || (i >= 1000 && i <= 1010 && i !== 1002);
    const points = wave(1440, MINUTE, missing);
    expect(segmentsOf(points, MINUTE).map((s) => s.length)).toEqual([400, 539, 1, 429]);
    const { paths, dots } = lineShapes(priceChartSvg(input(points, MINUTE)));
    expect(paths).toHaveLength(3);
    expect(dots).toBe(1);
    // Each path is one stroke: it starts with a single move and never jumps.
    for (const d of paths) expect(d.match(/M/g)).toHaveLength(1);
    // The first path ends left of where the second starts, with the gap's width between them.
    const lastX = (d: string) => Number(/L([\d.]+) [\d.]+$/.exec(d)?.[1]);
    const firstX = (d: string) => Number(/^M([\d.]+)/.exec(d)?.[1]);
    const pxPerMinute = (PLOT.right - PLOT.left) / 1440;
    expect(firstX(paths[1] as string) - lastX(paths[0] as string)).toBeCloseTo(61 * pxPerMinute, 0);
    // Two points two slots apart are joined; three slots apart are not.
    const pair = (slots: number) =>
      segmentsOf(
        [
          { at: 0, mid: 1 },
          { at: slots * MINUTE, mid: 1 },
        ],
        MINUTE,
      ).length;
    expect(pair(2)).toBe(1);
    expect(pair(3)).toBe(2);
  });

  it("thins a month of five-minute slots to the pixel columns, keeping each column's high and low", () => {
    const points = wave(8640, 5 * MINUTE);
    const spike = points[4000] as PricePoint;
    points[4000] = { ...spike, mid: 150_000 };
    const month = { ...input(points, 5 * MINUTE), period: "30d" as const, from: NOW - 30 * 24 * 60 * MINUTE };
    const svg = priceChartSvg(month);
    const { paths } = lineShapes(svg);
    expect(paths).toHaveLength(1);
    const drawn = (paths[0] as string).split(/[ML]/).filter((p) => p !== "").length;
    const columns = PLOT.right - PLOT.left;
    expect(drawn).toBeLessThanOrEqual(4 * (columns + 1));
    expect(drawn).toBeGreaterThan(columns);
    expect(svg.length).toBeLessThan(80_000);
    // The spike survives the thinning: the highest point drawn is at the top of the price range.
    const ys = (paths[0] as string)
      .split(/[ML]/)
      .filter((p) => p !== "")
      .map((p) => Number(p.split(" ")[1]));
    expect(Math.min(...ys)).toBeLessThan(PLOT.top + 40);
    const thinned = thin(points, (at) => Math.floor((at - month.from) / ((30 * 24 * 60 * MINUTE) / columns)));
    expect(thinned.some((p) => p.mid === 150_000)).toBe(true);
  });

  it("draws each level as a labelled line, and pins one far off the prices to the edge", () => {
    const levels: ChartLevel[] = [
      { price: "101500", kind: "above", label: "101,500.00" },
      { price: "98500", kind: "below", label: "98,500.00" },
      { price: "99000", kind: "average", label: "99,000.00" },
      { price: "400000", kind: "above", label: "400,000.00" },
      { price: "100500", kind: "watched", label: "100,500.00" },
    ];
    const svg = priceChartSvg(input(wave(1440, MINUTE), MINUTE, levels));
    for (const level of levels) expect(svg).toContain(level.label);
    // Four lines across (the far one is a tag only, with its arrow).
    expect([...svg.matchAll(/<line [^>]*stroke-dasharray/g)]).toHaveLength(4);
    expect(svg).toContain("↑ 400,000.00");
    // Tags never overlap: their tops are at least a tag apart.
    const tops = [...svg.matchAll(/<rect x="[\d.]+" y="([\d.]+)" width="[\d.]+" height="34"/g)]
      .map((m) => Number(m[1]))
      .sort((a, b) => a - b);
    for (let i = 1; i < tops.length; i++)
      expect((tops[i] as number) - (tops[i - 1] as number)).toBeGreaterThanOrEqual(34);
  });

  it("keeps every tag inside the picture however many levels crowd the bottom", () => {
    const levels: ChartLevel[] = Array.from({ length: 8 }, (_, i) => ({
      price: String(10 + i),
      kind: "below" as const,
      label: String(10 + i),
    }));
    const svg = priceChartSvg(input(wave(1440, MINUTE), MINUTE, levels));
    const tops = [...svg.matchAll(/<rect x="[\d.]+" y="([\d.]+)" width="[\d.]+" height="34"/g)].map((m) =>
      Number(m[1]),
    );
    expect(tops).toHaveLength(8);
    for (const top of tops) expect(top + 34).toBeLessThanOrEqual(PRICE_CHART_SIZE.height);
    // All pinned below the prices: no line drawn across, each tag with its arrow.
    expect(svg.match(/↓ 1\d/g)).toHaveLength(8);
  });

  it("escapes what the exchange names an asset, and labels times in the user's zone", () => {
    const svg = priceChartSvg({ ...input(wave(60, MINUTE), MINUTE), asset: "<A&B>" });
    expect(svg).toContain("&lt;A&amp;B&gt;");
    // 03:00 UTC is 14:00 in Sydney (daylight saving): the hour ticks are Sydney's whole hours.
    const ticks = timeTicks(NOW - 6 * 60 * MINUTE, NOW, "Australia/Sydney", "en", 6);
    expect(ticks.map((t) => t.label)).toEqual(
      ["08:00", "09:00", "10:00", "11:00", "12:00", "13:00", "14:00"].slice(-ticks.length),
    );
    const days = timeTicks(NOW - 7 * 24 * 60 * MINUTE, NOW, "Australia/Sydney", "en", 8);
    expect(days.every((t) => /^\d{1,2}\/\d{1,2}$/.test(t.label))).toBe(true);
  });

  it("reads periods as typed", () => {
    expect(parsePeriod("7D")).toBe("7d");
    expect(parsePeriod("1d")).toBe("24h");
    expect(parsePeriod("1w")).toBe("7d");
    expect(parsePeriod("2h")).toBeUndefined();
  });
});

describe("the price chart caption", () => {
  const i18n = createI18n();
  const tIn =
    (language: string): BotContext["t"] =>
    (key, variables) =>
      i18n.t(language, key, variables);
  const figures: ChartFigures = {
    asset: "BTC",
    name: "Bitcoin",
    period: "7d",
    first: "98000",
    last: "100000.5",
    high: "101234.5678",
    low: "97000",
    change: "2.0413",
    since: NOW - 3 * 24 * 60 * MINUTE,
    gaps: true,
  };
  const levels: ChartLevel[] = [
    ...Array.from({ length: 6 }, (_, i) => ({
      price: String(100_000 + (i - 3) * 1000),
      kind: i < 3 ? ("below" as const) : ("above" as const),
      label: "",
    })),
    { price: "99500", kind: "watched", label: "" },
    { price: "95000.123", kind: "average", label: "" },
  ];
  const clock = { time: "14:00:00 AEDT", zone: "Australia/Sydney" };

  it("explains the picture in the user's language and fits Telegram's caption", () => {
    for (const language of ["en", "zh"]) {
      const caption = chartCaption(
        figures,
        { kind: "drawn", levels, more: 4 },
        tIn(language),
        language,
        "Australia/Sydney",
        clock,
      );
      expect(visibleLength(caption)).toBeLessThanOrEqual(MAX_CAPTION);
      expect(caption).toContain("+2.04%");
      expect(caption).toContain("$101,234.57");
      expect(caption).toContain("▲ $102,000.00, ▲ $101,000.00, ▲ $100,000.00, ▼ $99,000.00");
      expect(caption).toContain("$95,000.12");
      expect(caption).toContain("$99,500.00");
      expect(caption).toContain("4");
    }
    const en = chartCaption(
      figures,
      { kind: "drawn", levels, more: 4 },
      tIn("en"),
      "en",
      "Australia/Sydney",
      clock,
    );
    expect(en).toContain("<b>BTC</b> Bitcoin · last 7 days");
    expect(en).toMatch(/Prices only since 25 Nov 2026, 14:00 \(Australia\/Sydney\)/);
    expect(en).toContain("Breaks in the line");
    expect(en).toContain("4 more alerts, further from the price, are not drawn");
    const none = chartCaption(figures, { kind: "no-key" }, tIn("en"), "en", "Australia/Sydney", clock);
    expect(none).toContain("Connect a key (/connect)");
    expect(none).not.toContain("Amber");
  });
});

/**
 * The /portfolio picture and caption without a chat: the PNG decodes to the size the layout promises, the
 * card's colours keep text readable (WCAG contrast) whatever Telegram theme surrounds it, and the caption
 * fits Telegram's limit however many holdings there are.
 */
import { describe, expect, it } from "vitest";
import type { BotContext } from "../../src/bot/context.ts";
import { MAX_CAPTION, visibleLength } from "../../src/bot/flow-kit/format/html.ts";
import { svgToPng } from "../../src/bot/flow-kit/pictures/render.ts";
import { CHART_THEME } from "../../src/bot/flow-kit/pictures/theme.ts";
import { createI18n } from "../../src/bot/pipeline/i18n.ts";
import { portfolioCaption } from "../../src/bot/portfolio/caption.ts";
import { chartSize, portfolioChartSvg, sliceColors } from "../../src/bot/portfolio/chart.ts";
import { portfolioAllocation } from "../../src/services/portfolio/allocation.ts";
import { contrast, hex } from "../support/colours.ts";
import { decodePng } from "../support/png.ts";
import { holding, summaryOf } from "../support/portfolio.ts";

const i18n = createI18n();
const tIn =
  (language: string): BotContext["t"] =>
  (key, variables) =>
    i18n.t(language, key, variables);
const clock = { time: "10:32:05 AEDT", zone: "Australia/Sydney" };

const mixed = summaryOf(
  [
    holding("BTC", "5000", "500", "11.11"),
    holding("ETH", "2500", "-300", "-10.71"),
    holding("SOL", "1200", "100", "9.09"),
    holding("ADA", "90", "-5", "-5.26"),
    holding("XRP", "60", "2", "3.45"),
  ],
  "1500.5",
);

describe("the portfolio picture", () => {
  it("is an intact PNG whose size is the layout's, drawn on the card's background", async () => {
    const allocation = portfolioAllocation(mixed);
    const png = await svgToPng(portfolioChartSvg(mixed, allocation, "en"));
    const image = decodePng(png);
    const expected = chartSize(allocation);
    expect({ width: image.width, height: image.height }).toEqual(expected);
    expect(image.inflatedLength).toBe(expected.height * (1 + expected.width * image.channels));
    // Opaque everywhere it was sampled: no transparent corner for Telegram's theme to show through.
    for (const [x, y] of [
      [0, 0],
      [expected.width - 1, expected.height - 1],
      [3, expected.height / 2],
    ] as const) {
      const pixel = image.pixel(x, Math.floor(y));
      expect(pixel[3]).toBe(255);
      expect(hex(pixel)).toBe(CHART_THEME.background);
    }
    // The total's text is drawn: its first glyph holds pixels in the text colour.
    let textPixels = 0;
    for (let y = 60; y < 120; y++)
      for (let x = 56; x < 400; x++) if (hex(image.pixel(x, y)) === CHART_THEME.text) textPixels++;
    expect(textPixels).toBeGreaterThan(500);
  });

  it("grows with its rows and keeps a fixed width", () => {
    const small = chartSize(portfolioAllocation(summaryOf([holding("BTC", "100", "1", "1")])));
    const many = Array.from({ length: 20 }, (_, i) => holding(`A${i}`, String(1000 - i * 40), "1", "1"));
    const large = chartSize(portfolioAllocation(summaryOf(many, "100")));
    expect(small.width).toBe(large.width);
    expect(large.height).toBeGreaterThan(small.height);
    // Within what Telegram accepts for a photo (sides up to 10,000 px in all, ratio at most 20).
    expect(large.height / large.width).toBeLessThan(20);
    expect(large.width + large.height).toBeLessThan(10_000);
  });

  it("keeps text readable in light and dark themes: the card carries its own contrast", () => {
    // WCAG AA for text (4.5:1) for every text colour on the card, 3:1 for the slices and bars.
    for (const color of [CHART_THEME.text, CHART_THEME.muted, CHART_THEME.gain, CHART_THEME.loss]) {
      expect(contrast(color, CHART_THEME.background), color).toBeGreaterThanOrEqual(4.5);
    }
    for (const color of [...CHART_THEME.slices, CHART_THEME.cash, CHART_THEME.other]) {
      expect(contrast(color, CHART_THEME.background), color).toBeGreaterThanOrEqual(3);
    }
    // The card stands apart from Telegram's light (white) and dark (#0e1621, #181818) chat backgrounds, so
    // it reads as a card in both rather than dissolving into either.
    for (const chat of ["#ffffff", "#0e1621", "#181818"]) {
      expect(contrast(CHART_THEME.background, chat), chat).toBeGreaterThan(1.2);
    }
    // Neighbouring slices never share a colour.
    const colors = sliceColors(portfolioAllocation(mixed).slices);
    expect(new Set(colors).size).toBe(colors.length);
  });

  it("pictures are drawn in turn, and one that fails does not hold up the next", async () => {
    const square = (side: number) =>
      `<svg xmlns="http://www.w3.org/2000/svg" width="${side}" height="${side}"><rect width="${side}" height="${side}" fill="#123456"/></svg>`;
    const [broken, first, second] = await Promise.allSettled([
      svgToPng("<svg not closed"),
      svgToPng(square(10)),
      svgToPng(square(20)),
    ]);
    expect(broken?.status).toBe("rejected");
    expect(first?.status === "fulfilled" && decodePng(first.value).width).toBe(10);
    expect(second?.status === "fulfilled" && decodePng(second.value).width).toBe(20);
  });

  it("escapes what the exchange names an asset", () => {
    const odd = summaryOf([holding("<A&B>", "100", "1", "1")]);
    const svg = portfolioChartSvg(odd, portfolioAllocation(odd), "en");
    expect(svg).toContain("&lt;A&amp;B");
    expect(svg).not.toContain("<A&B>");
  });
});

describe("the portfolio caption", () => {
  it("fits Telegram's 1,024 characters with many holdings, and counts the ones left out", () => {
    const many = Array.from({ length: 40 }, (_, i) =>
      holding(`COIN${i}`, `${100000 - i * 1000}.55`, "-1234.56", "-12.34"),
    );
    const summary = { ...summaryOf(many, "123456.78"), dayReturn: "-10", dayReturnPercent: "-0.5" };
    for (const language of ["en", "zh"]) {
      const caption = portfolioCaption(
        summary,
        portfolioAllocation(summary),
        tIn(language),
        language,
        clock,
        true,
      );
      expect(visibleLength(caption)).toBeLessThanOrEqual(MAX_CAPTION);
      const listed = [...caption.matchAll(/<b>COIN\d+<\/b>/g)].length;
      expect(listed).toBeGreaterThan(2);
      expect(caption).toContain(String(40 - listed));
    }
    expect(portfolioCaption(summary, portfolioAllocation(summary), tIn("en"), "en", clock, true)).toMatch(
      /…and \d+ more holdings worth \$[\d,.]+/,
    );
  });

  it("marks a stale price, and lists a holding without a value without inventing figures", () => {
    const stale = { ...holding("BTC", "900", "100", "12.5"), stale: true };
    const summary = summaryOf([stale, holding("NEW", null)], "100");
    const caption = portfolioCaption(summary, portfolioAllocation(summary), tIn("en"), "en", clock, false);
    expect(caption).toContain("<b>BTC</b> 1 ≈ $900.00 (90.00%) ⚠️ stale price");
    expect(caption).toContain("avg buy $900.00 · today $0.00 (0.00%) · all time +$100.00 (+12.50%)");
    expect(caption).toMatch(/<b>NEW<\/b> 1 \(no price from the exchange\)\n\n/);
    // Without a picture there is no line explaining one.
    expect(caption).not.toContain("Picture:");
  });

  it("counts the characters Telegram counts: tags are free, an entity is one", () => {
    expect(visibleLength("<b>A&amp;B</b> &lt;3")).toBe("A&B <3".length);
  });
});

/**
 * `npm run bench:chart [-- --smoke]`: how long a /chart picture takes to draw with full history for each
 * period (1h and 24h from minutes, 7d and 30d from five-minute slots: 60, 1,440, 2,016 and 8,640 points)
 * and three level lines: the SVG built and rendered to PNG, as /chart does. Prints p50 and p95 per period,
 * the SVG and PNG sizes; asserts nothing (timings depend on the machine and its load).
 */

import { CHART_PERIODS, PERIOD_MS, PERIOD_RESOLUTION } from "../src/bot/flow-kit/pictures/periods.ts";
import { priceChartSvg } from "../src/bot/flow-kit/pictures/price-chart.ts";
import { svgToPng } from "../src/bot/flow-kit/pictures/render.ts";
import { type PricePoint, RESOLUTION_MS } from "../src/services/market/price-history.ts";

const RUNS = process.argv.includes("--smoke") ? 3 : 60;
const WARM_UP = process.argv.includes("--smoke") ? 1 : 5;
const now = Date.UTC(2026, 10, 28, 3, 0);

/** A random walk around 150,000, one point per slot over the period, the live price last. */
function history(count: number, slotMs: number): PricePoint[] {
  const points: PricePoint[] = [];
  let mid = 150_000;
  for (let i = count; i > 0; i--) {
    mid *= 1 + (Math.random() - 0.5) * 0.002;
    points.push({ at: now - i * slotMs, mid });
  }
  points.push({ at: now, mid });
  return points;
}

const at = (sorted: number[], q: number) =>
  (sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0).toFixed(1);

console.log(
  `| period | points | p50 ms | p95 ms | SVG build p50 ms | SVG KiB | PNG KiB |  (${RUNS} runs each)`,
);
console.log("|---|---|---|---|---|---|---|");
for (const period of CHART_PERIODS) {
  const slotMs = RESOLUTION_MS[PERIOD_RESOLUTION[period]];
  const count = PERIOD_MS[period] / slotMs;
  const points = history(count, slotMs);
  const last = (points.at(-1) as PricePoint).mid.toFixed(2);
  const input = {
    asset: "BTC",
    period,
    points,
    slotMs,
    from: now - PERIOD_MS[period],
    to: now,
    last,
    change: "1.23",
    levels: [
      { price: "152000", kind: "above" as const, label: "152,000.00" },
      { price: "148000", kind: "below" as const, label: "148,000.00" },
      { price: "149500", kind: "average" as const, label: "149,500.00" },
    ],
    timeZone: "Australia/Sydney",
    locale: "en",
  };
  const times: number[] = [];
  const builds: number[] = [];
  let svgBytes = 0;
  let pngBytes = 0;
  for (let run = 0; run < WARM_UP + RUNS; run++) {
    const start = performance.now();
    const svg = priceChartSvg(input);
    const built = performance.now();
    const png = await svgToPng(svg);
    if (run >= WARM_UP) {
      times.push(performance.now() - start);
      builds.push(built - start);
    }
    svgBytes = svg.length;
    pngBytes = png.length;
  }
  times.sort((a, b) => a - b);
  builds.sort((a, b) => a - b);
  console.log(
    `| ${period} | ${count + 1} | ${at(times, 0.5)} | ${at(times, 0.95)} | ${at(builds, 0.5)} | ${(svgBytes / 1024).toFixed(0)} | ${(pngBytes / 1024).toFixed(0)} |`,
  );
}

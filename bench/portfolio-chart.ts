/**
 * `npm run bench:portfolio-chart`: how long the /portfolio picture takes to draw, and what it costs in
 * memory; prints figures, asserts nothing (timings depend on the machine and its load).
 */

import { svgToPng } from "../src/bot/flow-kit/pictures/render.ts";
import { portfolioChartSvg } from "../src/bot/portfolio/chart.ts";
import { sumDec } from "../src/exchange/index.ts";
import type { Holding, PortfolioSummary } from "../src/services/balance/portfolio-summary.ts";
import { portfolioAllocation } from "../src/services/portfolio/allocation.ts";

const RUNS = 20;

function holding(asset: string, value: string): Holding {
  return {
    asset,
    quantity: "1",
    value,
    stale: false,
    stats: {
      asset,
      approximate_value: value,
      current_balance: "1",
      current_buy_price: value,
      current_sell_price: value,
      last_buy_price: null,
      last_sell_price: null,
      day_buy_return: "1.5",
      day_buy_return_percentage: "0.4",
      total_avg_buy: value,
      total_avg_sell: null,
      total_buy_return: "-12.5",
      total_buy_return_percentage: "-3.1",
      stale_price: false,
    },
  };
}

function summary(count: number): PortfolioSummary {
  const holdings = Array.from({ length: count }, (_, i) => holding(`C${i}`, String(5000 / (i + 1))));
  const crypto = sumDec(holdings.map((h) => h.value ?? "0"));
  return {
    aud: "1500",
    holdings,
    cryptoValue: crypto.toFixed(),
    total: crypto.plus(1500).toFixed(),
    dayReturn: "10",
    accountDayPercent: "0.05",
    cryptoDayPercent: "0.1",
    totalReturn: "-100",
    totalReturnPercent: "-1",
  };
}

for (const count of [1, 5, 14, 40]) {
  const figures = summary(count);
  const allocation = portfolioAllocation(figures);
  const times: number[] = [];
  let bytes = 0;
  const rssBefore = process.memoryUsage().rss;
  for (let run = 0; run < RUNS; run++) {
    const start = performance.now();
    bytes = (await svgToPng(portfolioChartSvg(figures, allocation, "en"))).length;
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => (times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0).toFixed(1);
  const rssGrowth = ((process.memoryUsage().rss - rssBefore) / 2 ** 20).toFixed(1);
  console.log(
    `${String(count).padStart(2)} holdings: min ${at(0)} ms, median ${at(0.5)} ms, p90 ${at(0.9)} ms; ` +
      `PNG ${(bytes / 1024).toFixed(0)} KiB; RSS +${rssGrowth} MiB over ${RUNS} runs`,
  );
}

// A burst: ten users at once. Renders queue one at a time, so memory holds one canvas, not ten.
const burst = summary(14);
const burstAllocation = portfolioAllocation(burst);
const rssBefore = process.memoryUsage().rss;
const start = performance.now();
await Promise.all(
  Array.from({ length: 10 }, () => svgToPng(portfolioChartSvg(burst, burstAllocation, "en"))),
);
console.log(
  `burst of 10: all drawn in ${(performance.now() - start).toFixed(0)} ms; RSS ${(rssBefore / 2 ** 20).toFixed(0)} -> ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MiB`,
);

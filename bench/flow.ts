/**
 * `npm run bench:flow [-- --smoke]`: the guided /buy, step by step (/buy, the asset's button, the typed
 * amount that brings the quote), in the whole bot and in a bare grammY bot with the conversations plugin
 * and the same exchange calls. A step should cost no more than twice the first one. See docs/benchmarks.md.
 */

import { buyFlow } from "./support/buy-flow.ts";
import {
  type CaseFigures,
  measureCase,
  median,
  parseOptions,
  percentile,
  printTable,
} from "./support/measure.ts";
import { startWorld } from "./support/world.ts";

const options = parseOptions(process.argv.slice(2));
const world = await startWorld(options.smoke ? 8 : 64, true, options.exchangeLatencyMs);
const STEPS = ["/buy (first step)", "tap BTC", "type amount -> quote"] as const;

try {
  const flow = await measureCase(
    world,
    options,
    "guided /buy (3 updates)",
    (side, u) => buyFlow(world, side, u),
    3,
  );
  const results: CaseFigures[] = [flow];
  printTable("bench:flow", results, options);
  // The latencies were pushed three at a time, in step order.
  console.log("\nper step (p50 / p99 ms; ratio of p50 to the first step's):");
  console.log("| step | whole p50/p99 ms | whole vs first step | bare p50/p99 ms | bare vs first step |");
  console.log("|---|---|---|---|---|");
  const stepOf = (latencies: number[], step: number) => latencies.filter((_, i) => i % 3 === step);
  for (const [step, label] of STEPS.entries()) {
    const cells = (["whole", "bare"] as const).map((side) => {
      const mine = stepOf(flow[side].latencies, step);
      const firstP50 = median(stepOf(flow[side].latencies, 0));
      return `${percentile(mine, 50).toFixed(2)} / ${percentile(mine, 99).toFixed(2)} | ${(median(mine) / firstP50).toFixed(2)}x`;
    });
    console.log(`| ${label} | ${cells.join(" | ")} |`);
  }
} finally {
  await world.close();
}

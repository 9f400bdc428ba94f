/**
 * `npm run bench:flow [-- --smoke]`: the guided /buy, step by step (/buy, the asset's button, the typed
 * amount that brings the quote), in the whole bot and in a bare grammY bot with the conversations plugin
 * and the same exchange calls. A step should cost no more than twice the first one. Then a long flow (adding
 * an address, 13 steps) with the production pace of replies, answered at a person's pace (one answer every
 * 2 s; 300 ms with --smoke) and as fast as the bot replies (not with --smoke): each step's reply time. At a person's pace every
 * step should be answered within 300 ms. See docs/benchmarks.md.
 */

import { buyFlow } from "./support/buy-flow.ts";
import { LONG_FLOW_STEPS, runLongFlow } from "./support/long-flow.ts";
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

// The long flow, production pace on.
const personGapMs = options.smoke ? 300 : 2000;
const paced = await runLongFlow(personGapMs);
// As fast as the bot replies, the flow takes the chat's pace (about 10 s): left out of a smoke run.
const fast = options.smoke ? paced.map(() => Number.NaN) : await runLongFlow(0);
console.log(
  `\nlong flow with the production pace (adding an address, ${LONG_FLOW_STEPS.length} steps), reply time per step in ms:`,
);
console.log(`| step | one answer every ${personGapMs} ms | as fast as the bot replies |`);
console.log("|---|---|---|");
const ms = (value: number | undefined) =>
  value === undefined || Number.isNaN(value) ? "-" : value.toFixed(0);
for (const [index, [label]] of LONG_FLOW_STEPS.entries())
  console.log(`| ${index + 1}. ${label} | ${ms(paced[index])} | ${ms(fast[index])} |`);
const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
console.log(
  `| slowest / whole flow's waiting | ${ms(Math.max(...paced))} / ${ms(sum(paced))} | ${ms(Math.max(...fast))} / ${ms(sum(fast))} |`,
);

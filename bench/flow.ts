/**
 * `npm run bench:flow [-- --smoke]`: the guided /buy, step by step (/buy, the asset's button, the typed
 * amount that brings the quote), in the whole bot and in a bare grammY bot with the conversations plugin
 * and the same exchange calls. A step should cost no more than twice the first one. See docs/benchmarks.md.
 */
import {
  type CaseFigures,
  measureCase,
  median,
  parseOptions,
  percentile,
  printTable,
  timed,
} from "./support/measure.ts";
import { callbackUpdate, textUpdate } from "./support/updates.ts";
import { type Side, startWorld, type World } from "./support/world.ts";

const options = parseOptions(process.argv.slice(2));
const world = await startWorld(options.smoke ? 8 : 64, true, options.exchangeLatencyMs);
const STEPS = ["/buy (first step)", "tap BTC", "type amount -> quote"] as const;

/** Runs one whole guided buy for a user; returns each step's latency. */
async function buyFlow(w: World, side: Side, userId: number): Promise<number[]> {
  const first = await timed(w, side, textUpdate(userId, "/buy"));
  const picker = w.telegram.last(userId);
  if (!picker?.buttons.includes("tr:a:BTC")) throw new Error(`${side}: no asset picker after /buy`);
  const second = await timed(w, side, callbackUpdate(userId, picker.messageId, "tr:a:BTC"));
  const third = await timed(w, side, textUpdate(userId, "50"));
  const quote = w.telegram.last(userId) ?? { text: "", buttons: "" };
  if (!/BTC/.test(quote.text) || !/quote|Quote|t:/.test(quote.text + quote.buttons)) {
    throw new Error(`${side}: no quote at the end of the flow: ${JSON.stringify(quote)}`);
  }
  return [first, second, third];
}

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

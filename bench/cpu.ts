/**
 * `npm run bench:cpu [-- updates rounds | --smoke]`: CPU time of this process per update (user + system, from
 * process.cpuUsage), whole bot against bare grammY, for /start, /help, plain text and `/price BTC`, in
 * alternating rounds. Unlike updates per second, CPU time per update hardly depends on what else the
 * machine runs. The sandbox exchange shares the process; of these cases only /price calls it, for the
 * ticker, at most once a second on each side. Redis's own time is not counted.
 *
 * `--only whole` (or `bare`) drives one bot alone and prints the least and the median CPU time of its
 * rounds: for comparing two checkouts, run it from each in turn, several times (docs/benchmarks.md).
 */
import type { Update } from "grammy/types";
import { textUpdate } from "./support/updates.ts";
import { type Side, startWorld } from "./support/world.ts";

const argv = process.argv.slice(2);
const smoke = argv.includes("--smoke");
const onlyAt = argv.indexOf("--only");
const only = onlyAt >= 0 ? (argv[onlyAt + 1] as Side) : undefined;
if (only !== undefined && only !== "whole" && only !== "bare") throw new Error("--only whole|bare");
// The positional numbers: every argument that is no option and not the side after --only.
const numbers = argv.filter((arg, i) => !arg.startsWith("--") && (onlyAt < 0 || i !== onlyAt + 1));
const count = smoke ? 100 : Number(numbers[0] ?? 2000);
const rounds = smoke ? 2 : Number(numbers[1] ?? (only ? 7 : 6));
const world = await startWorld(16);
const CASES: Record<string, (id: number) => Update> = {
  "/start": (id) => textUpdate(id, "/start"),
  "/help": (id) => textUpdate(id, "/help"),
  "plain text": (id) => textUpdate(id, "hello there"),
  "/price BTC": (id) => textUpdate(id, "/price BTC"),
};

/** CPU microseconds per update for `n` updates, 16 users each one at a time. */
async function cpuPerUpdate(side: Side, make: (id: number) => Update, n: number): Promise<number> {
  let next = 0;
  const start = process.cpuUsage();
  await Promise.all(
    world.users.map(async (userId) => {
      while (next < n) {
        next++;
        await world.handle(side, make(userId));
      }
    }),
  );
  const used = process.cpuUsage(start);
  return (used.user + used.system) / n;
}

const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const median = (values: number[]) => sorted(values)[Math.floor(values.length / 2)] as number;
// Warm-up: code optimized and heap grown, as in a bot that has been running a while (see measure.ts).
const warmUp = smoke ? 50 : 10_000;
try {
  if (only !== undefined) {
    console.log(`| case | ${only} µs CPU/upd, least of ${rounds} rounds | median |`);
    console.log("|---|---|---|");
  } else {
    console.log("| case | whole µs CPU/upd | bare µs CPU/upd | whole / bare |");
    console.log("|---|---|---|---|");
  }
  for (const [name, make] of Object.entries(CASES)) {
    const sides: Side[] = only ? [only] : ["whole", "bare"];
    for (const side of sides) await cpuPerUpdate(side, make, warmUp);
    const figures: Record<Side, number[]> = { whole: [], bare: [] };
    for (let round = 0; round < rounds; round++) {
      const order = round % 2 === 0 ? sides : [...sides].reverse();
      for (const side of order) figures[side].push(await cpuPerUpdate(side, make, count));
    }
    if (only !== undefined) {
      const own = figures[only];
      console.log(`| ${name} | ${(sorted(own)[0] as number).toFixed(1)} | ${median(own).toFixed(1)} |`);
    } else {
      const w = median(figures.whole);
      const b = median(figures.bare);
      console.log(`| ${name} | ${w.toFixed(0)} | ${b.toFixed(0)} | ${(w / b).toFixed(2)}x |`);
    }
  }
} finally {
  await world.close();
}

/**
 * `npm run bench:cpu [-- updates rounds | --smoke]`: CPU time of this process per update (user + system, from
 * process.cpuUsage), whole bot against bare grammY, for /start, /help, plain text and `/price BTC`, in
 * alternating rounds. Unlike updates per second, CPU time per update hardly depends on what else the
 * machine runs. The sandbox exchange shares the process; of these cases only /price calls it, for the
 * ticker, at most once a second on each side. Redis's own time is not counted.
 *
 * `--only whole` (or `bare`) drives one bot alone and prints the least and the median CPU time of its
 * rounds.
 *
 * `--against <checkout>` compares two versions of the code: the whole bot of this checkout against the
 * whole bot of another one (a `git worktree` of an earlier commit, with its packages installed or linked),
 * built in the same process and driven in alternating rounds, so both see the same machine at the same
 * moments. It prints each side's median and the median of the per-round ratios with their middle half: with
 * 31 rounds this tells apart a change of about 1 % (docs/benchmarks.md).
 */
import type { Update } from "grammy/types";
import { startOtherCheckout } from "./support/other-checkout.ts";
import { textUpdate } from "./support/updates.ts";
import { startWorld } from "./support/world.ts";

const argv = process.argv.slice(2);
const smoke = argv.includes("--smoke");
const onlyAt = argv.indexOf("--only");
const only = onlyAt >= 0 ? argv[onlyAt + 1] : undefined;
if (only !== undefined && only !== "whole" && only !== "bare") throw new Error("--only whole|bare");
const againstAt = argv.indexOf("--against");
const against = againstAt >= 0 ? argv[againstAt + 1] : undefined;
if (againstAt >= 0 && (against === undefined || against.startsWith("--")))
  throw new Error("--against <checkout directory>");
// The positional numbers: every argument that is no option and not the value after --only or --against.
const numbers = argv.filter(
  (arg, i) =>
    !arg.startsWith("--") && (onlyAt < 0 || i !== onlyAt + 1) && (againstAt < 0 || i !== againstAt + 1),
);
const count = smoke ? 100 : Number(numbers[0] ?? (against ? 4000 : 2000));
const rounds = smoke ? 2 : Number(numbers[1] ?? (against ? 31 : only ? 7 : 6));
const world = await startWorld(16);
const other = against === undefined ? undefined : await startOtherCheckout(against, world);
/** The bots measured, by the name their column has. */
const drivers: Record<string, (update: Update) => Promise<void>> = other
  ? { this: (update) => world.handle("whole", update), other: (update) => other.handle(update) }
  : only
    ? { [only]: (update) => world.handle(only as "whole" | "bare", update) }
    : { whole: (update) => world.handle("whole", update), bare: (update) => world.handle("bare", update) };
const CASES: Record<string, (id: number) => Update> = {
  "/start": (id) => textUpdate(id, "/start"),
  "/help": (id) => textUpdate(id, "/help"),
  "plain text": (id) => textUpdate(id, "hello there"),
  "/price BTC": (id) => textUpdate(id, "/price BTC"),
};

/**
 * CPU microseconds per update for `n` updates, 16 users each one at a time. The budgets are made whole
 * first (not counted): at the bench's volume even the widest (LIMIT_* 10000/10000) would be spent within a
 * few cases, and the updates measured would be skipped ones.
 */
async function cpuPerUpdate(side: string, make: (id: number) => Update, n: number): Promise<number> {
  const handle = drivers[side] as (update: Update) => Promise<void>;
  await (side === "other" ? other?.refillBudgets() : world.refillBudgets());
  let next = 0;
  const start = process.cpuUsage();
  await Promise.all(
    world.users.map(async (userId) => {
      while (next < n) {
        next++;
        await handle(make(userId));
      }
    }),
  );
  const used = process.cpuUsage(start);
  return (used.user + used.system) / n;
}

const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const median = (values: number[]) => sorted(values)[Math.floor(values.length / 2)] as number;
const quartiles = (values: number[]) => {
  const all = sorted(values);
  const at = (q: number) => all[Math.min(all.length - 1, Math.floor(q * all.length))] as number;
  return [at(0.25), at(0.75)] as const;
};
// Warm-up: code optimized and heap grown, as in a bot that has been running a while (see measure.ts).
const warmUp = smoke ? 50 : 10_000;
try {
  if (other !== undefined) {
    console.log(`this checkout against ${against}: CPU µs per update, ${rounds} rounds of ${count}`);
    console.log("| case | this | other | this / other: median (middle half of rounds) |");
    console.log("|---|---|---|---|");
  } else if (only !== undefined) {
    console.log(`| case | ${only} µs CPU/upd, least of ${rounds} rounds | median |`);
    console.log("|---|---|---|");
  } else {
    console.log("| case | whole µs CPU/upd | bare µs CPU/upd | whole / bare |");
    console.log("|---|---|---|---|");
  }
  const sides = Object.keys(drivers);
  for (const [name, make] of Object.entries(CASES)) {
    for (const side of sides) await cpuPerUpdate(side, make, warmUp);
    const figures: Record<string, number[]> = Object.fromEntries(sides.map((side) => [side, []]));
    const ratios: number[] = [];
    for (let round = 0; round < rounds; round++) {
      const order = round % 2 === 0 ? sides : [...sides].reverse();
      for (const side of order) figures[side]?.push(await cpuPerUpdate(side, make, count));
      const [first, second] = sides.map((side) => figures[side]?.at(-1) as number);
      if (second !== undefined) ratios.push((first as number) / second);
    }
    const [a, b] = sides.map((side) => figures[side] as number[]) as [number[], number[] | undefined];
    if (b === undefined) {
      console.log(`| ${name} | ${(sorted(a)[0] as number).toFixed(1)} | ${median(a).toFixed(1)} |`);
    } else if (other !== undefined) {
      const [low, high] = quartiles(ratios);
      const ratio = `${median(ratios).toFixed(3)} (${low.toFixed(3)}-${high.toFixed(3)})`;
      console.log(`| ${name} | ${median(a).toFixed(1)} | ${median(b).toFixed(1)} | ${ratio} |`);
    } else {
      const w = median(a);
      const bare = median(b);
      console.log(`| ${name} | ${w.toFixed(0)} | ${bare.toFixed(0)} | ${(w / bare).toFixed(2)}x |`);
    }
  }
} finally {
  await other?.close();
  await world.close();
}

/**
 * `npm run bench:cpu [-- updates rounds | --smoke]`: CPU time of this process per update (user + system, from
 * process.cpuUsage), whole bot against bare grammY, for /start, /help, plain text and `/price BTC`, in
 * alternating rounds. Unlike updates per second, CPU time per update hardly depends on what else the
 * machine runs. The sandbox exchange shares the process; of these cases only /price calls it, for the
 * ticker, at most once a second on each side. Redis's own time is not counted.
 */
import type { Update } from "grammy/types";
import { textUpdate } from "./support/updates.ts";
import { type Side, startWorld } from "./support/world.ts";

const smoke = process.argv.includes("--smoke");
const count = smoke ? 100 : Number(process.argv[2] ?? 2000);
const rounds = smoke ? 2 : Number(process.argv[3] ?? 6);
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

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
try {
  console.log("| case | whole µs CPU/upd | bare µs CPU/upd | whole / bare |");
  console.log("|---|---|---|---|");
  for (const [name, make] of Object.entries(CASES)) {
    // Warm-up: code optimized and heap grown, as in a bot that has been running a while (see measure.ts).
    await cpuPerUpdate("whole", make, smoke ? 50 : 10_000);
    await cpuPerUpdate("bare", make, smoke ? 50 : 10_000);
    const whole: number[] = [];
    const bare: number[] = [];
    for (let round = 0; round < rounds; round++) {
      const order: Side[] = round % 2 === 0 ? ["whole", "bare"] : ["bare", "whole"];
      for (const side of order) (side === "whole" ? whole : bare).push(await cpuPerUpdate(side, make, count));
    }
    const w = median(whole);
    const b = median(bare);
    console.log(`| ${name} | ${w.toFixed(0)} | ${b.toFixed(0)} | ${(w / b).toFixed(2)}x |`);
  }
} finally {
  await world.close();
}

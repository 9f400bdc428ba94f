/**
 * Timing for benchmarks: rounds that alternate between the whole bot and the bare one (and which goes
 * first), so a noisy neighbour hits both; per-update latency percentiles; a serial pass that counts
 * Redis commands and round trips per update; and the printed table.
 */
import { performance } from "node:perf_hooks";
import type { Update } from "grammy/types";
import type { Side, World } from "./world.ts";

/** Command-line options shared by the benchmark scripts. */
export interface BenchOptions {
  /** A few hundred updates in all, for CI: proves the script runs, measures nothing. */
  smoke: boolean;
  rounds: number;
  /**
   * How long each side runs in a round (1,000 ms by default). A round of a fixed 2,000 updates lasted
   * 100-200 ms: one collection of the heap, or a neighbour's burst, then swung a round's ratio from 0.4 to
   * 0.8 while longer runs of the same code held steady; rounds of a second average over such events, and
   * a slow case (a button tap, a whole flow) gets the same time as a fast one.
   */
  roundMs: number;
  /**
   * Updates per side before a case is timed (10,000 by default): a bot that has been running a while
   * has its code optimized and its heap grown to size. The whole bot, with far more code than bare
   * grammY, needs some thousands of updates for that; with 50, the first case measured ran at 0.55-0.6x
   * whatever it was, and the same case measured later at 0.65-0.7x.
   */
  warmUp: number;
  concurrency: number;
  /** Updates per side in the serial Redis-counting pass. */
  counted: number;
  /** How long the sandbox holds each exchange request (a real exchange's round trip); 0 by default. */
  exchangeLatencyMs: number;
}

/**
 * Reads `--smoke`, `--rounds N`, `--round-ms MS`, `--warm-up N`, `--concurrency N`,
 * `--exchange-latency MS`.
 */
export function parseOptions(argv: string[]): BenchOptions {
  const smoke = argv.includes("--smoke");
  const value = (name: string, fallback: number) => {
    const at = argv.indexOf(name);
    const parsed = at >= 0 ? Number(argv[at + 1]) : Number.NaN;
    return Number.isFinite(parsed) && parsed > 0 ? parsed : fallback;
  };
  return {
    smoke,
    rounds: value("--rounds", smoke ? 2 : 8),
    roundMs: value("--round-ms", smoke ? 20 : 1000),
    warmUp: value("--warm-up", smoke ? 20 : 10_000),
    concurrency: value("--concurrency", smoke ? 4 : 16),
    counted: smoke ? 5 : 40,
    exchangeLatencyMs: value("--exchange-latency", 0),
  };
}

/** One user's next update of a case (a sequence of steps is driven by `run` in {@link Flow}). */
export type MakeUpdate = (side: Side, userId: number) => Update;

/** Latencies (ms) and elapsed time of one side over all rounds. */
export interface SideFigures {
  latencies: number[];
  /** Updates per second of each round. */
  rates: number[];
}

/** The figures of one case. */
export interface CaseFigures {
  name: string;
  whole: SideFigures;
  bare: SideFigures;
  /** Whole / bare updates per second, per pair of rounds. */
  ratios: number[];
  redis: Record<Side, { commands: number; roundTrips: number; byName: string }>;
}

/** The p-th percentile (0..100) of `values`. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] as number;
}

/** The most of `times` (ms) in any window of `ms`: a sliding count, as Telegram's limits are. */
export function peak(times: number[], ms: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  let best = 0;
  let start = 0;
  for (let end = 0; end < sorted.length; end++) {
    while ((sorted[end] as number) - (sorted[start] as number) >= ms) start++;
    best = Math.max(best, end - start + 1);
  }
  return best;
}

/** A seeded uniform generator in [0, 1) (mulberry32): the same sequence on every run. */
export function seededRandom(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The median of `values`. */
export const median = (values: number[]): number => percentile(values, 50);

/** How much work {@link runUnits} does: a number of units, or as many as fit in a time (ms). */
type Amount = { units: number } | { ms: number };

/**
 * Runs units of work over `concurrency` workers, each with users of its own (so no user has two updates
 * in flight, as the whole bot's sequencing would enforce anyway), until `amount` is done (units started
 * before the time is up still finish, and count). A unit is one update, or one whole flow; it returns the
 * latencies it measured. Returns the units done and the time they took.
 */
async function runUnits(
  users: number[],
  amount: Amount,
  concurrency: number,
  unit: (userId: number) => Promise<number[]>,
  into: number[],
): Promise<{ units: number; ms: number }> {
  let started = 0;
  const workers = Math.min(concurrency, users.length);
  const start = performance.now();
  const more = "units" in amount ? () => started < amount.units : () => performance.now() - start < amount.ms;
  await Promise.all(
    Array.from({ length: workers }, async (_, worker) => {
      const own = users.filter((_, i) => i % workers === worker);
      let turn = 0;
      while (more()) {
        started++;
        const userId = own[turn++ % own.length] as number;
        into.push(...(await unit(userId)));
      }
    }),
  );
  return { units: started, ms: performance.now() - start };
}

/** Times one update. */
export async function timed(world: World, side: Side, update: Update): Promise<number> {
  const start = performance.now();
  await world.handle(side, update);
  return performance.now() - start;
}

/**
 * Measures one case: a warm-up, then `rounds` pairs of rounds alternating which side goes first, then a
 * serial pass counting Redis commands. `unit` handles one unit and returns its latencies; `size` is how
 * many updates a unit is (for the rates).
 */
export async function measureCase(
  world: World,
  options: BenchOptions,
  name: string,
  unit: (side: Side, userId: number) => Promise<number[]>,
  size = 1,
): Promise<CaseFigures> {
  const figures: CaseFigures = {
    name,
    whole: { latencies: [], rates: [] },
    bare: { latencies: [], rates: [] },
    ratios: [],
    redis: {
      whole: { commands: 0, roundTrips: 0, byName: "" },
      bare: { commands: 0, roundTrips: 0, byName: "" },
    },
  };
  const warmUpUnits = Math.max(1, Math.floor(options.warmUp / size));
  for (const side of ["whole", "bare"] as const) {
    await runUnits(world.users, { units: warmUpUnits }, options.concurrency, (u) => unit(side, u), []);
  }
  for (let round = 0; round < options.rounds; round++) {
    const order: Side[] = round % 2 === 0 ? ["whole", "bare"] : ["bare", "whole"];
    const rate: Partial<Record<Side, number>> = {};
    for (const side of order) {
      const done = await runUnits(
        world.users,
        { ms: options.roundMs },
        options.concurrency,
        (u) => unit(side, u),
        figures[side].latencies,
      );
      rate[side] = (done.units * size * 1000) / done.ms;
      figures[side].rates.push(rate[side]);
    }
    figures.ratios.push((rate.whole ?? 0) / (rate.bare ?? 1));
  }
  for (const side of ["whole", "bare"] as const) {
    const counter = world.counters[side];
    counter.reset();
    await runUnits(world.users, { units: options.counted }, 1, (u) => unit(side, u), []);
    const updates = options.counted * size;
    figures.redis[side] = {
      commands: counter.commands / updates,
      roundTrips: counter.roundTrips / updates,
      byName: [...counter.byName]
        .sort((a, b) => b[1] - a[1])
        .map(([command, n]) => `${command} ${(n / updates).toFixed(2)}`)
        .join(", "),
    };
  }
  return figures;
}

const fixed = (value: number, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : "-");

/** Prints the table of a benchmark's cases, and the process's resident memory. */
export function printTable(title: string, cases: CaseFigures[], options: BenchOptions): void {
  const header = [
    "case",
    "whole upd/s",
    "bare upd/s",
    "ratio: median (middle half of rounds)",
    "whole p50/p99 ms",
    "bare p50/p99 ms",
    "Redis cmds/upd whole/bare",
    "round trips/upd whole/bare",
  ];
  const rows = cases.map((c) => [
    c.name,
    fixed(median(c.whole.rates), 0),
    fixed(median(c.bare.rates), 0),
    `${fixed(median(c.ratios), 2)}x (${fixed(percentile(c.ratios, 25), 2)}-${fixed(percentile(c.ratios, 75), 2)})`,
    `${fixed(percentile(c.whole.latencies, 50), 2)} / ${fixed(percentile(c.whole.latencies, 99), 2)}`,
    `${fixed(percentile(c.bare.latencies, 50), 2)} / ${fixed(percentile(c.bare.latencies, 99), 2)}`,
    `${fixed(c.redis.whole.commands, 2)} / ${fixed(c.redis.bare.commands, 2)}`,
    `${fixed(c.redis.whole.roundTrips, 2)} / ${fixed(c.redis.bare.roundTrips, 2)}`,
  ]);
  const mode = options.smoke ? "smoke run (figures mean nothing)" : "full run";
  console.log(
    `\n${title}: ${mode}; ${options.rounds} rounds of ${options.roundMs} ms per side after ${options.warmUp} updates to warm up, concurrency ${options.concurrency}, exchange latency ${options.exchangeLatencyMs} ms; node ${process.version}`,
  );
  console.log(`| ${header.join(" | ")} |`);
  console.log(`|${header.map(() => "---").join("|")}|`);
  for (const row of rows) console.log(`| ${row.join(" | ")} |`);
  console.log("\nRedis commands per update (serial pass):");
  for (const c of cases) {
    console.log(`  ${c.name}: whole [${c.redis.whole.byName}] bare [${c.redis.bare.byName}]`);
  }
  const memory = process.memoryUsage();
  console.log(
    `\nresident memory ${fixed(memory.rss / 2 ** 20)} MB, heap used ${fixed(memory.heapUsed / 2 ** 20)} MB`,
  );
}

/** This process's resident and heap-used bytes, collected first when asked (and --expose-gc gave the means). */
export function processMemory(collect: boolean): { rss: number; heapUsed: number } {
  if (collect) {
    globalThis.gc?.();
    globalThis.gc?.();
  }
  const { rss, heapUsed } = process.memoryUsage();
  return { rss, heapUsed };
}

/** The CPU time this process has used so far, user and system (ms). */
export function processCpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

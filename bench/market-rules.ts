/**
 * `npm run bench:market-rules`: the market alerts' evaluation (src/services/alerts/market/rules.ts) at
 * scale, on one core, with no Redis: BENCH_USERS users (default 10,000) with 3 market alerts each of mixed
 * kinds (move in every window and direction, 24-hour change, step, RSI) on BENCH_ASSETS assets (default
 * 10; half the alerts on the first two, as users favour BTC and ETH), a simulated 25-hour minute history
 * loaded per asset, then BENCH_READINGS ticker readings (default 3,000, one a second, crossing an hour's
 * close) of a random walk with jumps, every asset in each reading. It prints the time of one reading's
 * evaluation (all assets, every alert; p50, p99, max after a warm-up of 200 readings), the alerts fired
 * and states changed, the load time and the memory the alerts and series take (heap and typed arrays). `--smoke`: 100 users, 3
 * assets, 400 readings (test/bench/smoke.test.ts).
 *
 * `runMarketRulesBench(options)` returns the same figures, for bench:alerts to print in its report.
 */
import { fileURLToPath } from "node:url";
import { createPrng } from "../src/sandbox/prng.ts";
import {
  HOUR_MS,
  MARKET_WINDOWS,
  type MarketAlertSpec,
  MINUTE_MS,
  type PricePoint,
  parseMarketAlertSpec,
} from "../src/services/alerts/market/kinds.ts";
import { MarketRules } from "../src/services/alerts/market/rules.ts";

export interface MarketRulesBenchOptions {
  users: number;
  assets: number;
  readings: number;
  seed?: number;
}

export interface MarketRulesBenchFigures {
  alerts: number;
  readings: number;
  /** Per reading (every asset, every alert), in ms, after the warm-up. */
  p50: number;
  p99: number;
  max: number;
  mean: number;
  /** CPU time per reading (the process's user + system), in ms. */
  cpuP50: number;
  cpuP99: number;
  events: number;
  changed: number;
  /** The reading that fired the most alerts: how many, and its evaluation time. */
  burst: { events: number; ms: number };
  loadMs: number;
  memoryMiB: number;
}

const WARM_UP = 200;

/** A seeded uniform generator in [0, 1) (the sandbox's mulberry32), so a path is reproduced from its seed. */
function seeded(seed: number): () => number {
  const prng = createPrng(seed);
  return () => prng.next();
}

function mustSpec(raw: object): MarketAlertSpec {
  const parsed = parseMarketAlertSpec(raw);
  if (!parsed.ok) throw new Error(`bad spec ${JSON.stringify(raw)}: ${parsed.error}`);
  return parsed.spec;
}

/** Runs the benchmark and returns its figures. */
export function runMarketRulesBench(options: MarketRulesBenchOptions): MarketRulesBenchFigures {
  const rnd = seeded(options.seed ?? 1);
  const assets = Array.from({ length: options.assets }, (_, i) => `A${i}`);
  const prices = assets.map(() => 1 + rnd() * 100_000);
  // Readings start 40 minutes into an hour, so the run crosses an hour's close (RSI recomputed).
  const start = Date.UTC(2026, 0, 5, 12, 40);
  // The heap and the memory outside it (the series' typed arrays live there).
  const used = () => process.memoryUsage().heapUsed + process.memoryUsage().external;
  const heapBefore = used();
  const loadStart = performance.now();
  const rules = new MarketRules();
  assets.forEach((asset, i) => {
    const points: PricePoint[] = [];
    let p = prices[i] as number;
    for (let t = start - 25 * HOUR_MS; t < start; t += MINUTE_MS) {
      p *= 1 + (rnd() - 0.5) * 0.004;
      points.push({ at: t, mid: p });
    }
    prices[i] = p;
    rules.loadHistory(asset, points);
  });
  const pick = (): string => {
    const r = rnd();
    if (r < 0.3) return assets[0] as string;
    if (r < 0.5) return assets[1 % assets.length] as string;
    return assets[Math.floor(rnd() * assets.length)] as string;
  };
  const directions = ["up", "down", "either"] as const;
  for (let u = 0; u < options.users; u++) {
    for (let k = 0; k < 3; k++) {
      const asset = pick();
      const kind = Math.floor(rnd() * 4);
      const direction = directions[Math.floor(rnd() * 3)];
      const percent = String((50 + Math.floor(rnd() * 950)) / 100);
      const spec =
        kind === 0
          ? mustSpec({
              kind: "move",
              asset,
              window: MARKET_WINDOWS[Math.floor(rnd() * 4)],
              direction,
              percent: String((20 + Math.floor(rnd() * 300)) / 100),
            })
          : kind === 1
            ? mustSpec({ kind: "day_change", asset, direction, percent })
            : kind === 2
              ? mustSpec({ kind: "step", asset, percent: String((50 + Math.floor(rnd() * 300)) / 100) })
              : mustSpec({ kind: "rsi", asset, direction, low: "30", high: "70" });
      const price = prices[assets.indexOf(asset)] as number;
      const state =
        spec.kind === "step"
          ? { phase: "new" as const, anchor: String(price), anchorAt: start }
          : { phase: "new" as const };
      rules.upsert({ id: `${u}:${k}`, spec, state });
    }
  }
  const loadMs = performance.now() - loadStart;
  // The load's garbage collected before the readings (with --expose-gc), so they are timed at steady state.
  (globalThis as { gc?: () => void }).gc?.();
  const memoryMiB = (used() - heapBefore) / 2 ** 20;

  const times: number[] = [];
  // CPU time as well as wall time: on a shared machine the wall time's tail is mostly waits for a core.
  const cpuTimes: number[] = [];
  let events = 0;
  let changed = 0;
  let burst = { events: 0, ms: 0 };
  const mids: [string, number][] = assets.map((a, i) => [a, prices[i] as number]);
  for (let r = 0; r < options.readings; r++) {
    for (const entry of mids) {
      // About 0.02 % a second (BTC's usual pace), and now and then a jump of up to 5 % either way.
      const jump = rnd() < 0.0005 ? (rnd() - 0.5) * 0.1 : 0;
      entry[1] *= 1 + (rnd() - 0.5) * 0.0007 + jump;
    }
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    const result = rules.reading(start + r * 1000, mids);
    const took = performance.now() - t0;
    const cpu = process.cpuUsage(cpu0);
    if (r >= WARM_UP) {
      times.push(took);
      cpuTimes.push((cpu.user + cpu.system) / 1000);
    }
    if (result.events.length > burst.events) burst = { events: result.events.length, ms: took };
    events += result.events.length;
    changed += result.changed.length;
  }
  times.sort((a, b) => a - b);
  cpuTimes.sort((a, b) => a - b);
  const at = (q: number, xs = times) => xs[Math.min(xs.length - 1, Math.floor(q * xs.length))] ?? 0;
  return {
    alerts: rules.size,
    readings: options.readings,
    p50: at(0.5),
    p99: at(0.99),
    max: times.at(-1) ?? 0,
    mean: times.reduce((a, b) => a + b, 0) / Math.max(1, times.length),
    cpuP50: at(0.5, cpuTimes),
    cpuP99: at(0.99, cpuTimes),
    events,
    changed,
    burst,
    loadMs,
    memoryMiB,
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const smoke = process.argv.includes("--smoke");
  const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
  const options = {
    users: smoke ? 100 : env("BENCH_USERS", 10_000),
    assets: smoke ? 3 : env("BENCH_ASSETS", 10),
    readings: smoke ? 400 : env("BENCH_READINGS", 3_000),
  };
  const f = runMarketRulesBench(options);
  console.log(
    `market alerts: ${f.alerts} alerts (${options.users} users x 3, mixed kinds) on ${options.assets} assets, ` +
      `${f.readings} readings (first ${WARM_UP} a warm-up)`,
  );
  console.log(
    `evaluation per reading: p50 ${f.p50.toFixed(3)} ms, p99 ${f.p99.toFixed(3)} ms, ` +
      `max ${f.max.toFixed(3)} ms, mean ${f.mean.toFixed(3)} ms; CPU time p50 ${f.cpuP50.toFixed(3)} ms, ` +
      `p99 ${f.cpuP99.toFixed(3)} ms`,
  );
  console.log(
    `fired ${f.events} alerts, ${f.changed} state changes to store; the biggest burst: ` +
      `${f.burst.events} alerts in one reading, evaluated in ${f.burst.ms.toFixed(3)} ms`,
  );
  console.log(
    `load (history 25 h per asset + alerts): ${f.loadMs.toFixed(0)} ms, memory +${f.memoryMiB.toFixed(1)} MiB (heap and typed arrays)`,
  );
}

/**
 * `npm run bench:market-watch [-- --smoke]`: market alerts at runtime (src/services/alerts/market/watch.ts)
 * on a real Redis and BullMQ: BENCH_USERS users (default 10,000) with 3 market alerts each of mixed kinds
 * (move in every window and direction, 24-hour change, step, RSI) on 10 assets (half on the first two), in
 * the store; 25 hours of minute history per asset in the price history; three watch instances in this
 * process on one Redis, ticking once a second; a simulated market moving once a second for BENCH_READINGS
 * seconds (default 60; read as the shared ticker is, again once 0.9 s old), with a 6 % jump of the first asset a third of the way and a 6 % fall of the second at two thirds
 * (bursts of alerts). The deliver callback is a stub that records when it was called (no Telegram: a real
 * send is paced to 25 a second, so a burst of N messages needs about N / 25 s more).
 *
 * It prints: the load of the holder (alerts and history), the evaluation per reading (engine only; p50,
 * p99, max), the whole tick's time, events fired and delivered (and duplicates: 0 expected), reading to
 * deliver-call (p50, p99, max), how many instances evaluated, and private reads (none: the watch has no
 * exchange client). Its keys are deleted at the end. `--smoke`: 200 users, 20 readings.
 */
import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import pino from "pino";
import type { Ticker } from "../src/exchange/index.ts";
import {
  HOUR_MS,
  MARKET_WINDOWS,
  type MarketAlertSpec,
  MINUTE_MS,
} from "../src/services/alerts/market/kinds.ts";
import { createMarketAlertStore } from "../src/services/alerts/market/store.ts";
import { createMarketWatch, type MarketWatch, marketEventId } from "../src/services/alerts/market/watch.ts";
import type { TickerReading } from "../src/services/alerts/shared/ticker.ts";
import { createPriceHistory } from "../src/services/market/price-history.ts";

const SMOKE = process.argv.includes("--smoke");
const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const USERS = SMOKE ? 200 : env("BENCH_USERS", 10_000);
const READINGS = SMOKE ? 20 : env("BENCH_READINGS", 60);
const ASSETS = Array.from({ length: 10 }, (_, i) => `A${i}`);
const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";

/** mulberry32, so runs are comparable. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rnd = seeded(7);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const quantile = (xs: number[], q: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
};
const ms = (x: number) => `${x.toFixed(x < 10 ? 2 : 0)} ms`;

const tickerOf = (prices: number[]): Ticker =>
  Object.fromEntries(
    ASSETS.map((asset, i) => {
      const p = (prices[i] as number).toPrecision(10);
      return [asset, { buy: p, sell: p }];
    }),
  ) as Ticker;

function specFor(asset: string): MarketAlertSpec {
  const kind = Math.floor(rnd() * 4);
  const direction = (["up", "down", "either"] as const)[Math.floor(rnd() * 3)] ?? "either";
  if (kind === 0) {
    const window = MARKET_WINDOWS[Math.floor(rnd() * 4)] ?? "1h";
    return { kind: "move", asset, window, direction, percent: String((100 + Math.floor(rnd() * 500)) / 100) };
  }
  if (kind === 1) {
    return { kind: "day_change", asset, direction, percent: String((50 + Math.floor(rnd() * 950)) / 100) };
  }
  if (kind === 2) return { kind: "step", asset, percent: String((50 + Math.floor(rnd() * 300)) / 100) };
  return { kind: "rsi", asset, direction, low: "30", high: "70" };
}

async function main(): Promise<void> {
  const redis = new Redis(REDIS_URL);
  const prefix = `bench:mwatch:${randomUUID()}:`;
  const store = createMarketAlertStore({ redis, prefix: `${prefix}market-alerts:` });
  const history = createPriceHistory({ redis, prefix: `${prefix}price-history:` });
  const prices = ASSETS.map(() => 1 + rnd() * 100_000);
  const watches: MarketWatch[] = [];
  try {
    // 25 hours of minutes before now, every asset (the history the holder loads).
    const now = Date.now();
    const firstMinute = Math.floor(now / MINUTE_MS) * MINUTE_MS - 25 * HOUR_MS;
    const walk = [...prices];
    for (let at = firstMinute; at < now - MINUTE_MS; at += MINUTE_MS) {
      for (let i = 0; i < walk.length; i++) walk[i] = (walk[i] as number) * (1 + (rnd() - 0.5) * 0.004);
      await history.record(tickerOf(walk), at);
    }
    for (let i = 0; i < prices.length; i++) prices[i] = walk[i] as number;

    // The alerts, through the store as the chat makes them.
    const made = performance.now();
    const pick = () => {
      const r = rnd();
      return r < 0.3 ? 0 : r < 0.5 ? 1 : Math.floor(rnd() * ASSETS.length);
    };
    const users = Array.from({ length: USERS }, (_, u) => 100_000 + u);
    for (let start = 0; start < users.length; start += 200) {
      await Promise.all(
        users.slice(start, start + 200).map(async (userId) => {
          for (let k = 0; k < 3; k++) {
            const i = pick();
            const spec = specFor(ASSETS[i] as string);
            await store.create(userId, spec, String(prices[i]), Date.now());
          }
        }),
      );
    }
    const storeMs = performance.now() - made;

    let current: TickerReading = { at: Date.now(), ticker: tickerOf(prices) };
    const evaluations: { at: number; ms: number; events: number }[] = [];
    const tickTimes: number[] = [];
    const delivered: { id: string; latency: number }[] = [];
    const started = performance.now();
    let firstEvaluation = 0;
    for (let n = 0; n < 3; n++) {
      const watch = createMarketWatch({
        redisUrl: REDIS_URL,
        redis,
        bullPrefix: `${prefix}bull`,
        keyPrefix: `${prefix}market-alerts:`,
        // As the shared ticker: read again once 0.9 s old (the price moves at the driver's pace below).
        reading: async () => {
          if (Date.now() - current.at >= 900) {
            current = { at: Date.now(), ticker: tickerOf(prices) };
            await history.record(current.ticker, current.at);
          }
          return current;
        },
        history,
        deliver: async (delivery) => {
          delivered.push({ id: marketEventId(delivery.event), latency: Date.now() - delivery.event.at });
          return { status: "sent", markSeen: false };
        },
        logger: pino({ level: "silent" }),
        tickMs: 0,
        onEvaluated: (e) => {
          if (firstEvaluation === 0) firstEvaluation = performance.now() - started;
          evaluations.push(e);
        },
      });
      watches.push(watch);
    }
    // Each instance ticks once a second, as in the app (their own timers, a third of a second apart).
    const timers = watches.map((watch, n) =>
      setTimeout(
        () => {
          const timer = setInterval(async () => {
            const t0 = performance.now();
            await watch.tick();
            if (watch.leading()) tickTimes.push(performance.now() - t0);
          }, 1000);
          timers.push(timer);
        },
        (n * 1000) / 3,
      ),
    );
    for (let r = 0; r < READINGS; r++) {
      for (let i = 0; i < prices.length; i++) {
        const third = Math.floor(READINGS / 3);
        const jump = r === third && i === 0 ? 0.06 : r === 2 * third && i === 1 ? -0.06 : 0;
        prices[i] = (prices[i] as number) * (1 + (rnd() - 0.5) * 0.0007 + jump);
      }
      await sleep(1000);
    }
    // Let the last deliveries through.
    let last = -1;
    while (last !== delivered.length) {
      last = delivered.length;
      await sleep(3000);
    }
    for (const timer of timers) clearInterval(timer);

    const fired = evaluations.reduce((sum, e) => sum + e.events, 0);
    const unique = new Set(delivered.map((d) => d.id));
    const evalMs = evaluations.slice(1).map((e) => e.ms);
    const latencies = delivered.map((d) => d.latency);
    const burst = evaluations.reduce((most, e) => (e.events > most.events ? e : most), {
      at: 0,
      ms: 0,
      events: 0,
    });
    console.log(
      `market watch: ${USERS} users x 3 market alerts (mixed kinds) on ${ASSETS.length} assets, 3 instances on one Redis, ` +
        `${READINGS} readings a second apart`,
    );
    console.log(`store: ${USERS * 3} alerts made in ${(storeMs / 1000).toFixed(1)} s`);
    console.log(
      `instances evaluating: ${watches.filter((w) => w.leading()).length} of 3; first evaluation ${ms(firstEvaluation)} ` +
        "after start (lease, alerts and 26 h of history loaded)",
    );
    console.log(
      `evaluation per reading (engine, every alert): p50 ${ms(quantile(evalMs, 0.5))}, p99 ${ms(quantile(evalMs, 0.99))}, ` +
        `max ${ms(Math.max(0, ...evalMs))} over ${evalMs.length} readings; the holder's whole tick (Redis included): ` +
        `p50 ${ms(quantile(tickTimes, 0.5))}, p99 ${ms(quantile(tickTimes, 0.99))}`,
    );
    console.log(
      `fired ${fired} (biggest burst ${burst.events} in one reading, evaluated in ${ms(burst.ms)}); delivered ` +
        `${delivered.length}, distinct ${unique.size}, duplicates ${delivered.length - unique.size}`,
    );
    console.log(
      `reading to deliver call (no Telegram pacing): p50 ${ms(quantile(latencies, 0.5))}, p99 ${ms(quantile(latencies, 0.99))}, ` +
        `max ${ms(Math.max(0, ...latencies))}`,
    );
    console.log(
      "private reads: 0 (the market watch has no exchange client; it reads the shared ticker and Redis)",
    );
    console.log(
      `process RSS ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MiB (three instances in one process)`,
    );
  } finally {
    await Promise.all(watches.map((w) => w.close()));
    const keys = await redis.keys(`${prefix}*`);
    for (let i = 0; i < keys.length; i += 1000) await redis.del(...keys.slice(i, i + 1000));
    await redis.quit();
  }
}

await main();

/**
 * `npm run bench:alerts`: the alert watcher against the sandbox on one instance, printing
 * - event-to-send latency (p50, p99) for events a price move announces and for events only the
 *   heartbeat can see (triggers made outside the chat at a level already crossed);
 * - private trigger reads per user per minute at steady state, and the most reads of one account in a
 *   minute (the exchange allows 1,800);
 * - sends per second (peak in any one-second window) and the most messages to one chat in a second.
 * "Sending" is recorded at the watcher's `deliver` (no Telegram): the figure measures the watcher and
 * its pacing, not the network.
 *
 * Environment: BENCH_USERS (default 100; 3 triggers each), BENCH_STEADY_SECONDS (default 20),
 * BENCH_POLL_SECONDS (heartbeat, default 10), REDIS_URL. Its Redis keys are deleted at the end.
 */
import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import pino from "pino";
import { createExchangeClient, type ExchangeClient } from "../src/exchange/index.ts";
import { startSandbox } from "../src/sandbox/server.ts";
import { createSharedTicker } from "../src/services/alerts/shared-ticker.ts";
import { type AlertDelivery, createAlertWatcher } from "../src/services/alerts/watcher.ts";

const env = process.env;
const USERS = Number(env.BENCH_USERS ?? 100);
const STEADY_S = Number(env.BENCH_STEADY_SECONDS ?? 20);
const POLL_S = Number(env.BENCH_POLL_SECONDS ?? 10);
const REDIS_URL = env.REDIS_URL ?? "redis://127.0.0.1:6379";
const ASSETS = ["BTC", "ETH", "SOL"] as const;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

/** The most items in any window of `ms` (times sorted ascending). */
function peak(times: number[], ms: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  let best = 0;
  let start = 0;
  for (let end = 0; end < sorted.length; end++) {
    while ((sorted[end] as number) - (sorted[start] as number) >= ms) start++;
    best = Math.max(best, end - start + 1);
  }
  return best;
}

const sandbox = await startSandbox({ walk: false, control: true, swapSettleMs: 0 });
const redis = new Redis(REDIS_URL);
const prefix = `bench:alerts:${randomUUID()}:`;
const publicClient = createExchangeClient({ baseUrl: sandbox.url });
const clients = new Map<number, ExchangeClient>();
const reads = new Map<number, number[]>();
const sends: { at: number; userId: number; delivery: AlertDelivery }[] = [];

function counted(userId: number, client: ExchangeClient): ExchangeClient {
  const list: ExchangeClient["priceTriggers"]["list"] = async (query) => {
    const times = reads.get(userId) ?? [];
    times.push(Date.now());
    reads.set(userId, times);
    return client.priceTriggers.list(query);
  };
  const iterate: ExchangeClient["priceTriggers"]["iterate"] = async function* (query = {}) {
    for (let page = 1; ; page++) {
      const current = await list({ ...query, page });
      yield* current.results;
      if (current.next === null || current.results.length === 0) return;
    }
  };
  return { ...client, priceTriggers: { ...client.priceTriggers, list, iterate } };
}

async function mid(asset: string): Promise<number> {
  return Number((await publicClient.market.ticker())[asset]?.last);
}

const watcher = createAlertWatcher({
  redisUrl: REDIS_URL,
  redis,
  bullPrefix: `${prefix}bull`,
  keyPrefix: `${prefix}alerts:`,
  clientFor: async (userId) => {
    const client = clients.get(userId);
    return client && counted(userId, client);
  },
  ticker: createSharedTicker({ redis, prefix: `${prefix}alerts:`, load: () => publicClient.market.ticker() }),
  deliver: async (delivery) => {
    sends.push({ at: Date.now(), userId: delivery.userId, delivery });
    return { status: "sent", markSeen: false };
  },
  logger: pino({ level: "warn" }),
  pollSeconds: POLL_S,
});

try {
  process.stdout.write(`${USERS} users x 3 triggers, heartbeat ${POLL_S} s, steady state ${STEADY_S} s\n`);
  // Levels 5% away from the price: armed, never near during the steady phase.
  const prices = Object.fromEntries(await Promise.all(ASSETS.map(async (a) => [a, await mid(a)] as const)));
  for (let userId = 1; userId <= USERS; userId++) {
    const account = sandbox.createAccount({ balances: { AUD: "100000" } });
    const client = createExchangeClient({ baseUrl: sandbox.url, apiKey: account.read_write_key });
    clients.set(userId, client);
    for (const asset of ASSETS) {
      await client.priceTriggers.create({
        asset,
        price: ((prices[asset] as number) * 1.05).toPrecision(8),
        match: 1,
      });
    }
    await watcher.userConnected(userId);
  }

  // Steady state: nothing near, only heartbeats.
  reads.clear();
  const steadyStart = Date.now();
  await sleep(STEADY_S * 1000);
  const steadyReads = [...reads.values()].reduce((n, times) => n + times.length, 0);
  const perUserPerMinute = steadyReads / USERS / ((Date.now() - steadyStart) / 60_000);

  // Price-driven: BTC crosses every user's BTC level.
  const moved = Date.now();
  sandbox.setPrice("BTC", ((prices.BTC as number) * 1.06).toPrecision(8));
  while (sends.length < USERS && Date.now() - moved < 120_000) await sleep(20);
  const priceLatencies = sends.map((s) => s.at - moved);

  // Heartbeat-only: a trigger made outside the chat at a level already crossed, for every user.
  const before = sends.length;
  const made = new Map<number, number>();
  for (let userId = 1; userId <= USERS; userId++) {
    await clients.get(userId)?.priceTriggers.create({ asset: "ETH", price: "1", match: 1 });
    made.set(userId, Date.now());
  }
  const beatStart = Date.now();
  while (sends.length < before + USERS && Date.now() - beatStart < (POLL_S + 60) * 1000) await sleep(20);
  const beatLatencies = sends.slice(before).map((s) => s.at - (made.get(s.userId) ?? s.at));

  const maxAccountMinute = Math.max(0, ...[...reads.values()].map((times) => peak(times, 60_000)));
  const perChatPeak = Math.max(
    0,
    ...[...new Set(sends.map((s) => s.userId))].map((u) =>
      peak(
        sends.filter((s) => s.userId === u).map((s) => s.at),
        1000,
      ),
    ),
  );
  const keys = sends.map((s) =>
    s.delivery.kind === "alert" ? `${s.userId}:${s.delivery.event.triggerId}` : "",
  );
  const rows: [string, string][] = [
    ["price-driven events sent", `${priceLatencies.length} of ${USERS}`],
    [
      "  event-to-send p50 / p99",
      `${percentile(priceLatencies, 50)} ms / ${percentile(priceLatencies, 99)} ms`,
    ],
    ["heartbeat-only events sent", `${beatLatencies.length} of ${USERS}`],
    [
      "  event-to-send p50 / p99",
      `${percentile(beatLatencies, 50)} ms / ${percentile(beatLatencies, 99)} ms`,
    ],
    ["private reads per user per minute (steady)", perUserPerMinute.toFixed(2)],
    ["most reads of one account in a minute", `${maxAccountMinute} (limit 1800)`],
    [
      "sends per second (peak, any 1 s)",
      String(
        peak(
          sends.map((s) => s.at),
          1000,
        ),
      ),
    ],
    ["most messages to one chat in 1 s", String(perChatPeak)],
    ["duplicate deliveries", String(keys.length - new Set(keys).size)],
  ];
  for (const [label, value] of rows) process.stdout.write(`${label.padEnd(44)} ${value}\n`);
} finally {
  await watcher.close();
  const keys = await redis.keys(`${prefix}*`);
  for (let i = 0; i < keys.length; i += 500) await redis.del(...keys.slice(i, i + 500));
  await redis.quit();
  await sandbox.close();
}

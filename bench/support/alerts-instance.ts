/**
 * One alert watcher instance of `npm run bench:alerts`, in a process of its own (forked by
 * bench/alerts.ts), wired as the app wires it: exchange clients sharing the Redis rate limiter
 * with the exchange's per-account budget, and the real notifier sending through the app's paced Api (the
 * shared Telegram pacer under the app's auto-retry) to the bench's stub Telegram. It connects its share of
 * the users (as the chat would on any instance), says `ready`; on `changed` (user ids) it reads those users
 * now, as the chat does when a user makes a trigger; on `stop` it takes its memory (resident now and at its
 * peak, heap used), closes, writes every private read it made (user id -> epoch ms) to its file and says
 * `done` with its memory and CPU time.
 *
 * It runs the market alerts' watch too, as the app wires it (the shared ticker's readings, the price history
 * every reading feeds, the market notifier on the same paced Api). Everything the watch does runs in an
 * async context of its own, so a private read made from it is counted apart (none expected: the watch has
 * no exchange client). At `stop` it also writes the readings it evaluated (time, engine ms, events) and the
 * market deliveries it made (event id, user, reading ms, when the notifier returned, status) to BENCH_MARKET_OUT.
 *
 * Portfolio alerts are read on the heartbeat as the app wires them (the bench makes them in the store); their
 * statistics and balance reads are counted with the trigger reads.
 *
 * Environment (set by the bench): REDIS_URL, SANDBOX_URL, TELEGRAM_ROOT, BENCH_PREFIX, BENCH_KEYS (a JSON
 * file: user id -> API key), BENCH_INSTANCE, BENCH_INSTANCES, BENCH_POLL_SECONDS, BENCH_READS_OUT,
 * BENCH_SENDS_PER_SECOND (the pacer's rate; unset: the app's default), BENCH_MARKET_OUT.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { readFile, writeFile } from "node:fs/promises";
import { Redis } from "ioredis";
import pino from "pino";
import type { SessionData } from "../../src/bot/context.ts";
import { createI18n } from "../../src/bot/pipeline/i18n.ts";
import { createPacedApi, pacedTransformer } from "../../src/bot/pipeline/telegram-pace/paced-api.ts";
import { createTelegramPacer } from "../../src/bot/pipeline/telegram-pace/shared-pacer.ts";
import { createAlertNotifier, createMarketAlertNotifier } from "../../src/bot/watcher-notifier.ts";
import {
  ACCOUNT_LIMITS,
  createClientFactory,
  createRedisRateLimiter,
  type ExchangeClient,
  PUBLIC_LIMITS,
} from "../../src/exchange/index.ts";
import { collectPages, iteratePages } from "../../src/exchange/pagination.ts";
import { createMarketWatch, marketEventId } from "../../src/services/alerts/market/watch.ts";
import { createPortfolioAlertStore } from "../../src/services/alerts/portfolio/store.ts";
import { createSharedTicker } from "../../src/services/alerts/shared/ticker.ts";
import { createAlertWatcher } from "../../src/services/alerts/triggers/watcher.ts";
import { createPriceHistory } from "../../src/services/market/price-history.ts";
import { createRedisStorage } from "../../src/services/runtime/redis-storage.ts";

const env = process.env as Record<string, string>;
const redisUrl = env.REDIS_URL as string;
const prefix = env.BENCH_PREFIX as string;
const instance = Number(env.BENCH_INSTANCE);
const instances = Number(env.BENCH_INSTANCES);
const send = (message: Record<string, unknown>) => process.send?.(message);

const redis = new Redis(redisUrl);
const logger = pino({ level: "warn" }, pino.destination(2));
const limiter = createRedisRateLimiter({
  redis,
  prefix: `${prefix}ratelimit:`,
  limitsFor: (bucket) => (bucket.startsWith("public") ? PUBLIC_LIMITS : ACCOUNT_LIMITS),
});
const factory = createClientFactory({ baseUrl: env.SANDBOX_URL as string, limiter });
const keys = new Map(
  Object.entries(JSON.parse(await readFile(env.BENCH_KEYS as string, "utf8")) as Record<string, string>).map(
    ([id, key]) => [Number(id), key] as const,
  ),
);
/** Private reads of each user by this instance (epoch ms), and the reads that failed, by error name. */
const reads = new Map<number, number[]>();
const readErrors: Record<string, number> = {};
/** Set inside everything the market watch runs: a private read there is one the market alerts caused. */
const marketContext = new AsyncLocalStorage<true>();
let marketReads = 0;

/** `read` counted as one private read of the user (and as a failure by error name when it fails). */
async function countedRead<T>(userId: number, read: () => Promise<T>): Promise<T> {
  if (marketContext.getStore()) marketReads++;
  const times = reads.get(userId) ?? [];
  times.push(Date.now());
  reads.set(userId, times);
  try {
    return await read();
  } catch (error) {
    const name = (error as Error).name;
    readErrors[name] = (readErrors[name] ?? 0) + 1;
    throw error;
  }
}

/**
 * The user's client, counting every private read the watcher makes: the triggers on every read, and on a
 * portfolio reading the statistics and the balances.
 */
function counted(userId: number, client: ExchangeClient): ExchangeClient {
  const list: ExchangeClient["priceTriggers"]["list"] = (query) =>
    countedRead(userId, () => client.priceTriggers.list(query));
  const stats: ExchangeClient["portfolio"]["stats"] = (query) =>
    countedRead(userId, () => client.portfolio.stats(query));
  return {
    ...client,
    priceTriggers: {
      ...client.priceTriggers,
      list,
      iterate: (query = {}) => iteratePages((page) => list({ ...query, page })),
    },
    portfolio: {
      stats,
      iterate: (query = {}) => iteratePages((page) => stats({ ...query, page })),
      all: (query = {}) => collectPages((page) => stats({ ...query, page })),
    },
    balances: { ...client.balances, all: () => countedRead(userId, () => client.balances.all()) },
  };
}

const pacer = createTelegramPacer({
  redis,
  prefix: `${prefix}telegram:`,
  ...(env.BENCH_SENDS_PER_SECOND ? { perSecond: Number(env.BENCH_SENDS_PER_SECOND) } : {}),
});
const api = createPacedApi(
  "1:bench",
  { apiRoot: env.TELEGRAM_ROOT as string },
  pacedTransformer(pacer, "prompt"),
);
const publicClient = factory.public();
const i18n = createI18n();
const sessions = createRedisStorage<SessionData>({ redis, prefix: `${prefix}session:` });
const history = createPriceHistory({ redis, prefix: `${prefix}price-history:` });
// As the app: one ticker read a second for every instance, each read feeding the price history.
const ticker = createSharedTicker({
  redis,
  prefix: `${prefix}alerts:`,
  load: async () => {
    const fetched = await publicClient.market.ticker();
    history.record(fetched, Date.now()).catch(() => undefined);
    return fetched;
  },
});
const watcher = createAlertWatcher({
  redisUrl,
  redis,
  bullPrefix: `${prefix}bull`,
  keyPrefix: `${prefix}alerts:`,
  // A client per call, as the app makes them (from the key in the vault).
  clientFor: async (userId) => {
    const key = keys.get(userId);
    return key === undefined ? undefined : counted(userId, factory.forKey(key));
  },
  ticker,
  deliver: createAlertNotifier({ api, i18n, sessions, defaultTimezone: "UTC" }),
  logger,
  pollSeconds: Number(env.BENCH_POLL_SECONDS),
  portfolioAlerts: createPortfolioAlertStore({ redis, prefix: `${prefix}portfolio-alerts:` }),
});

/** Readings this instance evaluated, and the market deliveries it made. */
const evaluated: { at: number; ms: number; events: number }[] = [];
const marketSends: { id: string; userId: number; at: number; done: number; status: string }[] = [];
const notifyMarket = createMarketAlertNotifier({ api, i18n, sessions, defaultTimezone: "UTC" });
const marketWatch = marketContext.run(true, () =>
  createMarketWatch({
    redisUrl,
    redis,
    bullPrefix: `${prefix}bull`,
    keyPrefix: `${prefix}market-alerts:`,
    reading: (maxAgeMs) => ticker.reading(maxAgeMs),
    history,
    deliver: async (delivery) => {
      const result = await notifyMarket(delivery);
      const { event, userId } = delivery;
      marketSends.push({
        id: marketEventId(event),
        userId,
        at: event.at,
        done: Date.now(),
        status: result.status,
      });
      return result;
    },
    logger,
    onEvaluated: (reading) => evaluated.push(reading),
  }),
);

// This instance's share of the users, connected a few at a time (as many chats would).
const mine = [...keys.keys()].filter((id) => id % instances === instance);
let next = 0;
await Promise.all(
  Array.from({ length: 16 }, async () => {
    while (next < mine.length) {
      const userId = mine[next++] as number;
      await watcher.userConnected(userId);
    }
  }),
);
send({ type: "ready" });

process.on("message", async (message: { type: string; users?: number[] }) => {
  if (message.type === "changed") {
    for (const userId of message.users ?? []) await watcher.triggersChanged(userId);
    return;
  }
  if (message.type !== "stop") return;
  // Taken while still watching: closing the workers frees memory an instance that runs on never frees.
  const { rss, heapUsed } = process.memoryUsage();
  const peakRss = process.resourceUsage().maxRSS * 1024;
  await Promise.all([watcher.close(), marketWatch.close()]);
  await writeFile(env.BENCH_READS_OUT as string, JSON.stringify(Object.fromEntries(reads)));
  await writeFile(env.BENCH_MARKET_OUT as string, JSON.stringify({ evaluated, marketSends, marketReads }));
  const cpu = process.cpuUsage();
  send({ type: "done", rss, peakRss, heapUsed, cpuMs: (cpu.user + cpu.system) / 1000, readErrors });
  await redis.quit();
  process.disconnect?.();
});

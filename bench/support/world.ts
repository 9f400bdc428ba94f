/**
 * Everything a benchmark drives, in one process: the sandbox exchange over HTTP, the whole bot
 * (createApp, as production builds it) and the bare grammY bot, each on its own Redis client (so their
 * commands are counted apart) under a private key prefix, both talking to one stub Telegram.
 */
import { randomBytes, randomUUID } from "node:crypto";
import type { Bot } from "grammy";
import type { Update } from "grammy/types";
import { Redis } from "ioredis";
import { type App, type AppOptions, createApp } from "../../src/app.ts";
import { createConfig } from "../../src/config.ts";
import {
  ACCOUNT_LIMITS,
  createClientFactory,
  createRedisRateLimiter,
  PUBLIC_LIMITS,
} from "../../src/exchange/index.ts";
import { createLogger } from "../../src/logger.ts";
import { type SandboxHandle, startSandbox } from "../../src/sandbox/server.ts";
import { createMarketData } from "../../src/services/market-data.ts";
import { createBareBot } from "./bare-bot.ts";
import { deleteKeysUnder } from "./delete-keys.ts";
import { countRedis, type RedisCounter } from "./redis-count.ts";
import {
  createStubTelegram,
  STUB_API_ROOT,
  STUB_BOT,
  STUB_TOKEN,
  type StubTelegram,
  type StubTelegramOptions,
} from "./stub-telegram.ts";

/** Which bot an update goes to. */
export type Side = "whole" | "bare";

/** A running benchmark world. */
export interface World {
  app: App;
  sandbox: SandboxHandle;
  telegram: StubTelegram;
  redis: Record<Side, Redis>;
  counters: Record<Side, RedisCounter>;
  /** Users connected in both bots (each with a sandbox account of their own). */
  users: number[];
  /** Each user's API key (in the sandbox), to connect them in another bot too. */
  apiKeys: ReadonlyMap<number, string>;
  /** Each user's account id in the sandbox (its request log is read by account: `sandboxControl`). */
  accountIds: ReadonlyMap<number, number>;
  handle(side: Side, update: Update): Promise<void>;
  close(): Promise<void>;
}

/** What bench:storm changes in the world; other benchmarks leave every one at its default. */
export interface WorldOptions {
  /**
   * The bot's inbound limits at their defaults (LIMIT_MESSAGES 10/30 and so on) rather than budgets no
   * benchmark spends (10000/10000; the default).
   */
  realLimits?: boolean;
  /** The stub Telegram's options (default none: every call answered at once). */
  telegram?: StubTelegramOptions;
  /** The sandbox's /_sandbox/ control endpoints (its request log, by account); default off. */
  sandboxControl?: boolean;
  /** The app's inbound options (when the notice of skipped updates is considered). */
  inbound?: AppOptions["inbound"];
}

/**
 * Builds the world with `userCount` connected users (each holding plenty of AUD and some BTC);
 * `withConversations` gives the bare bot the conversations plugin and its guided buy; the sandbox holds
 * each exchange request `exchangeLatencyMs` (a real exchange's round trip; none by default).
 */
export async function startWorld(
  userCount: number,
  withConversations = false,
  exchangeLatencyMs = 0,
  options: WorldOptions = {},
): Promise<World> {
  const redisUrl = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
  const prefix = `bench:${randomUUID()}:`;
  // No walk (prices stay put, so repeated texts are alike) and no rate limit in the sandbox itself: the
  // bots' own limiters still apply the spec's budgets.
  const sandbox = await startSandbox({
    walk: false,
    swapSettleMs: 0,
    withdrawalStepMs: 0,
    limits: { accountReads: 1e9, accountWrites: 1e9, publicReads: 1e9, publicWrites: 1e9 },
    latencyMs: exchangeLatencyMs,
    ...(options.sandboxControl ? { control: true } : {}),
  });
  const telegram = createStubTelegram(options.telegram);
  const redis = { whole: new Redis(redisUrl), bare: new Redis(redisUrl) };
  const config = createConfig({
    BOT_TOKEN: STUB_TOKEN,
    TELEGRAM_API_ROOT: STUB_API_ROOT,
    EXCHANGE_BASE_URL: sandbox.url,
    VAULT_KEYS: `bench:${randomBytes(32).toString("base64")}`,
    REDIS_URL: redisUrl,
    LOG_LEVEL: "info",
    // The benchmarks drive each user far faster than a person: the budgets are checked on every update (their
    // cost is measured) but never spent. bench:storm alone keeps the defaults, which it measures.
    ...(options.realLimits
      ? {}
      : { LIMIT_MESSAGES: "10000/10000", LIMIT_PRESSES: "10000/10000", LIMIT_INLINE: "10000/10000" }),
  });
  // Production's level (info), written nowhere: formatting a line costs what it costs in production.
  const logger = createLogger({ level: "info", destination: { write: () => undefined } });
  const app = createApp({
    config,
    logger,
    redis: redis.whole,
    keyPrefix: `${prefix}whole:`,
    telegramFetch: telegram.fetch,
    botInfo: STUB_BOT,
    ...(options.inbound ? { inbound: options.inbound } : {}),
    // Replies are paced (one script each: its cost is measured), at Telegram's pace only with the real limits.
    ...(options.realLimits ? {} : { replyPace: { perSecond: 1e9, chatBurst: 1e9 } }),
  });
  const bareClients = createClientFactory({
    baseUrl: sandbox.url,
    limiter: createRedisRateLimiter({
      redis: redis.bare,
      prefix: `${prefix}bare:ratelimit:`,
      limitsFor: (bucket) => (bucket.startsWith("public") ? PUBLIC_LIMITS : ACCOUNT_LIMITS),
    }),
  });
  const keys = new Map<number, string>();
  const accountIds = new Map<number, number>();
  const bare: Bot = createBareBot({
    redis: redis.bare,
    prefix: `${prefix}bare:`,
    fetch: telegram.fetch,
    market: createMarketData({ client: bareClients.public() }),
    clients: bareClients,
    keys,
    withConversations,
  }) as unknown as Bot;

  const users: number[] = [];
  const base = 500_000_000 + Math.floor(Math.random() * 1000) * 100_000;
  for (let i = 0; i < userCount; i++) {
    const userId = base + i;
    const account = sandbox.createAccount({ balances: { AUD: "100000000", BTC: "10" } });
    const result = await app.deps.accounts.connect(userId, account.read_write_key);
    if (result.status !== "connected") throw new Error("the sandbox refused its own key");
    keys.set(userId, account.read_write_key);
    accountIds.set(userId, account.account_id);
    users.push(userId);
  }
  const counters = { whole: countRedis(redis.whole), bare: countRedis(redis.bare) };
  return {
    app,
    sandbox,
    telegram,
    redis,
    counters,
    users,
    apiKeys: keys,
    accountIds,
    handle: (side, update) => (side === "whole" ? app.bot.handleUpdate(update) : bare.handleUpdate(update)),
    async close() {
      await app.close();
      for (const client of [redis.whole, redis.bare]) await deleteKeysUnder(client, prefix);
      await Promise.all([redis.whole.quit(), redis.bare.quit()]);
      await sandbox.close();
    },
  };
}

/**
 * Everything a benchmark drives, in one process: the sandbox exchange over HTTP, the whole bot
 * (createApp, as production builds it) and the bare grammY bot, each on its own Redis client (so their
 * commands are counted apart) under a private key prefix, both talking to one stub Telegram.
 *
 * With `instances` (bench:storm --instances N), the whole bot is N webhook instances instead, as a
 * deployment behind a load balancer runs them: each its own createApp (BOT_MODE webhook, so the shared
 * handled-once record and chat lock are on) on a Redis client of its own, the same Redis and key prefix;
 * the whole side's updates go to them in turn, the world playing the round-robin balancer: given to the
 * next instance's `bot.handleUpdate`, or with `webhookConnections`, posted to its HTTP server
 * (createHttpServer, production's) as Telegram posts them, at most that many at once.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { Agent, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
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
import { createHttpServer } from "../../src/server/http-server.ts";
import { createMarketData } from "../../src/services/market/market-data.ts";
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
  /** The whole bot (with `instances`, the first instance: every instance shares its Redis state). */
  app: App;
  /** Every instance of the whole bot (one without `instances`). */
  apps: App[];
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
  /** Makes every user's inbound budgets whole again (a bench's volume would spend even the widest). */
  refillBudgets(): Promise<void>;
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
  /**
   * The whole bot as this many instances in webhook mode, each update going to the next in turn; absent
   * (the default), one app in polling mode, each update given to its `bot.handleUpdate`.
   */
  instances?: number;
  /**
   * With `instances`: each instance behind its own HTTP server, each update posted to the next one's as
   * Telegram posts it, at most this many in flight in all (Telegram's max_connections: 40 unless setWebhook
   * says otherwise, and main.ts does not), the rest waiting their turn in order. Without it, each update is
   * given to the next instance's `bot.handleUpdate` at once.
   */
  webhookConnections?: number;
}

/** The webhook's path and secret of `instances`. */
const WEBHOOK_PATH = "/hook";
const WEBHOOK_SECRET = "bench-webhook_secret";

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
    ...(options.instances === undefined
      ? {}
      : { BOT_MODE: "webhook", WEBHOOK_URL: `https://bench.example${WEBHOOK_PATH}`, WEBHOOK_SECRET }),
  });
  // Production's level (info), written nowhere: formatting a line costs what it costs in production.
  const logger = createLogger({ level: "info", destination: { write: () => undefined } });
  const appOf = (client: Redis) =>
    createApp({
      config,
      logger,
      redis: client,
      keyPrefix: `${prefix}whole:`,
      telegramFetch: telegram.fetch,
      botInfo: STUB_BOT,
      ...(options.inbound ? { inbound: options.inbound } : {}),
      // Replies are paced (their cost is measured), at Telegram's pace only with the real limits.
      ...(options.realLimits ? {} : { replyPace: { perSecond: 1e9, chatBurst: 1e9 } }),
    });
  const app = appOf(redis.whole);
  const apps = [app];
  // The other instances' Redis clients.
  const instanceRedis: Redis[] = [];
  for (let i = 1; i < (options.instances ?? 1); i++) {
    const client = new Redis(redisUrl);
    instanceRedis.push(client);
    apps.push(appOf(client));
  }
  const webhooks =
    options.webhookConnections === undefined
      ? undefined
      : await startWebhooks(apps, options.webhookConnections);
  let turn = 0;
  const whole = (update: Update): Promise<void> =>
    webhooks !== undefined
      ? webhooks.post(update)
      : (apps[turn++ % apps.length] as App).bot.handleUpdate(update);
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
    apps,
    sandbox,
    telegram,
    redis,
    counters,
    users,
    apiKeys: keys,
    accountIds,
    handle: (side, update) => (side === "whole" ? whole(update) : bare.handleUpdate(update)),
    refillBudgets: () => deleteKeysUnder(redis.whole, `${prefix}whole:inbound:`),
    async close() {
      await webhooks?.close();
      await Promise.all(apps.map((instance) => instance.close()));
      for (const client of [redis.whole, redis.bare]) await deleteKeysUnder(client, prefix);
      await Promise.all([redis.whole, redis.bare, ...instanceRedis].map((client) => client.quit()));
      await sandbox.close();
    },
  };
}

/**
 * Each app behind its own webhook server (createHttpServer), and `post`, which posts an update to the next
 * server in turn over keep-alive connections, at most `connections` in flight in all (the rest wait in
 * order), and settles once that instance has answered, as Telegram's delivery does.
 */
async function startWebhooks(apps: readonly App[], connections: number) {
  const servers: Server[] = [];
  const ports: number[] = [];
  for (const instance of apps) {
    const server = createHttpServer({
      bot: instance.bot,
      webhookPath: WEBHOOK_PATH,
      secret: WEBHOOK_SECRET,
      healthy: async () => true,
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    servers.push(server);
    ports.push((server.address() as AddressInfo).port);
  }
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const waiting: (() => void)[] = [];
  let inFlight = 0;
  let turn = 0;
  const send = (body: string) =>
    new Promise<void>((resolve, reject) => {
      const req = request(
        {
          host: "127.0.0.1",
          port: ports[turn++ % ports.length],
          path: WEBHOOK_PATH,
          method: "POST",
          agent,
          headers: {
            "content-type": "application/json",
            "content-length": Buffer.byteLength(body),
            "x-telegram-bot-api-secret-token": WEBHOOK_SECRET,
          },
        },
        (res) => {
          res.resume();
          res.once("end", () =>
            res.statusCode === 200 ? resolve() : reject(new Error(`the webhook answered ${res.statusCode}`)),
          );
          res.once("error", reject);
        },
      );
      req.once("error", reject);
      req.end(body);
    });
  return {
    async post(update: Update): Promise<void> {
      // A connection freed is handed to the first waiting update, never taken by a later one.
      if (inFlight < connections) inFlight++;
      else await new Promise<void>((resolve) => waiting.push(resolve));
      try {
        await send(JSON.stringify(update));
      } finally {
        const next = waiting.shift();
        if (next !== undefined) next();
        else inFlight--;
      }
    },
    async close() {
      agent.destroy();
      for (const server of servers) await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

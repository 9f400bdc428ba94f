/**
 * A whole bot for chat scenarios: the real app (createApp) against the fake Telegram, the sandbox
 * exchange over HTTP and real Redis under a key prefix of its own. Logs are captured so tests can
 * search them for secrets. Everything is torn down after the file (or the test that started it).
 */
import { randomBytes, randomUUID } from "node:crypto";
import { Writable } from "node:stream";
import type { Logger } from "pino";
import { type App, type AppOptions, createApp } from "../../src/app.ts";
import { createConfig } from "../../src/config.ts";
import { createLogger } from "../../src/logger.ts";
import { scanKeys } from "../../src/redis/scan.ts";
import { appKeyPrefix, createRedisClient, type RedisClient } from "../../src/redis/url.ts";
import type { SandboxOptions } from "../../src/sandbox/server.ts";
import { ChatDriver, FAKE_API_ROOT, FakeTelegram } from "../../src/telegram-fake/index.ts";
import { cleanUpAfterUse } from "./clean-up.ts";
import { startTestExchange, type TestAccount, type TestExchange } from "./exchange.ts";

/** A bot under test with everything it talks to. */
export interface TestBot {
  app: App;
  fake: FakeTelegram;
  ex: TestExchange;
  redis: RedisClient;
  /** Prefix of every key of this bot (a hash tag on a Redis Cluster). */
  prefix: string;
  vaultKeys: string;
  /** Every log line written so far. */
  logs: string[];
  /** Moves the bot's clock forward (quotes age without waiting). */
  advanceClock(ms: number): void;
  /** A private chat with a new user (ids are unique per call unless given). */
  chat(options?: { userId?: number; languageCode?: string; firstName?: string }): ChatDriver;
  /** A new user's chat, connected with the read-write key of a new account holding `balances`. */
  trader(balances: Record<string, string>): Promise<{ chat: ChatDriver; account: TestAccount }>;
  /** Every Redis key of this bot with its value(s), as text, for secret searches. */
  dumpRedis(): Promise<string>;
}

let nextUserId = 1000 + Math.floor(Math.random() * 1000) * 1000;

/** Options for the environment the bot reads. */
export interface TestBotOptions {
  env?: Record<string, string>;
  sandbox?: SandboxOptions;
  /** How long a waiting user's exchange calls may take, and how often "typing…" is resent. */
  waiting?: Pick<AppOptions, "exchangeDeadlineMs" | "chatActionIntervalMs">;
  /** The bot's per-account exchange budget per rolling minute (default the spec's). */
  accountLimits?: AppOptions["accountLimits"];
  /** Alert watcher timing; default a 100 ms scan. */
  alertWatch?: AppOptions["alertWatch"];
  /** Market alerts' evaluation timing; default the app's (a one-second tick). */
  marketWatch?: AppOptions["marketWatch"];
  /** Telegram pace of background messages; default 100 ms between messages to one chat. */
  telegramPace?: AppOptions["telegramPace"];
  /** Swap follow-up timing, merged over the fast defaults below. */
  swapWatch?: AppOptions["swapWatch"];
  /** Wraps the fake Telegram's fetch (e.g. to hold a send while a test breaks something). */
  wrapTelegramFetch?: (fetch: typeof globalThis.fetch) => typeof globalThis.fetch;
  /** The pace of replies (default: wide open). */
  replyPace?: AppOptions["replyPace"];
  /** When the notice of skipped updates is considered, and how often it may come. */
  inbound?: AppOptions["inbound"];
  /** Connects the main Redis client (e.g. with connectRedis); REDIS_URL in `env` must name the same server. */
  connectRedis?: (logger: Logger) => Promise<RedisClient>;
  /**
   * How many instances of the app share the Redis, prefix, exchange and Telegram (default 1); a chat's
   * updates go to them in turn, as a load balancer deals them. Several need BOT_MODE webhook in `env`.
   */
  instances?: number;
}

/** Builds the bot; closed after the test file, or after the test that calls this (clean-up.ts). */
export async function startTestBot(options: TestBotOptions = {}): Promise<TestBot> {
  const ex = await startTestExchange(options.sandbox);
  const fake = new FakeTelegram();
  const vaultKeys = `k1:${randomBytes(32).toString("base64")}`;
  const config = createConfig({
    BOT_TOKEN: fake.token,
    TELEGRAM_API_ROOT: FAKE_API_ROOT,
    EXCHANGE_BASE_URL: ex.url,
    VAULT_KEYS: vaultKeys,
    REDIS_URL: process.env.REDIS_URL ?? "redis://127.0.0.1:6379",
    LOG_LEVEL: "debug",
    // Scenarios drive a user faster than a person types: the budgets are tested on their own (inbound-limits).
    LIMIT_MESSAGES: "10000/10000",
    LIMIT_PRESSES: "10000/10000",
    LIMIT_INLINE: "10000/10000",
    ...options.env,
  });
  const prefix = appKeyPrefix(config.redisUrl, `test:bot:${randomUUID()}:`);
  const logs: string[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      logs.push(String(chunk));
      done();
    },
  });
  const logger = createLogger({ level: "debug", destination });
  const redis = options.connectRedis
    ? await options.connectRedis(logger)
    : createRedisClient(config.redisUrl);
  const clock = { offsetMs: 0 };
  const build = () =>
    createApp({
      config,
      logger,
      redis,
      keyPrefix: prefix,
      telegramFetch: options.wrapTelegramFetch ? options.wrapTelegramFetch(fake.fetch) : fake.fetch,
      botInfo: fake.botInfo,
      // Fast follow-up so "still processing" is reached in well under a second, and a quick search.
      swapWatch: {
        pollIntervalMs: 20,
        fastWindowMs: 300,
        slowDelaysMs: [100, 100, 200, 400, 800],
        findAttempts: 3,
        findIntervalMs: 50,
        ...options.swapWatch,
      },
      // Withdrawal status read every 30 ms for about ten seconds.
      withdrawalWatch: { delaysMs: Array(330).fill(30), draftChecks: 3, findAttempts: 3, findIntervalMs: 50 },
      now: () => Date.now() + clock.offsetMs,
      alertWatch: { tickMs: 100, ...options.alertWatch },
      ...(options.marketWatch ? { marketWatch: options.marketWatch } : {}),
      telegramPace: { chatGapMs: 100, ...options.telegramPace },
      ...options.waiting,
      ...(options.accountLimits ? { accountLimits: options.accountLimits } : {}),
      // Scenarios tap twenty times at once to prove a confirmation single-use: the bound is tested on its own.
      inbound: { heldPerChat: 100, ...options.inbound },
      // And they answer far faster than Telegram's pace allows: the pace of replies is tested on its own.
      replyPace: options.replyPace ?? { perSecond: 1e9, chatBurst: 1e9 },
    });
  const apps = Array.from({ length: options.instances ?? 1 }, build);
  const app = apps[0] as App;
  let turn = 0;

  cleanUpAfterUse(async () => {
    await Promise.all(apps.map((each) => each.close()));
    for (const key of await keysOf(redis, prefix)) await redis.del(key);
    await redis.quit();
  });

  const testBot: TestBot = {
    app,
    fake,
    ex,
    redis,
    prefix,
    vaultKeys,
    logs,
    advanceClock(ms) {
      clock.offsetMs += ms;
    },
    chat(chatOptions = {}) {
      const userId = chatOptions.userId ?? nextUserId++;
      const participant = fake.privateChat(userId, {
        firstName: chatOptions.firstName ?? "Alice",
        ...(chatOptions.languageCode ? { languageCode: chatOptions.languageCode } : {}),
      });
      return new ChatDriver(
        fake,
        (update) => (apps[turn++ % apps.length] as App).bot.handleUpdate(update),
        participant,
      );
    },
    async trader(balances) {
      const chat = testBot.chat();
      const account = ex.account(balances);
      await app.deps.accounts.connect(chat.user.id, account.readWriteKey);
      // As /connect does: the alert watcher takes the account's events from now on.
      await app.deps.alerts.userConnected(chat.user.id);
      return { chat, account };
    },
    async dumpRedis() {
      const keys = await keysOf(redis, prefix);
      const parts: string[] = [];
      for (const key of keys) {
        const type = await redis.type(key);
        if (type === "string") parts.push(key, (await redis.get(key)) ?? "");
        else if (type === "hash") parts.push(key, JSON.stringify(await redis.hgetall(key)));
        else if (type === "zset") parts.push(key, JSON.stringify(await redis.zrange(key, "0", "-1")));
        else if (type === "list") parts.push(key, JSON.stringify(await redis.lrange(key, 0, -1)));
        else if (type === "set") parts.push(key, JSON.stringify(await redis.smembers(key)));
      }
      return parts.join("\n");
    },
  };
  return testBot;
}

/** Every string in Redis under the bot's prefix, with JSON values (and JSON inside them) unpacked. */
export async function redisStrings(tb: TestBot): Promise<string[]> {
  const found: string[] = [];
  const unpack = (value: unknown): void => {
    if (typeof value === "string") {
      found.push(value);
      try {
        const parsed: unknown = JSON.parse(value);
        if (typeof parsed === "object" && parsed !== null) unpack(parsed);
      } catch {
        // not JSON: the raw string is already there
      }
    } else if (Array.isArray(value)) value.forEach(unpack);
    else if (typeof value === "object" && value !== null) {
      for (const [key, inner] of Object.entries(value)) {
        found.push(key);
        unpack(inner);
      }
    }
  };
  for (const key of await keysOf(tb.redis, tb.prefix)) {
    found.push(key);
    const type = await tb.redis.type(key);
    if (type === "string") unpack(await tb.redis.get(key));
    else if (type === "hash") unpack(await tb.redis.hgetall(key));
    else if (type === "list") unpack(await tb.redis.lrange(key, 0, -1));
    else if (type === "set") unpack(await tb.redis.smembers(key));
    else if (type === "zset") unpack(await tb.redis.zrange(key, "0", "-1"));
    else if (type === "stream") unpack(await tb.redis.xrange(key, "-", "+"));
    // Gone since it was listed (an expired lock, a finished job's marker): nothing left to search.
    else if (type !== "none") throw new Error(`unexpected type ${type} at ${key}`);
  }
  return found;
}

/** Every key under `prefix`, on one server or on every master of a Cluster. */
export async function keysOf(redis: RedisClient, prefix: string): Promise<string[]> {
  const found = new Set<string>();
  for await (const keys of scanKeys(redis, { match: `${prefix}*`, count: 1000 }))
    for (const key of keys) found.add(key);
  return [...found];
}

/**
 * The composition root shared by `main.ts` and the demo: config -> logger -> Redis -> exchange client
 * factory (with the shared rate limiter) -> vault -> services -> bot. Receiving updates is started by the
 * caller; the background swap watcher starts here and stops with `close()`.
 */

import type { Bot } from "grammy";
import type { UserFromGetMe } from "grammy/types";
import type { Redis } from "ioredis";
import type { Logger } from "pino";
import type { BotContext, BotDeps } from "./bot/context.ts";
import { createBot } from "./bot/create-bot.ts";
import { createI18n } from "./bot/i18n.ts";
import { createSwapNotifier } from "./bot/swaps/notifier.ts";
import type { Config } from "./config.ts";
import {
  ACCOUNT_LIMITS,
  createClientFactory,
  createRedisRateLimiter,
  PUBLIC_LIMITS,
} from "./exchange/index.ts";
import { createCallbackTokens } from "./services/callback-tokens.ts";
import { createAccountService } from "./services/connect/accounts.ts";
import { createMarketData } from "./services/market-data.ts";
import { createRedisStorage } from "./services/redis-storage.ts";
import { createLiveQuotes } from "./services/swaps/live-quotes.ts";
import { createSwapWatcher, type SwapWatcherOptions } from "./services/swaps/watcher.ts";
import { forgetReadAheadField, takeReadAheadField, withReadAhead } from "./services/update-reads.ts";
import { createUserCancellation } from "./services/user-cancellation.ts";
import { createVault } from "./vault/vault.ts";

export {
  connectRedis,
  RedisUnavailableError,
  redisLocation,
} from "./services/redis-connection.ts";

/** What the app is built from; tests and the demo swap in a fake Telegram `fetch`. */
export interface AppOptions {
  config: Config;
  logger: Logger;
  redis: Redis;
  /** Prefix of every Redis key the app writes (tests give each run its own). */
  keyPrefix?: string;
  telegramFetch?: typeof fetch;
  botInfo?: UserFromGetMe;
  /** Swap follow-up timing (tests shorten it); defaults follow the spec's guidance. */
  swapWatch?: Pick<
    SwapWatcherOptions,
    "pollIntervalMs" | "fastWindowMs" | "slowDelaysMs" | "findAttempts" | "findIntervalMs"
  >;
  /** How long a quote holds; default 30 s. */
  quoteTtlMs?: number;
  /** The clock; default Date.now. */
  now?: () => number;
  /** Overall time of an exchange call while a user waits; default 20 s (tests shorten it). */
  exchangeDeadlineMs?: number;
  /** How often the chat action is resent while the bot waits; default 4 s (tests shorten it). */
  chatActionIntervalMs?: number;
}

/** A built app: the bot, the services behind it, and how to stop its background work. */
export interface App {
  bot: Bot<BotContext>;
  deps: BotDeps;
  /** Stops the swap watcher (running follow-ups finish their current step). */
  close(): Promise<void>;
}

/** Wires every part together. */
export function createApp(options: AppOptions): App {
  const { config, logger, redis } = options;
  const prefix = options.keyPrefix ?? "";
  const limiter = createRedisRateLimiter({
    redis,
    prefix: `${prefix}ratelimit:`,
    limitsFor: (bucket) => (bucket.startsWith("public") ? PUBLIC_LIMITS : ACCOUNT_LIMITS),
  });
  const clients = createClientFactory({
    baseUrl: config.exchangeBaseUrl,
    limiter,
    logger: logger.child({ component: "exchange" }),
  });
  const exchangeDeadlineMs = options.exchangeDeadlineMs ?? 20_000;
  const deps: BotDeps = {
    accounts: createAccountService({
      vault: createVault({
        redis,
        keyring: config.vaultKeys,
        prefix: `${prefix}vault:`,
        readAhead: { take: takeReadAheadField, forget: forgetReadAheadField },
      }),
      clients,
      redis,
      prefix: `${prefix}account:`,
    }),
    // Market data is only read while a user waits, so it gets the interactive deadline too.
    market: createMarketData({ client: clients.public({ deadlineMs: exchangeDeadlineMs }) }),
    tokens: createCallbackTokens({ redis, prefix: `${prefix}cbtoken:` }),
    liveQuotes: createLiveQuotes({ redis, prefix: `${prefix}livequotes:` }),
    logger,
    defaultTimezone: config.defaultTimezone,
    allowedUserIds: config.allowedUserIds,
    // Bound below, once the bot (whose API the watcher's messages go through) exists.
    watchSwap: (watch) => watcher.watch(watch),
    findSwap: (find) => watcher.find(find),
    quoteTtlMs: options.quoteTtlMs ?? 30_000,
    now: options.now ?? Date.now,
    cancellation: createUserCancellation({ redis, prefix: `${prefix}cancel:` }),
    exchangeDeadlineMs,
    chatActionIntervalMs: options.chatActionIntervalMs ?? 4000,
  };
  const bot = createBot(
    deps,
    {
      // Settings live as long as the user; conversation state expires after a day of silence.
      sessions: createRedisStorage({ redis, prefix: `${prefix}session:` }),
      conversations: createRedisStorage({ redis, prefix: `${prefix}conversation:`, ttlSeconds: 86_400 }),
      readAhead: (reads, work) => withReadAhead(redis, reads, work),
    },
    {
      token: config.botToken,
      apiRoot: config.telegramApiRoot,
      ...(options.telegramFetch ? { fetch: options.telegramFetch } : {}),
      ...(options.botInfo ? { botInfo: options.botInfo } : {}),
    },
  );
  const watcher = createSwapWatcher({
    redisUrl: config.redisUrl,
    redis,
    prefix: `${prefix}bull`,
    clientFor: (userId) => deps.accounts.clientFor(userId),
    notify: createSwapNotifier(bot.api, createI18n()),
    logger: logger.child({ component: "swap-watcher" }),
    ...options.swapWatch,
  });
  return { bot, deps, close: () => watcher.close() };
}

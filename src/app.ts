/**
 * The composition root shared by `main.ts` and the demo: config -> logger -> Redis -> exchange client
 * factory (with the shared rate limiter) -> vault -> services -> bot. Receiving updates is started by the
 * caller; the background swap watcher starts here and stops with `close()`.
 */

import type { Bot } from "grammy";
import type { UserFromGetMe } from "grammy/types";
import type { Logger } from "pino";
import { createAlertChart } from "./bot/alerts/shared/alert-chart.ts";
import type { BotContext, BotDeps, SessionData } from "./bot/context.ts";
import { createBot, HELD_PER_CHAT } from "./bot/create-bot.ts";
import { createDigestSender } from "./bot/digest/notifier.ts";
import { createI18n, isLanguage, languageFromTelegram } from "./bot/pipeline/i18n.ts";
import { createSkips, NOTICE_RESERVE, skipNotifier } from "./bot/pipeline/inbound-limits.ts";
import { inChatLock } from "./bot/pipeline/shared-updates.ts";
import { createPacedApi, pacedTransformer, replyPacing } from "./bot/pipeline/telegram-pace/paced-api.ts";
import { createRepliesPace, type ReplyPace } from "./bot/pipeline/telegram-pace/reply-pace.ts";
import { createTelegramPacer, type TelegramPacerOptions } from "./bot/pipeline/telegram-pace/shared-pacer.ts";
import { createSwapNotifier } from "./bot/swaps/notifier.ts";
import { createAlertNotifier, createMarketAlertNotifier } from "./bot/watcher-notifier.ts";
import { createWithdrawalNotifier } from "./bot/withdrawals/notifier.ts";
import type { Config } from "./config.ts";
import {
  ACCOUNT_LIMITS,
  createClientFactory,
  createRedisRateLimiter,
  PUBLIC_LIMITS,
  type RateLimits,
} from "./exchange/index.ts";
import { appKeyPrefix, type RedisClient } from "./redis/url.ts";
import { createMarketAlertStore } from "./services/alerts/market/store.ts";
import {
  createMarketWatch,
  type MarketWatch,
  type MarketWatchOptions,
} from "./services/alerts/market/watch.ts";
import { createPortfolioAlertStore } from "./services/alerts/portfolio/store.ts";
import { createSharedTicker } from "./services/alerts/shared/ticker.ts";
import { createArmedLevels } from "./services/alerts/triggers/armed-levels.ts";
import { type AlertWatcherOptions, createAlertWatcher } from "./services/alerts/triggers/watcher.ts";
import { createAccountService } from "./services/connect/accounts.ts";
import { createDigestScheduler, type DigestScheduler } from "./services/digest/scheduler.ts";
import { createHistoryViews } from "./services/history/views.ts";
import { createMarketData } from "./services/market/market-data.ts";
import { createPriceHistory } from "./services/market/price-history.ts";
import { createCallbackTokens } from "./services/runtime/callback-tokens.ts";
import { createCooldowns } from "./services/runtime/cooldowns.ts";
import { createInboundLimits } from "./services/runtime/inbound-limits.ts";
import { createRedisStorage } from "./services/runtime/redis-storage.ts";
import { createShownKeyboards } from "./services/runtime/shown-keyboards.ts";
import {
  forgetReadAhead,
  forgetReadAheadField,
  peekReadAhead,
  takeReadAheadField,
  withReadAhead,
} from "./services/runtime/update-reads.ts";
import { createUserCancellation } from "./services/runtime/user-cancellation.ts";
import { createSwapWatcher, type SwapWatcherOptions } from "./services/swaps/watcher.ts";
import { createCodeWaits } from "./services/withdrawals/code-waits.ts";
import { createWithdrawalWatcher, type WithdrawalWatcherOptions } from "./services/withdrawals/watcher.ts";
import { createVault } from "./vault/vault.ts";

export {
  connectRedis,
  RedisUnavailableError,
  redisLocation,
} from "./services/runtime/redis-connection.ts";

/** What the app is built from; tests and the demo swap in a fake Telegram `fetch`. */
export interface AppOptions {
  config: Config;
  logger: Logger;
  redis: RedisClient;
  /**
   * Prefix of every Redis key the app writes (tests give each run its own); on a Redis Cluster it becomes
   * one hash tag (see {@link appKeyPrefix}).
   */
  keyPrefix?: string;
  telegramFetch?: typeof fetch;
  botInfo?: UserFromGetMe;
  /** Swap follow-up timing (tests shorten it); defaults follow the spec's guidance. */
  swapWatch?: Pick<
    SwapWatcherOptions,
    "pollIntervalMs" | "fastWindowMs" | "slowDelaysMs" | "findAttempts" | "findIntervalMs"
  >;
  /** Withdrawal follow-up timing (tests shorten it). */
  withdrawalWatch?: Pick<
    WithdrawalWatcherOptions,
    "delaysMs" | "draftChecks" | "findAttempts" | "findIntervalMs"
  >;
  /** Alert watcher timing (tests shorten it); default a one-second tick. */
  alertWatch?: Partial<
    Pick<AlertWatcherOptions, "tickMs" | "lockDurationMs" | "nearFraction" | "pollSeconds">
  >;
  /** Market alerts' evaluation timing (tests shorten it or tick by hand with 0); default a one-second tick. */
  marketWatch?: Partial<Pick<MarketWatchOptions, "tickMs" | "lockDurationMs">>;
  /** Pace of background messages; defaults 25 per second, one per second per chat (tests shorten the gap). */
  telegramPace?: Pick<TelegramPacerOptions, "perSecond" | "chatGapMs">;
  /** Pace of replies; default Telegram's (DEFAULT_REPLY_PACE). Scenario tests and benchmarks widen it. */
  replyPace?: Partial<ReplyPace>;
  /** How long a quote holds; default 30 s. */
  quoteTtlMs?: number;
  /** The clock; default Date.now. */
  now?: () => number;
  /** Overall time of an exchange call while a user waits; default 20 s (tests shorten it). */
  exchangeDeadlineMs?: number;
  /** How often the chat action is resent while the bot waits; default 4 s (tests shorten it). */
  chatActionIntervalMs?: number;
  /**
   * When the notice of skipped updates is considered and how often it may come (tests shorten them), and how
   * many updates one chat may hold (default HELD_PER_CHAT; tests that tap twenty times at once raise it).
   */
  inbound?: { noticeDelayMs?: number; noticeWindowMs?: number; heldPerChat?: number };
  /** Per-account exchange budget per rolling minute; default the spec's ACCOUNT_LIMITS (tests lower it). */
  accountLimits?: RateLimits;
}

/** A built app: the bot, the services behind it, and how to stop its background work. */
export interface App {
  bot: Bot<BotContext>;
  deps: BotDeps;
  /** The daily digest's schedule. */
  digest: DigestScheduler;
  /** The market alerts' evaluation (whether this instance evaluates; a tick by hand in tests). */
  marketWatch: MarketWatch;
  /** Stops the background work: swap, withdrawal and alert watchers and the digest (running jobs finish their step). */
  close(): Promise<void>;
}

/** Wires every part together. */
export function createApp(options: AppOptions): App {
  const { config, logger, redis } = options;
  const prefix = appKeyPrefix(config.redisUrl, options.keyPrefix);
  const limiter = createRedisRateLimiter({
    redis,
    prefix: `${prefix}ratelimit:`,
    limitsFor: (bucket) =>
      bucket.startsWith("public") ? PUBLIC_LIMITS : (options.accountLimits ?? ACCOUNT_LIMITS),
  });
  const clients = createClientFactory({
    baseUrl: config.exchangeBaseUrl,
    limiter,
    logger: logger.child({ component: "exchange" }),
  });
  const exchangeDeadlineMs = options.exchangeDeadlineMs ?? 20_000;
  const sessions = createRedisStorage<SessionData>({ redis, prefix: `${prefix}session:` });
  const priceHistory = createPriceHistory({ redis, prefix: `${prefix}price-history:` });
  const priceLog = logger.child({ component: "price-history" });
  const codeWaits = createCodeWaits({ redis, prefix: `${prefix}wd2fa:` });
  // One ticker read per second for every instance on this Redis: the alerts, /price and inline cards
  // share it. Market data is only read while a user waits, so it gets the interactive deadline too.
  const publicClient = clients.public({ deadlineMs: exchangeDeadlineMs });
  const ticker = createSharedTicker({
    redis,
    prefix: `${prefix}alerts:`,
    load: async () => {
      const fetched = await publicClient.market.ticker();
      // Every read feeds the price history; a failed write only leaves a gap (the next read retries).
      priceHistory
        .record(fetched, Date.now())
        .catch((error: unknown) => priceLog.warn({ err: error }, "price history not saved"));
      return fetched;
    },
  });
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
    market: createMarketData({ client: publicClient, sharedTicker: ticker }),
    priceHistory,
    tokens: createCallbackTokens({
      redis,
      prefix: `${prefix}cbtoken:`,
      peekReadAhead,
      forgetReadAhead,
    }),
    cooldowns: createCooldowns({ redis, prefix: `${prefix}cooldown:` }),
    keyboards: createShownKeyboards({ redis, prefix: `${prefix}keyboard:` }),
    logger,
    defaultTimezone: config.defaultTimezone,
    allowedUserIds: config.allowedUserIds,
    // Bound below, once the bot (whose API the watcher's messages go through) exists.
    watchSwap: (watch) => watcher.watch(watch),
    findSwap: (find) => watcher.find(find),
    digest: { schedule: (userId, hour, zone) => digest.schedule(userId, hour, zone) },
    alerts: {
      userConnected: (userId) => alerts.userConnected(userId),
      userDisconnected: (userId) => alerts.userDisconnected(userId),
      triggersChanged: (userId) => alerts.triggersChanged(userId),
      schedulesChanged: (userId, id, schedule) => alerts.schedulesChanged(userId, id, schedule),
    },
    alertLevels: createArmedLevels({ redis, prefix: `${prefix}alerts:` }),
    marketAlerts: createMarketAlertStore({ redis, prefix: `${prefix}market-alerts:` }),
    portfolioAlerts: createPortfolioAlertStore({ redis, prefix: `${prefix}portfolio-alerts:` }),
    alertPollSeconds: options.alertWatch?.pollSeconds ?? config.alertPollSeconds,
    quoteTtlMs: options.quoteTtlMs ?? 30_000,
    now: options.now ?? Date.now,
    // Long polling is one instance by Telegram's rule; webhooks may be served by several.
    cancellation: createUserCancellation({
      redis,
      prefix: `${prefix}cancel:`,
      otherInstances: config.mode === "webhook",
    }),
    exchangeDeadlineMs,
    chatActionIntervalMs: options.chatActionIntervalMs ?? 4000,
    historyViews: createHistoryViews({ redis, prefix: `${prefix}histview:` }),
    withdrawals: {
      codeWaits,
      watch: (watch) => withdrawalWatcher.watch(watch),
      find: (find) => withdrawalWatcher.find(find),
    },
  };
  // Messages sent from background jobs render with their own i18n (no update, no session), and go through
  // the shared pacer: alerts and follow-ups first, digests when no alert waits.
  const i18n = createI18n();
  const pacer = createTelegramPacer({
    redis,
    prefix: `${prefix}telegram:`,
    ...options.telegramPace,
  });
  const telegramClient = {
    apiRoot: config.telegramApiRoot,
    ...(options.telegramFetch ? { fetch: options.telegramFetch } : {}),
  };
  const promptApi = createPacedApi(config.botToken, telegramClient, pacedTransformer(pacer, "prompt"));
  const backgroundApi = createPacedApi(
    config.botToken,
    telegramClient,
    pacedTransformer(pacer, "background"),
  );
  const replies = createRepliesPace({
    pacer,
    ...(options.replyPace ? { pace: options.replyPace } : {}),
    ...(options.now ? { now: options.now } : {}),
  });
  // Webhook mode may run as several instances behind a load balancer; polling is one process.
  const shared = config.mode === "webhook" ? { redis, prefix: `${prefix}updates:`, replies } : undefined;
  const replyPace = replyPacing(replies, pacer);
  // Each user's budgets, shared by every instance; the notice of what was skipped lands among the chat's
  // replies and is paced as one, leaving the window's last places to the replies (as background sends do).
  const skips = createSkips({
    limits: createInboundLimits({
      redis,
      prefix: `${prefix}inbound:`,
      budgets: config.inboundBudgets,
      ...(options.inbound?.noticeWindowMs ? { noticeWindowMs: options.inbound.noticeWindowMs } : {}),
    }),
    notify: skipNotifier(
      createPacedApi(
        config.botToken,
        telegramClient,
        replyPacing(replies, pacer, { reserve: NOTICE_RESERVE }).api,
      ),
      (language, key, variables) => i18n.t(language, key, variables),
      async (notice) => {
        const chosen = (await sessions.read(`user:${notice.userId}`))?.language;
        return isLanguage(chosen) ? chosen : (languageFromTelegram(notice.languageCode) ?? "en");
      },
      (chatId, send) => (shared ? inChatLock(shared, chatId, send) : send()),
    ),
    logger: logger.child({ component: "inbound-limits" }),
    accounts: deps.accounts,
    codeWaits,
    ...(options.inbound?.noticeDelayMs ? { noticeDelayMs: options.inbound.noticeDelayMs } : {}),
  });
  const bot = createBot(
    deps,
    {
      // Settings live as long as the user; conversation state expires after a day of silence.
      sessions,
      conversations: createRedisStorage({ redis, prefix: `${prefix}conversation:`, ttlSeconds: 86_400 }),
      ...(shared ? { shared } : {}),
      readAhead: (reads, work, given) => withReadAhead(redis, reads, work, given),
      replyPace,
      inbound: { skips, heldPerChat: options.inbound?.heldPerChat ?? HELD_PER_CHAT },
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
    notify: createSwapNotifier(promptApi, i18n),
    logger: logger.child({ component: "swap-watcher" }),
    ...options.swapWatch,
  });
  const digest = createDigestScheduler({
    redisUrl: config.redisUrl,
    redis,
    prefix: `${prefix}bull`,
    logger: logger.child({ component: "digest" }),
    async userOf(userId) {
      const session = await sessions.read(`user:${userId}`);
      return {
        hour: session?.digestHour,
        zone: session?.timezone ?? config.defaultTimezone,
        level: session?.alerts ?? "on",
        locale: session?.language ?? "en",
      };
    },
    clientFor: (userId) => deps.accounts.clientFor(userId),
    ticker: () => deps.market.ticker(),
    send: createDigestSender(backgroundApi, i18n),
    ...(options.now ? { now: options.now } : {}),
  });
  const withdrawalWatcher = createWithdrawalWatcher({
    redisUrl: config.redisUrl,
    redis,
    prefix: `${prefix}bull`,
    clientFor: (userId) => deps.accounts.clientFor(userId),
    notify: createWithdrawalNotifier(promptApi, i18n, codeWaits),
    logger: logger.child({ component: "withdrawal-watcher" }),
    ...options.withdrawalWatch,
  });
  // One picture cache for both kinds of alert: a burst on one asset renders once.
  const alertChart = createAlertChart({ history: priceHistory });
  const alerts = createAlertWatcher({
    redisUrl: config.redisUrl,
    redis,
    bullPrefix: `${prefix}bull`,
    keyPrefix: `${prefix}alerts:`,
    clientFor: (userId) => deps.accounts.clientFor(userId),
    connectedUsers: () => deps.accounts.connectedUsers(),
    ticker,
    deliver: createAlertNotifier({
      api: promptApi,
      i18n,
      sessions,
      defaultTimezone: config.defaultTimezone,
      chart: alertChart,
    }),
    logger: logger.child({ component: "alert-watcher" }),
    pollSeconds: config.alertPollSeconds,
    portfolioAlerts: deps.portfolioAlerts,
    ...options.alertWatch,
  });
  // Market alerts: evaluated by one instance at a time on the shared ticker's readings; no private read.
  const marketWatch = createMarketWatch({
    redisUrl: config.redisUrl,
    redis,
    bullPrefix: `${prefix}bull`,
    keyPrefix: `${prefix}market-alerts:`,
    reading: (maxAgeMs) => ticker.reading(maxAgeMs),
    history: priceHistory,
    deliver: createMarketAlertNotifier({
      api: promptApi,
      i18n,
      sessions,
      defaultTimezone: config.defaultTimezone,
      chart: alertChart,
    }),
    logger: logger.child({ component: "market-alerts" }),
    ...options.marketWatch,
  });
  return {
    bot,
    deps,
    digest,
    marketWatch,
    close: async () => {
      await Promise.all([
        watcher.close(),
        withdrawalWatcher.close(),
        digest.close(),
        alerts.close(),
        marketWatch.close(),
      ]);
    },
  };
}

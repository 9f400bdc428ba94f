/**
 * The real app (createApp) wired for the demo: Telegram is the in-process fake, the exchange is the
 * sandbox, the vault key is fresh, logs go to a file and every Redis key sits under a per-run prefix.
 * The demo user is already connected with the sandbox's read-write key.
 */
import { randomBytes } from "node:crypto";
import { userInfo } from "node:os";
import pino from "pino";
import { type App, createApp } from "../app.ts";
import { setCommandMenu } from "../bot/flow-kit/commands.ts";
import { createI18n } from "../bot/pipeline/i18n.ts";
import { createConfig } from "../config.ts";
import { createLogger } from "../logger.ts";
import { appKeyPrefix, type RedisClient } from "../redis/url.ts";
import type { SandboxHandle } from "../sandbox/server.ts";
import { alertKeys } from "../services/alerts/triggers/watcher.ts";
import { ChatDriver, FAKE_API_ROOT, FakeTelegram } from "../telegram-fake/index.ts";

/** What the demo bot is built from. */
export interface DemoBotOptions {
  redis: RedisClient;
  redisUrl: string;
  sandbox: SandboxHandle;
  /** Prefix of every Redis key of this run. */
  keyPrefix: string;
  /** The log file (created with its folder if needed). */
  logFile: string;
  /** DEFAULT_TIMEZONE and LOG_LEVEL are taken from here when set. */
  env: Record<string, string | undefined>;
}

/** The built demo: the app and the person's chat with the bot. */
export interface DemoBot {
  app: App;
  chat: ChatDriver;
  /**
   * `:beat`: reads the demo user now as a heartbeat on which their portfolio alerts are read. At the
   * default 60 s heartbeat that is every 5th or 10th beat (docs/alerts.md "The read budget"): minutes a
   * person would wait to see one fire.
   */
  beat(): Promise<string>;
}

/** How long `:beat` waits for its read to finish. */
const BEAT_WAIT_MS = 10_000;
// Any positive id works: the run's keys are private to it.
const DEMO_USER_ID = 4242;

/** Builds the app against the fake and the sandbox, sets the command menu and connects the demo account. */
export async function startDemoBot(options: DemoBotOptions): Promise<DemoBot> {
  const fake = new FakeTelegram();
  const config = createConfig({
    BOT_TOKEN: fake.token,
    TELEGRAM_API_ROOT: FAKE_API_ROOT,
    EXCHANGE_BASE_URL: options.sandbox.url,
    REDIS_URL: options.redisUrl,
    // A throwaway key: the run's vault records are deleted with its other keys.
    VAULT_KEYS: `demo:${randomBytes(32).toString("base64")}`,
    DEFAULT_TIMEZONE: options.env.DEFAULT_TIMEZONE,
    LOG_LEVEL: options.env.LOG_LEVEL || "warn",
  });
  // A file, not the terminal: log lines would be mixed into the chat. Sync writes keep it complete on exit.
  const destination = pino.destination({ dest: options.logFile, mkdir: true, sync: true });
  const logger = createLogger({ level: config.logLevel, destination });
  const app = createApp({
    config,
    logger,
    redis: options.redis,
    keyPrefix: options.keyPrefix,
    telegramFetch: fake.fetch,
    botInfo: fake.botInfo,
  });
  try {
    await app.bot.init();
    await setCommandMenu(app.bot.api, createI18n());
    const participant = fake.privateChat(DEMO_USER_ID, { firstName: firstName() });
    const result = await app.deps.accounts.connect(DEMO_USER_ID, options.sandbox.demo.readWriteKey);
    if (result.status !== "connected") throw new Error("the sandbox refused its own demo key");
    await app.deps.alerts.userConnected(DEMO_USER_ID);
    const chat = new ChatDriver(fake, (update) => app.bot.handleUpdate(update), participant);
    const keys = alertKeys(`${appKeyPrefix(options.redisUrl, options.keyPrefix)}alerts:`);
    const beat = async () => {
      const alerts = (await app.deps.portfolioAlerts.list(DEMO_USER_ID)).filter((alert) => !alert.paused);
      if (alerts.length === 0)
        return "No portfolio alert to read: make one first, e.g. /alert portfolio above 100k";
      // The beat in slot 0 is a k-th beat for every k: the read it marks reads the portfolio alerts.
      await options.redis.set(keys.beat(DEMO_USER_ID), "0", "PX", config.alertPollSeconds * 1000);
      await app.deps.alerts.triggersChanged(DEMO_USER_ID);
      // Done once a read took the mark and let go of the user: a :move typed next comes after this reading.
      for (let waited = 0; waited < BEAT_WAIT_MS; waited += 50) {
        const [mark, reading] = await options.redis.mget(keys.beat(DEMO_USER_ID), keys.reading(DEMO_USER_ID));
        if (mark === null && reading === null) {
          return `Read as a heartbeat now: ${alerts.length} portfolio alert(s) checked against the account.`;
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return "The read did not finish in time: try :beat again.";
    };
    return { app, chat, beat };
  } catch (error) {
    // The swap watcher already runs: stop it, or it would outlive the failed start.
    await app.close();
    throw error;
  }
}

/** The person's login name, capitalised, so the bot greets them by it; "Demo" when there is none. */
function firstName(): string {
  try {
    const name = userInfo().username;
    return name === "" ? "Demo" : name.charAt(0).toUpperCase() + name.slice(1);
  } catch {
    return "Demo";
  }
}

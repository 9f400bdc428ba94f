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
import type { RedisClient } from "../redis/url.ts";
import type { SandboxHandle } from "../sandbox/server.ts";
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
}

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
    return { app, chat };
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

/**
 * Starts the bot: reads the configuration, connects Redis, builds the app, then runs long polling
 * (with the runner) or the webhook server. SIGINT and SIGTERM stop it gracefully.
 */
import { run } from "@grammyjs/runner";
import { connectRedis, createApp, RedisUnavailableError } from "./app.ts";
import { setCommandMenu } from "./bot/commands.ts";
import { createI18n } from "./bot/i18n.ts";
import { ConfigError, createConfig, describeConfig } from "./config.ts";
import { createLogger } from "./logger.ts";
import { createHttpServer } from "./server/http-server.ts";

async function main(): Promise<void> {
  const config = createConfig(process.env);
  const logger = createLogger({ level: config.logLevel });
  const redis = await connectRedis(config.redisUrl);
  const app = createApp({ config, logger, redis });
  const { bot } = app;
  // One plain getMe instead of bot.init(), which would retry an unreachable Bot API forever in silence.
  bot.botInfo = await bot.api.getMe().catch((error: unknown) => {
    throw new TelegramUnavailableError(config.telegramApiRoot, (error as Error)?.message ?? String(error));
  });
  await setCommandMenu(bot.api, createI18n());
  logger.info({ config: describeConfig(config), bot: bot.botInfo.username }, "starting");

  const stops: (() => Promise<unknown>)[] = [];
  if (config.mode === "polling") {
    await bot.api.deleteWebhook();
    const runner = run(bot, { runner: { fetch: { allowed_updates: ["message", "callback_query"] } } });
    stops.push(() => (runner.isRunning() ? runner.stop() : Promise.resolve()));
  } else {
    const server = createHttpServer({
      bot,
      webhookPath: new URL(config.webhookUrl).pathname,
      secret: config.webhookSecret,
      healthy: async () => (await redis.ping()) === "PONG",
    });
    await new Promise<void>((resolve) => server.listen(config.port, resolve));
    await bot.api.setWebhook(config.webhookUrl, {
      secret_token: config.webhookSecret,
      allowed_updates: ["message", "callback_query"],
    });
    stops.push(() => new Promise((resolve) => server.close(resolve)));
  }
  logger.info({ mode: config.mode }, "running");

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "stopping");
    for (const stop of stops) await stop();
    await app.close();
    await redis.quit();
    logger.info("stopped");
  };
  process.once("SIGINT", () => void shutdown("SIGINT"));
  process.once("SIGTERM", () => void shutdown("SIGTERM"));
}

/** The Bot API did not answer getMe (unreachable, or the token was refused). */
class TelegramUnavailableError extends Error {
  constructor(apiRoot: string, reason: string) {
    // grammY's messages name the method and status, never the token.
    super(
      `Telegram's Bot API at ${apiRoot} did not accept getMe (${reason.replace(/[.!]+$/, "")}). Check BOT_TOKEN and TELEGRAM_API_ROOT.`,
    );
    this.name = "TelegramUnavailableError";
  }
}

main().catch((error: unknown) => {
  if (
    error instanceof ConfigError ||
    error instanceof RedisUnavailableError ||
    error instanceof TelegramUnavailableError
  ) {
    console.error(error.message);
    process.exit(2);
  }
  console.error(`bot failed to start: ${(error as Error)?.message ?? String(error)}`);
  process.exit(1);
});

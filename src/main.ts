/**
 * Starts the bot: reads the configuration, connects Redis, builds the app, then runs long polling
 * (with the runner, plus the health server when PORT is set) or the webhook server. SIGINT and SIGTERM
 * stop it gracefully. Once the logger exists, every error is logged through it (pino, with redaction),
 * never printed by a library's default handler, which would print the update context and the token.
 */
import type { Server } from "node:http";
import { run } from "@grammyjs/runner";
import { connectRedis, createApp, RedisUnavailableError } from "./app.ts";
import { ALLOWED_UPDATES } from "./bot/create-bot.ts";
import { setCommandMenu } from "./bot/flow-kit/commands.ts";
import { createI18n } from "./bot/pipeline/i18n.ts";
import { ConfigError, createConfig, describeConfig } from "./config.ts";
import { createLogger, errorSummary } from "./logger.ts";
import { logFailedPolls, logProcessFailures } from "./process-logging.ts";
import { createHealthServer } from "./server/health.ts";
import { createHttpServer } from "./server/http-server.ts";
import { webhookRegistration } from "./server/webhook-registration.ts";
import { redisAnswers } from "./services/runtime/redis-connection.ts";

/** How long a stop waits for the swap and alert workers to finish their current step. */
const WATCHER_CLOSE_MS = 10_000;

async function main(): Promise<void> {
  const config = createConfig(process.env);
  const logger = createLogger({ level: config.logLevel });
  logProcessFailures(logger);
  const redis = await connectRedis(config.redisUrl, { logger });
  const app = createApp({ config, logger, redis });
  const { bot } = app;
  // One plain getMe instead of bot.init(), which would retry an unreachable Bot API forever in silence.
  bot.botInfo = await bot.api.getMe().catch((error: unknown) => {
    throw new TelegramUnavailableError(config.telegramApiRoot, (error as Error)?.message ?? String(error));
  });
  await setCommandMenu(bot.api, createI18n());
  logger.info({ config: describeConfig(config), bot: bot.botInfo.username }, "starting");

  const stops: (() => Promise<unknown>)[] = [];
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "stopping");
    for (const stop of stops) await stop();
    // BullMQ can wait indefinitely for a connection that is reconnecting (a stop during or right after a
    // Redis outage): the follow-ups are in Redis and resume on the next start, so the wait is bounded.
    if (!(await within(app.close(), WATCHER_CLOSE_MS)))
      logger.warn("the background workers (swap follow-ups, alerts) did not stop in time");
    await redis.quit().catch(() => redis.disconnect());
    logger.info("stopped");
    // Whatever still holds the event loop (a connection left reconnecting) must not keep a stopped bot alive.
    process.exit();
  };
  if (config.mode === "polling") {
    await bot.api.deleteWebhook();
    logFailedPolls(bot, logger);
    // silent: the runner would print fetch errors to stderr; logFailedPolls logs them instead.
    const runner = run(bot, {
      runner: { fetch: { allowed_updates: [...ALLOWED_UPDATES] }, silent: true },
    });
    stops.push(() => (runner.isRunning() ? runner.stop() : Promise.resolve()));
    // Polling ends by itself only on an error it cannot retry (token refused, another instance polling).
    runner.task()?.catch((error: unknown) => {
      logger.fatal({ err: errorSummary(error) }, "polling stopped");
      process.exitCode = 1;
      void shutdown("polling stopped");
    });
    if (config.healthPort !== undefined) {
      const server = createHealthServer(async () => runner.isRunning() && (await redisAnswers(redis)));
      await listen(server, config.healthPort);
      stops.push(() => new Promise((resolve) => server.close(resolve)));
    }
  } else {
    const server = createHttpServer({
      bot,
      webhookPath: new URL(config.webhookUrl).pathname,
      secret: config.webhookSecret,
      healthy: () => redisAnswers(redis),
    });
    await listen(server, config.port);
    await bot.api.setWebhook(config.webhookUrl, webhookRegistration(config));
    stops.push(() => new Promise((resolve) => server.close(resolve)));
  }
  logger.info({ mode: config.mode }, "running");

  process.once("SIGINT", () => void shutdown("SIGINT"));
  process.once("SIGTERM", () => void shutdown("SIGTERM"));
}

/** Whether `promise` settles within `ms` (a rejection counts as settled). */
function within(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  const settled = promise.then(
    () => true,
    () => true,
  );
  return Promise.race([settled, timeout]).finally(() => clearTimeout(timer));
}

function listen(server: Server, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, () => {
      server.off("error", reject);
      resolve();
    });
  });
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

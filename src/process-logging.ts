/**
 * Logging for what no handler of ours would otherwise see: failed polls (the runner retries them and
 * would print them to stderr) and process-level failures (Node would print them, with every property of
 * the error). Everything goes through pino, so redaction and the safe error summary apply.
 */
import type { Bot } from "grammy";
import type { Logger } from "pino";
import type { BotContext } from "./bot/context.ts";
import { errorSummary } from "./logger.ts";

/**
 * Logs what nobody else handles, instead of Node printing it. A stray rejection is logged and the bot
 * goes on; an uncaught exception leaves the process in an unknown state, so it exits with code 1.
 */
export function logProcessFailures(logger: Logger): void {
  process.on("unhandledRejection", (reason) => {
    logger.error({ err: errorSummary(reason) }, "unhandled rejection");
  });
  process.on("uncaughtException", (error) => {
    logger.fatal({ err: errorSummary(error) }, "uncaught exception");
    process.exit(1);
  });
}

/** Logs failed getUpdates calls (the runner retries them) through pino. */
export function logFailedPolls(bot: Bot<BotContext>, logger: Logger): void {
  bot.api.config.use(async (prev, method, payload, signal) => {
    if (method !== "getUpdates") return prev(method, payload, signal);
    try {
      const result = await prev(method, payload, signal);
      if (!result.ok) {
        logger.warn(
          { errorCode: result.error_code, description: result.description },
          "fetching updates failed",
        );
      }
      return result;
    } catch (error) {
      if (!signal?.aborted) logger.warn({ err: errorSummary(error) }, "fetching updates failed");
      throw error;
    }
  });
}

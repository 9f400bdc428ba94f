/**
 * What happens when handling an update fails: the failure is logged (class, message and stack only) and
 * the user gets a localized apology. This must work with nothing but the update: the session (and with
 * it `ctx.t`) may be exactly what failed, e.g. when Redis is down.
 */
import type { I18n } from "@grammyjs/i18n";
import type { BotError } from "grammy";
import type { Logger } from "pino";
import { errorSummary, loggerForUpdate } from "../../logger.ts";
import { isRedisUnavailable } from "../../services/runtime/redis-connection.ts";
import { WriteCancelled } from "../../services/runtime/user-cancellation.ts";
import { VaultDecryptError } from "../../vault/cipher.ts";
import type { BotContext } from "../context.ts";
import { updateLanguage } from "./i18n.ts";
import { isNotModified } from "./telegram-errors.ts";
import { ReplyDropped } from "./telegram-pace/paced-api.ts";

/** The apology for a failure: what the user can do about it differs by cause. */
function apologyKey(cause: unknown): string {
  // A stored key that no longer decrypts (tampered, or its vault key retired) is the user's to fix.
  if (cause instanceof VaultDecryptError) return "key-unreadable";
  // Redis unreachable: it comes back by itself, but a step in progress may have been lost with it.
  if (isRedisUnavailable(cause)) return "storage-unavailable";
  return "something-went-wrong";
}

/** The log lines of an update: its own logger if the first middleware ran, else one made here. */
function logOf(ctx: BotContext, logger: Logger): Logger {
  return (
    (ctx.log as Logger | undefined) ??
    loggerForUpdate(logger, {
      updateId: ctx.update.update_id,
      userId: ctx.from?.id,
      chatId: ctx.chat?.id,
    })
  );
}

/** The error boundary's handler: logs the failure and apologizes to the user. Never throws. */
export function reportFailure(logger: Logger, i18n: I18n<BotContext>) {
  return async (error: BotError<BotContext>): Promise<void> => {
    const { ctx, error: cause } = error;
    // A double tap can ask Telegram to show what is already shown: nothing went wrong.
    if (isNotModified(cause)) return;
    const log = logOf(ctx, logger);
    // Over Telegram's pace for longer than a user would wait: an apology would be as late.
    if (cause instanceof ReplyDropped) {
      log.warn({ method: cause.message.split(" ")[0] }, "reply dropped over Telegram's pace");
      return;
    }
    // The user's /cancel came before a write could start: nothing was sent. A pressed summary says so; a
    // typed answer (a 2FA code) has /cancel's own reply, which said what state things are left in.
    if (cause instanceof WriteCancelled) {
      log.info({ kind: cause.kind }, "write not sent: cancelled first");
      if (ctx.callbackQuery?.message !== undefined) {
        const text = i18n.t(updateLanguage(ctx), "write-cancelled");
        await ctx.answerCallbackQuery().catch(() => undefined);
        await ctx.editMessageText(text).catch(() => ctx.reply(text).catch(() => undefined));
      }
      return;
    }
    log.error({ err: errorSummary(cause) }, "update failed");
    try {
      // The user's language if the session got that far, else Telegram's when supported, else English.
      const text = i18n.t(updateLanguage(ctx), apologyKey(cause));
      if (ctx.callbackQuery) {
        // The press may have been answered already; then the apology goes to the chat instead.
        const answered = await ctx.answerCallbackQuery({ text, show_alert: true }).then(
          () => true,
          () => false,
        );
        if (!answered && ctx.chat?.type === "private") await ctx.reply(text);
      } else if (ctx.chat) await ctx.reply(text);
    } catch (replyError) {
      log.warn({ err: errorSummary(replyError) }, "could not report the failure");
    }
  };
}

/**
 * The bot's last-resort handler (`bot.catch`) for errors outside the boundary, e.g. in the first
 * middleware. Logs through pino (never grammY's default, which prints the context and so the bot
 * token) and never throws.
 */
export function logUncaught(logger: Logger) {
  return (error: BotError<BotContext>): void => {
    logger.error(
      { updateId: error.ctx?.update?.update_id, err: errorSummary(error.error) },
      "update failed outside the error boundary",
    );
  };
}

/**
 * Sends what the alert watcher delivers, through the bot's API: each fired trigger's message and each
 * recurring trade's run, in the
 * user's language and time zone, with sound, silently or not at all as their alert setting says; and the
 * one notice that their key stopped working. Telegram's answers become the watcher's results: a 429 is
 * "retry later" (nothing was sent), a 403 means the user blocked the bot.
 */
import type { I18n } from "@grammyjs/i18n";
import { type Api, GrammyError } from "grammy";
import type { AlertDelivery, DeliveryResult } from "../../services/alerts/watcher.ts";
import type { JsonStorage } from "../../services/runtime/json-storage.ts";
import type { BotContext, SessionData } from "../context.ts";
import { isLanguage } from "../pipeline/i18n.ts";
import { renderRun } from "../recurring/run-format.ts";
import { renderAlert } from "./event-format.ts";

/** Options of {@link createAlertNotifier}. */
export interface AlertNotifierOptions {
  api: Api;
  i18n: I18n<BotContext>;
  /** The users' settings (the bot's session storage; key `user:<id>`). */
  sessions: JsonStorage<SessionData>;
  defaultTimezone: string;
}

/** Creates the watcher's `deliver` callback. */
export function createAlertNotifier(options: AlertNotifierOptions) {
  const { api, i18n } = options;
  return async (delivery: AlertDelivery): Promise<DeliveryResult> => {
    const settings = (await options.sessions.read(`user:${delivery.userId}`)) ?? {};
    const locale = isLanguage(settings.language) ? settings.language : "en";
    const t: BotContext["t"] = (key, variables) => i18n.t(locale, key, variables);
    const level = settings.alerts ?? "on";
    let text: string;
    let extra: Parameters<Api["sendMessage"]>[2] = {};
    if (delivery.kind === "alert") {
      if (level === "off") return { status: "muted" };
      const rendered = renderAlert(delivery.event, t, locale, settings.timezone ?? options.defaultTimezone);
      text = rendered.text;
      extra = { reply_markup: rendered.keyboard };
    } else if (delivery.kind === "recurring_run") {
      if (level === "off") return { status: "muted" };
      const zone = settings.timezone ?? options.defaultTimezone;
      text = renderRun(delivery.run, delivery.outcome, t, locale, zone);
    } else {
      // Said even with alerts off: the user must learn that watching stopped.
      text = t("alerts-notify-key-revoked");
    }
    try {
      await api.sendMessage(delivery.userId, text, { ...extra, disable_notification: level === "silent" });
    } catch (error) {
      if (error instanceof GrammyError && error.error_code === 429) {
        return { status: "retry", afterMs: (error.parameters.retry_after ?? 1) * 1000 };
      }
      if (error instanceof GrammyError && error.error_code === 403) return { status: "blocked" };
      throw error;
    }
    return { status: "sent", markSeen: settings.alertsMarkSeen === true };
  };
}

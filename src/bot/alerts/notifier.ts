/**
 * Sends what the alert watcher delivers, through the bot's API: each fired trigger's message and each
 * recurring trade's run, in the
 * user's language and time zone, with sound, silently or not at all as their alert setting says; and the
 * one notice that their key stopped working. Telegram's answers become the watcher's results: a 429 is
 * "retry later" (nothing was sent), a 403 means the user blocked the bot. Market alerts (the kinds the bot
 * watches itself, services/alerts/market-watch.ts) go the same way: {@link createMarketAlertNotifier}.
 */
import type { I18n } from "@grammyjs/i18n";
import { type Api, GrammyError } from "grammy";
import type { MarketDelivery } from "../../services/alerts/market-watch.ts";
import type { AlertDelivery, DeliveryResult } from "../../services/alerts/watcher.ts";
import type { JsonStorage } from "../../services/runtime/json-storage.ts";
import type { BotContext, SessionData } from "../context.ts";
import { isLanguage } from "../pipeline/i18n.ts";
import { renderRun } from "../recurring/run-format.ts";
import { renderAlert } from "./event-format.ts";
import { renderMarketAlert } from "./market-format.ts";

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
    return send(api, delivery.userId, text, { ...extra, disable_notification: level === "silent" }, settings);
  };
}

/** Sends one message; Telegram's 429 and 403 become results, anything else is thrown (the job retries). */
async function send(
  api: Api,
  chatId: number,
  text: string,
  extra: Parameters<Api["sendMessage"]>[2],
  settings: SessionData,
): Promise<DeliveryResult> {
  try {
    await api.sendMessage(chatId, text, extra);
  } catch (error) {
    if (error instanceof GrammyError && error.error_code === 429) {
      return { status: "retry", afterMs: (error.parameters.retry_after ?? 1) * 1000 };
    }
    if (error instanceof GrammyError && error.error_code === 403) return { status: "blocked" };
    throw error;
  }
  return { status: "sent", markSeen: settings.alertsMarkSeen === true };
}

/**
 * Creates the market watch's `deliver`: the alert's message in the user's language and time zone, with
 * sound, silently or not at all as their alert setting says, through the same paced Api as trigger alerts.
 */
export function createMarketAlertNotifier(options: AlertNotifierOptions) {
  const { api, i18n } = options;
  return async (delivery: MarketDelivery): Promise<DeliveryResult> => {
    const settings = (await options.sessions.read(`user:${delivery.userId}`)) ?? {};
    const level = settings.alerts ?? "on";
    if (level === "off") return { status: "muted" };
    const locale = isLanguage(settings.language) ? settings.language : "en";
    const t: BotContext["t"] = (key, variables) => i18n.t(locale, key, variables);
    const zone = settings.timezone ?? options.defaultTimezone;
    const { text, keyboard } = renderMarketAlert(delivery.event, t, locale, zone);
    return send(
      api,
      delivery.userId,
      text,
      { reply_markup: keyboard, disable_notification: level === "silent" },
      settings,
    );
  };
}

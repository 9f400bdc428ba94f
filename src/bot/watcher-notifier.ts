/**
 * Sends what the alert watcher delivers, through the bot's API: each fired trigger's message, each
 * recurring trade's run and each portfolio alert (alerts/portfolio/format.ts), in the user's language and
 * time zone, with sound, silently or not at all as their alert setting says; and the one notice that their
 * key stopped working. Telegram's answers become the watcher's results: a 429 is
 * "retry later" (nothing was sent), a 403 means the user blocked the bot. Market alerts (the kinds the bot
 * watches itself, services/alerts/market/watch.ts) go the same way: {@link createMarketAlertNotifier}.
 *
 * With the user's "chart in alerts" setting on, an alert goes as one photo (alerts/shared/alert-chart.ts)
 * with its text as the caption and the same buttons. Never two messages for one alert: a text longer than
 * Telegram's caption limit goes as text without the picture (a photo plus a separate text could be half
 * sent when the job is retried, and the second message would repeat the first). No picture (too little history, a
 * failed render) or a photo Telegram refuses outright (400: nothing was sent) also goes as text.
 */
import type { I18n } from "@grammyjs/i18n";
import { type Api, GrammyError, InputFile } from "grammy";
import { MATCH } from "../exchange/index.ts";
import type { MarketDelivery } from "../services/alerts/market/watch.ts";
import type { AlertDelivery, DeliveryResult } from "../services/alerts/triggers/watcher.ts";
import type { JsonStorage } from "../services/runtime/json-storage.ts";
import { renderMarketAlert } from "./alerts/market/format.ts";
import { renderPortfolioAlert } from "./alerts/portfolio/format.ts";
import type { AlertChart, AlertChartRequest } from "./alerts/shared/alert-chart.ts";
import { renderAlert } from "./alerts/triggers/event-format.ts";
import type { BotContext, SessionData } from "./context.ts";
import { MAX_CAPTION, visibleLength } from "./flow-kit/format/html.ts";
import { isLanguage } from "./pipeline/i18n.ts";
import { renderRun } from "./recurring/run-format.ts";

/** Options of {@link createAlertNotifier}. */
export interface AlertNotifierOptions {
  api: Api;
  i18n: I18n<BotContext>;
  /** The users' settings (the bot's session storage; key `user:<id>`). */
  sessions: JsonStorage<SessionData>;
  defaultTimezone: string;
  /** The alert pictures, for users with the chart setting on; without it alerts are always text. */
  chart?: AlertChart;
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
    let picture: AlertChartRequest | undefined;
    if (delivery.kind === "alert") {
      if (level === "off") return { status: "muted" };
      const zone = settings.timezone ?? options.defaultTimezone;
      const { event } = delivery;
      const rendered = renderAlert(event, t, locale, zone);
      text = rendered.text;
      extra = { reply_markup: rendered.keyboard };
      picture = {
        asset: event.asset,
        price: event.price,
        at: new Date(event.fired).getTime(),
        level: { price: event.level, kind: event.matched === MATCH.BELOW ? "below" : "above" },
        timeZone: zone,
        locale,
      };
    } else if (delivery.kind === "portfolio_alert") {
      if (level === "off") return { status: "muted" };
      const zone = settings.timezone ?? options.defaultTimezone;
      const rendered = renderPortfolioAlert(delivery.event, t, locale, zone);
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
    const photo = picture === undefined ? undefined : await pictureFor(options, settings, text, picture);
    return send(
      api,
      delivery.userId,
      text,
      { ...extra, disable_notification: level === "silent" },
      settings,
      photo,
    );
  };
}

/** The alert's picture when the user wants one and it can be had; undefined: send text. */
async function pictureFor(
  options: AlertNotifierOptions,
  settings: SessionData,
  text: string,
  request: AlertChartRequest,
): Promise<Buffer | undefined> {
  if (settings.alertsChart !== true || options.chart === undefined) return undefined;
  if (visibleLength(text) > MAX_CAPTION) return undefined;
  return options.chart.picture(request);
}

/** Sends one message; Telegram's 429 and 403 become results, anything else is thrown (the job retries). */
async function send(
  api: Api,
  chatId: number,
  text: string,
  extra: Parameters<Api["sendMessage"]>[2],
  settings: SessionData,
  photo?: Buffer,
): Promise<DeliveryResult> {
  try {
    if (photo === undefined || !(await sentAsPhoto(api, chatId, text, extra, photo))) {
      await api.sendMessage(chatId, text, extra);
    }
  } catch (error) {
    if (error instanceof GrammyError && error.error_code === 429) {
      return { status: "retry", afterMs: (error.parameters.retry_after ?? 1) * 1000 };
    }
    if (error instanceof GrammyError && error.error_code === 403) return { status: "blocked" };
    throw error;
  }
  return { status: "sent", markSeen: settings.alertsMarkSeen === true };
}

/** Sends the alert as a photo; false when Telegram refused it (400, nothing sent): send it as text. */
async function sentAsPhoto(
  api: Api,
  chatId: number,
  text: string,
  extra: Parameters<Api["sendMessage"]>[2],
  photo: Buffer,
): Promise<boolean> {
  try {
    await api.sendPhoto(chatId, new InputFile(photo, "alert.png"), {
      caption: text,
      ...(extra?.reply_markup ? { reply_markup: extra.reply_markup } : {}),
      ...(extra?.disable_notification !== undefined
        ? { disable_notification: extra.disable_notification }
        : {}),
    });
    return true;
  } catch (error) {
    if (error instanceof GrammyError && error.error_code === 400) return false;
    throw error;
  }
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
    const { event } = delivery;
    const { text, keyboard } = renderMarketAlert(event, t, locale, zone);
    const photo = await pictureFor(options, settings, text, {
      asset: event.asset,
      price: event.price,
      at: event.at,
      level: { price: event.reference.price, kind: "watched" },
      timeZone: zone,
      locale,
    });
    return send(
      api,
      delivery.userId,
      text,
      { reply_markup: keyboard, disable_notification: level === "silent" },
      settings,
      photo,
    );
  };
}

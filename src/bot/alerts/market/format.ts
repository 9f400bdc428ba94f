/**
 * The message of a market alert (one the bot watches itself, services/alerts/market/watch.ts), as Telegram
 * HTML: what moved and by how much, in which window or since when, the reference price and its time in the
 * user's zone, the alert as set, and that the bot watched it (no email or SMS, no trade by itself). Buttons
 * open the guided trade prefilled with the asset (the user still confirms) and pause the alert.
 */
import { InlineKeyboard } from "grammy";
import type { MarketAlertEvent } from "../../../services/alerts/market/rules.ts";
import type { BotContext } from "../../context.ts";
import { escapeHtml } from "../../flow-kit/format/html.ts";
import { formatPercent, formatPrice } from "../../flow-kit/format/numbers.ts";
import { formatClock, formatDateTime } from "../../flow-kit/format/time.ts";
import { marketButtonData } from "./buttons.ts";

type Translate = BotContext["t"];

/** A rendered market alert. */
export interface RenderedMarketAlert {
  text: string;
  keyboard: InlineKeyboard;
}

/** A display figure (a ratio computed as a number) as a decimal string with 2 places. */
const figure = (value: number) => (Number.isFinite(value) ? value.toFixed(2) : "0");

/** Renders one market alert event in `locale`, times in `timeZone`. */
export function renderMarketAlert(
  event: MarketAlertEvent,
  t: Translate,
  locale: string,
  timeZone: string,
): RenderedMarketAlert {
  const asset = escapeHtml(event.asset);
  const { time, zone } = formatClock(new Date(event.at), timeZone, locale);
  const price = formatPrice(event.price, locale);
  const ref = event.reference;
  const refPrice = formatPrice(ref.price, locale);
  // A reference without a time (a step alarm made before anchors kept one) says only its price.
  const refTime = Number.isFinite(ref.at) ? formatDateTime(new Date(ref.at), timeZone, locale) : "";
  const up = event.direction === "up";
  const lines: string[] = [];
  switch (event.kind) {
    case "move":
      lines.push(
        t(up ? "market-notify-move-up" : "market-notify-move-down", {
          asset,
          percent: formatPercent(figure(event.value), locale, false),
          window: t(`market-notify-window-${event.window ?? "1h"}`),
        }),
        t(up ? "market-notify-from-low" : "market-notify-from-high", { price: refPrice, time: refTime }),
        t("market-notify-setting-move", {
          percent: formatPercent(event.threshold, locale, false),
          window: t(`market-notify-window-${event.window ?? "1h"}`),
        }),
      );
      break;
    case "day_change":
      lines.push(
        t(up ? "market-notify-day-up" : "market-notify-day-down", {
          asset,
          percent: formatPercent(figure(event.value), locale),
        }),
        t("market-notify-day-ref", { price: refPrice, time: refTime }),
        t("market-notify-setting-day", { percent: formatPercent(event.threshold, locale, false) }),
      );
      break;
    case "step":
      lines.push(
        t("market-notify-step", { asset, percent: formatPercent(figure(event.value), locale) }),
        refTime === ""
          ? t("market-notify-step-ref-price", { price: refPrice })
          : t("market-notify-step-ref", { price: refPrice, time: refTime }),
        t("market-notify-setting-step", { percent: formatPercent(event.threshold, locale, false) }),
      );
      break;
    case "rsi":
      lines.push(
        t(up ? "market-notify-rsi-up" : "market-notify-rsi-down", {
          asset,
          rsi: figure(event.value),
          threshold: escapeHtml(event.threshold),
        }),
        t("market-notify-rsi-ref", { price: refPrice, time: refTime }),
      );
      break;
  }
  lines.push(t("market-notify-now", { price, time, zone: escapeHtml(zone) }), t("market-notify-watched"));
  const keyboard = new InlineKeyboard()
    .text(t("market-notify-button-buy", { asset }), marketButtonData({ verb: "buy", target: event.asset }))
    .text(t("market-notify-button-sell", { asset }), marketButtonData({ verb: "sell", target: event.asset }))
    .row()
    .text(t("market-notify-button-pause"), marketButtonData({ verb: "pause", target: event.id }));
  return { text: lines.join("\n"), keyboard };
}

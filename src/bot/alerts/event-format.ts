/**
 * The message of a fired trigger, as Telegram HTML: the asset, the level and its direction, the price
 * it fired at with the time in the user's zone, and for a trading trigger its order and what became of
 * it (the trade placed, or why none was). Buttons open the trigger, pause it, and show the trade.
 */
import { InlineKeyboard } from "grammy";
import { DIRECTION, MATCH } from "../../exchange/index.ts";
import type { AlertEvent } from "../../services/alerts/events.ts";
import type { BotContext } from "../context.ts";
import { escapeHtml } from "../format/html.ts";
import { formatAud, formatPrice, formatQuantity } from "../format/numbers.ts";
import { formatClock } from "../format/time.ts";
import { alertButtonData } from "./buttons.ts";

type Translate = BotContext["t"];

/** A rendered alert. */
export interface RenderedAlert {
  text: string;
  keyboard: InlineKeyboard;
}

/** The trigger's order in words, e.g. "buy BTC with $500.00"; undefined for an alert-only trigger. */
function orderText(event: AlertEvent, t: Translate, locale: string): string | undefined {
  const asset = escapeHtml(event.asset);
  const crypto = (amount: string) => `${formatQuantity(amount, locale)} ${asset}`;
  if (event.orderDirection === DIRECTION.BUY) {
    if (event.orderQuantity)
      return t("alerts-notify-order-buy-spend", { asset, amount: formatAud(event.orderQuantity, locale) });
    if (event.orderGetQuantity)
      return t("alerts-notify-order-buy-get", { amount: crypto(event.orderGetQuantity) });
  }
  if (event.orderDirection === DIRECTION.SELL) {
    if (event.orderQuantity)
      return t("alerts-notify-order-sell-spend", { amount: crypto(event.orderQuantity) });
    if (event.orderGetQuantity)
      return t("alerts-notify-order-sell-get", { asset, amount: formatAud(event.orderGetQuantity, locale) });
  }
  return undefined;
}

/** Why a trade failed, in plain words where the reason is a known one. */
function reasonText(reason: string | null, t: Translate): string {
  if (reason === null) return t("alerts-notify-reason-unknown");
  if (/insufficient|not enough/i.test(reason))
    return t("alerts-notify-reason-balance", { detail: escapeHtml(reason) });
  return escapeHtml(reason);
}

/** Renders one event of a trigger. */
export function renderAlert(
  event: AlertEvent,
  t: Translate,
  locale: string,
  timeZone: string,
): RenderedAlert {
  const asset = escapeHtml(event.asset);
  const level = formatPrice(event.level, locale);
  const direction =
    event.matched === MATCH.ABOVE ? "above" : event.matched === MATCH.BELOW ? "below" : "reached";
  const fired = new Date(event.fired);
  const { time, zone } = formatClock(fired, timeZone, locale);
  const lines = [
    t(`alerts-notify-${direction}`, { asset, level }),
    t("alerts-notify-price", { price: formatPrice(event.price, locale), time, zone: escapeHtml(zone) }),
  ];
  const order = orderText(event, t, locale);
  if (order !== undefined) {
    lines.push(order);
    if (event.trade) lines.push(t("alerts-notify-trade", { trade: escapeHtml(event.trade) }));
    else lines.push(t("alerts-notify-failed", { reason: reasonText(event.failureReason, t) }));
  }
  const keyboard = new InlineKeyboard()
    .text(t("alerts-notify-button-open"), alertButtonData({ verb: "open", triggerId: event.triggerId }))
    .text(t("alerts-notify-button-pause"), alertButtonData({ verb: "pause", triggerId: event.triggerId }));
  if (event.trade) {
    const firedAt = Math.floor(fired.getTime() / 1000);
    keyboard.text(
      t("alerts-notify-button-trade"),
      alertButtonData({ verb: "trade", triggerId: event.triggerId, firedAt }),
    );
  }
  return { text: lines.join("\n"), keyboard };
}

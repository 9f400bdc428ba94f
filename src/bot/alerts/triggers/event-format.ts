/**
 * The message of a fired trigger, as Telegram HTML: the asset, the level and its direction, the price
 * it fired at with the time in the user's zone, and for a trading trigger its order and what became of
 * it (the trade placed, or why none was), the exchange's own words on a line apart. Buttons open the
 * trigger, pause it while it is armed (the exchange pauses a trigger when it fires), re-enable an
 * alert-only trigger it paused, and show the trade.
 */
import { InlineKeyboard } from "grammy";
import { DIRECTION, MATCH } from "../../../exchange/index.ts";
import type { AlertEvent } from "../../../services/alerts/triggers/events.ts";
import type { BotContext } from "../../context.ts";
import { exchangeSays } from "../../flow-kit/format/exchange-words.ts";
import { escapeHtml } from "../../flow-kit/format/html.ts";
import { formatAud, formatPrice, formatQuantity } from "../../flow-kit/format/numbers.ts";
import { formatClock } from "../../flow-kit/format/time.ts";
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

/**
 * What became of a firing's trade, in our words, then the exchange's description or reason on a line of
 * its own, labelled as the exchange's. Empty when the firing neither traded nor failed.
 */
export function tradeOutcome(trade: string | null, failure: string | null, t: Translate): string[] {
  const placed = trade?.trim() ?? "";
  if (placed !== "") return [t("alerts-notify-trade"), exchangeSays(placed, t)];
  const reason = failure?.trim() ?? "";
  if (reason === "") return [t("alerts-notify-failed-unknown")];
  const balance = /insufficient|not enough/i.test(reason);
  return [t(balance ? "alerts-notify-failed-balance" : "alerts-notify-failed"), exchangeSays(reason, t)];
}

/**
 * The state button of an alert: Pause while the trigger is armed; once the exchange has paused it,
 * Enable for an alert-only trigger, and nothing for a trading one (re-arming it past its level trades
 * again at once: that is done from its card, with the level and the price in view).
 */
function stateButton(event: AlertEvent, t: Translate): [string, string] | undefined {
  const { triggerId } = event;
  if (event.armed === true)
    return [t("alerts-notify-button-pause"), alertButtonData({ verb: "pause", triggerId })];
  if (event.armed === false && event.orderDirection === null)
    return [t("alerts-button-enable"), alertButtonData({ verb: "enable", triggerId })];
  return undefined;
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
  if (order !== undefined) lines.push(order, ...tradeOutcome(event.trade, event.failureReason, t));
  const keyboard = new InlineKeyboard().text(
    t("alerts-notify-button-open"),
    alertButtonData({ verb: "open", triggerId: event.triggerId }),
  );
  const state = stateButton(event, t);
  if (state !== undefined) keyboard.text(...state);
  if (event.trade?.trim()) {
    const firedAt = Math.floor(fired.getTime() / 1000);
    keyboard.text(
      t("alerts-notify-button-trade"),
      alertButtonData({ verb: "trade", triggerId: event.triggerId, firedAt }),
    );
  }
  return { text: lines.join("\n"), keyboard };
}

/** Price triggers as Telegram HTML: list entries, the trigger card, events, and the create summary. */
import {
  DIRECTION,
  MATCH,
  type PriceTrigger,
  type PriceTriggerEvent,
  type Ticker,
} from "../../../exchange/index.ts";
import {
  type AlertDraft,
  type AlertMatch,
  firesAtOnce,
  type LevelDistance,
  levelDistance,
  marketPrice,
  resolvedMatch,
  sideAsset,
  spendAtLevel,
} from "../../../services/alerts/triggers/checks.ts";
import { unseenEvents } from "../../../services/alerts/triggers/writes.ts";
import type { BotContext } from "../../context.ts";
import { escapeHtml } from "../../flow-kit/format/html.ts";
import { formatAmount, formatPercent, formatPrice } from "../../flow-kit/format/numbers.ts";
import { formatDateTime } from "../../flow-kit/format/time.ts";
import { tradeOutcome } from "./event-format.ts";

type Translate = BotContext["t"];

/** The side of a stored trigger: its match code, or automatic when the exchange has not set one. */
export function triggerMatch(trigger: PriceTrigger): AlertMatch {
  if (trigger.match === MATCH.ABOVE) return "above";
  if (trigger.match === MATCH.BELOW) return "below";
  return "auto";
}

/** The action of a stored trigger; an unknown direction code is shown as alert only. */
function triggerAction(trigger: PriceTrigger): "alert" | "buy" | "sell" {
  if (trigger.order_direction === DIRECTION.BUY) return "buy";
  if (trigger.order_direction === DIRECTION.SELL) return "sell";
  return "alert";
}

/** A trigger in the draft's terms (for the shared wording of actions and sides). */
export function draftOf(trigger: PriceTrigger): AlertDraft {
  const action = triggerAction(trigger);
  const base = {
    asset: trigger.asset,
    level: trigger.price,
    match: triggerMatch(trigger),
    notifyEmail: trigger.notify_email,
    notifySms: trigger.notify_sms,
  };
  if (action === "alert") return { ...base, action };
  const side = trigger.order_get_quantity !== null ? "receive" : "spend";
  const quantity = (side === "receive" ? trigger.order_get_quantity : trigger.order_quantity) ?? undefined;
  return { ...base, action, side, ...(quantity === undefined ? {} : { quantity }) };
}

/** "alert only", "buy: spend $500.00", "sell 0.5 ETH", "buy: get 0.01 BTC", "sell: get $2,500.00". */
export function actionText(draft: AlertDraft, t: Translate, locale: string): string {
  if (draft.action === "alert" || draft.side === undefined) return t("alerts-action-alert");
  const counted = sideAsset(draft.asset, draft.action, draft.side);
  const amount = draft.quantity === undefined ? "?" : formatAmount(counted, draft.quantity, locale);
  return t("alerts-action-trade", { action: draft.action, side: draft.side, amount });
}

/** "▲ above $100,000.00" */
function levelText(match: AlertMatch, level: string, t: Translate, locale: string): string {
  return t("alerts-level", { match, level: formatPrice(level, locale) });
}

/**
 * "+0.90% to the level" while the market approaches it; once past it, plainly "already above the level" (the
 * line shows both the level and the price: a percentage past it, 154 % say, only puzzled).
 */
function distanceText(distance: LevelDistance, match: AlertMatch, t: Translate, locale: string): string {
  if (distance.passed) return t("alerts-distance-past", { match });
  return t("alerts-distance-to", { distance: formatPercent(distance.percent, locale) });
}

/** The current price (the one levels are compared with) and the distance to the level, or that there is none. */
function marketText(trigger: PriceTrigger, ticker: Ticker, t: Translate, locale: string): string {
  const entry = ticker[trigger.asset];
  if (entry === undefined) return t("alerts-no-price");
  return t("alerts-market", {
    price: formatPrice(marketPrice(entry).toFixed(), locale),
    distance: distanceText(
      levelDistance(trigger.price, triggerMatch(trigger), entry),
      triggerMatch(trigger),
      t,
      locale,
    ),
  });
}

function stateText(trigger: PriceTrigger, t: Translate): string {
  if (!trigger.enabled) return t("alerts-state-off");
  return t(trigger.paused ? "alerts-state-fired" : "alerts-state-on");
}

function notifyText(email: boolean, sms: boolean, t: Translate): string {
  return t("alerts-notify", { email: email ? "on" : "off", sms: sms ? "on" : "off" });
}

/** Two lines of the list: what it watches and where the market is, then what it does and its state. */
export function renderTriggerLine(
  trigger: PriceTrigger,
  ticker: Ticker,
  t: Translate,
  locale: string,
): string {
  const draft = draftOf(trigger);
  const unseen = unseenEvents(trigger).length;
  const head = t("alerts-line", {
    id: trigger.id,
    asset: escapeHtml(trigger.asset),
    level: levelText(draft.match, trigger.price, t, locale),
    market: marketText(trigger, ticker, t, locale),
  });
  const details = [
    actionText(draft, t, locale),
    stateText(trigger, t),
    notifyText(trigger.notify_email, trigger.notify_sms, t),
    ...(unseen > 0 ? [t("alerts-unseen", { count: unseen })] : []),
  ].join(" · ");
  return `${head}\n${details}`;
}

/** The card of one trigger: every field, its events count, when it last fired (in `zone`). */
export function renderTriggerCard(
  trigger: PriceTrigger,
  ticker: Ticker,
  t: Translate,
  locale: string,
  zone: string,
): string {
  const draft = draftOf(trigger);
  const name = trigger.asset_name ? ` (${escapeHtml(trigger.asset_name)})` : "";
  const lines = [
    t("alerts-card-title", { id: trigger.id, asset: escapeHtml(trigger.asset), name }),
    t("alerts-card-level", { level: levelText(draft.match, trigger.price, t, locale) }),
    marketText(trigger, ticker, t, locale),
    t("alerts-card-action", { action: actionText(draft, t, locale) }),
    t("alerts-card-state", { state: stateText(trigger, t) }),
    notifyText(trigger.notify_email, trigger.notify_sms, t),
    t("alerts-card-events", { count: trigger.events.length, unseen: unseenEvents(trigger).length }),
  ];
  if (trigger.last_trigger !== null) {
    lines.push(t("alerts-card-last", { when: formatDateTime(trigger.last_trigger, zone, locale), zone }));
  }
  return lines.join("\n");
}

/** One event: when it fired, at what price, and the trade it placed or why it did not. */
export function renderEvent(event: PriceTriggerEvent, t: Translate, locale: string, zone: string): string {
  const match = event.matched === MATCH.ABOVE ? "above" : event.matched === MATCH.BELOW ? "below" : "auto";
  const head = t("alerts-event", {
    when: formatDateTime(event.fired, zone, locale),
    price: formatPrice(event.price, locale),
    match,
    seen: event.seen ? "yes" : "no",
  });
  // A firing that neither traded nor failed was an alert only: nothing more to say.
  const traded = (event.trade?.trim() ?? "") !== "" || (event.failure_reason?.trim() ?? "") !== "";
  return traded ? [head, ...tradeOutcome(event.trade, event.failure_reason, t)].join("\n") : head;
}

/**
 * The summary shown before Confirm: what will be created, the market now, and a warning when the level
 * is already crossed (it would fire at once).
 */
export function renderSummary(draft: AlertDraft, ticker: Ticker, t: Translate, locale: string): string {
  const entry = ticker[draft.asset];
  const lines = [
    t("alerts-summary-title", { asset: escapeHtml(draft.asset) }),
    t("alerts-card-level", { level: levelText(draft.match, draft.level, t, locale) }),
  ];
  if (entry !== undefined) {
    lines.push(
      t("alerts-summary-market", {
        buy: formatPrice(entry.buy, locale),
        sell: formatPrice(entry.sell, locale),
        // The distance is measured from the price levels are compared with, so it is shown too.
        reference: t("alerts-reference", {
          kind: entry.last !== null && entry.last !== undefined ? "last" : "mid",
          price: formatPrice(marketPrice(entry).toFixed(), locale),
        }),
        distance: distanceText(levelDistance(draft.level, draft.match, entry), draft.match, t, locale),
      }),
    );
    if (draft.match === "auto") lines.push(t("alerts-summary-auto", { match: resolvedMatch(draft, entry) }));
  }
  lines.push(t("alerts-card-action", { action: actionText(draft, t, locale) }));
  const spend = spendAtLevel(draft);
  if (spend !== undefined && draft.side === "receive") {
    lines.push(t("alerts-summary-estimate", { amount: formatAmount(spend.asset, spend.amount, locale) }));
  }
  lines.push(notifyText(draft.notifyEmail, draft.notifySms, t));
  if (entry !== undefined && firesAtOnce(draft, entry)) lines.push("", t("alerts-summary-fires-now"));
  if (draft.action !== "alert") lines.push("", t("alerts-summary-market-order"));
  return lines.join("\n");
}

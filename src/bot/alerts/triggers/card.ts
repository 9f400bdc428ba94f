/**
 * Buttons of the trigger list and of a trigger card. Card buttons carry `alc:<verb>:<triggerId>` and the
 * list's pages `als:<page>`; none needs a single-use token: they read, pause, enable or mark seen (each
 * with the presser's own key, so a trigger that is not theirs is a 404), or they lead to a Confirm that
 * has one (a new level or quantity, a delete).
 */
import { InlineKeyboard } from "grammy";
import type { PriceTrigger } from "../../../exchange/index.ts";
import { unseenEvents } from "../../../services/alerts/triggers/writes.ts";
import type { BotContext } from "../../context.ts";
import { alertButtonData } from "./buttons.ts";

/** What a card button does. */
export type CardVerb = "card" | "pause" | "enable" | "level" | "qty" | "events" | "seen" | "del";

/** Matches card buttons: verb and trigger id. */
export const CARD_BUTTON_PATTERN = /^alc:(card|pause|enable|level|qty|events|seen|del):(\d{1,12})$/;

/** Matches list pages. */
export const LIST_PAGE_PATTERN = /^als:(\d{1,4})$/;

/** The callback data of a card button. */
export function cardData(verb: CardVerb, triggerId: number): string {
  return `alc:${verb}:${triggerId}`;
}

/** The card's buttons: pause or enable, edit level (and quantity for a trade), events, mark seen, delete. */
export function cardKeyboard(ctx: BotContext, trigger: PriceTrigger): InlineKeyboard {
  const id = trigger.id;
  const armed = trigger.enabled && !trigger.paused;
  const keyboard = new InlineKeyboard()
    .text(
      ctx.t(armed ? "alerts-button-pause" : "alerts-button-enable"),
      cardData(armed ? "pause" : "enable", id),
    )
    .text(ctx.t("alerts-button-level"), cardData("level", id));
  if (trigger.order_direction !== null) keyboard.text(ctx.t("alerts-button-quantity"), cardData("qty", id));
  keyboard
    .row()
    .text(ctx.t("alerts-button-events", { count: trigger.events.length }), cardData("events", id));
  if (unseenEvents(trigger).length > 0) keyboard.text(ctx.t("alerts-button-seen"), cardData("seen", id));
  return keyboard
    .row()
    .text(ctx.t("alerts-button-delete"), cardData("del", id))
    .text(ctx.t("alerts-button-list"), "als:1")
    .text(ctx.t("button-refresh"), cardData("card", id));
}

/** The events view's buttons: the trade of each event that placed one, mark seen, back to the card. */
export function eventsKeyboard(
  ctx: BotContext,
  trigger: PriceTrigger,
  shown: PriceTrigger["events"],
): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  let inRow = 0;
  shown.forEach((event, i) => {
    if ((event.trade?.trim() ?? "") === "") return;
    const firedAt = Math.floor(event.fired.getTime() / 1000);
    keyboard.text(
      ctx.t("alerts-button-trade", { n: i + 1 }),
      alertButtonData({ verb: "trade", triggerId: trigger.id, firedAt }),
    );
    if (++inRow % 3 === 0) keyboard.row();
  });
  keyboard.row();
  if (unseenEvents(trigger).length > 0)
    keyboard.text(ctx.t("alerts-button-seen"), cardData("seen", trigger.id));
  return keyboard.text(ctx.t("button-back"), cardData("card", trigger.id));
}

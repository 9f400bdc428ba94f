/**
 * The questions the guided /alert asks, each a message with buttons (and Cancel, `ag:x`), answered by a
 * button or by typing: shared by the price-level steps (conversation.ts), the market alerts' steps
 * (market/conversation.ts) and the portfolio alerts' (portfolio/conversation.ts).
 */
import type { Conversation } from "@grammyjs/conversations";
import { InlineKeyboard } from "grammy";
import type { MarketDirection } from "../../../services/alerts/market/kinds.ts";
import { readMarketWords } from "../../../services/alerts/market/words.ts";
import type { BotContext, ConversationContext } from "../../context.ts";
import { escapeHtml } from "../../flow-kit/format/html.ts";
import { nextInput } from "../../flow-kit/prompt-input.ts";

/** The guided flows' conversation handle. */
export type Convo = Conversation<BotContext, ConversationContext>;

/** Where a question was asked. */
export interface Asked {
  chatId: number;
  messageId: number;
}

/** A prompt with buttons (and Cancel); returns its message id. */
export async function ask(ctx: ConversationContext, text: string, keyboard: InlineKeyboard): Promise<Asked> {
  const sent = await ctx.reply(text, { reply_markup: keyboard.row().text(ctx.t("button-cancel"), "ag:x") });
  return { chatId: sent.chat.id, messageId: sent.message_id };
}

/** Marks a prompt answered: its text with the answer, buttons gone. */
export async function answered(ctx: ConversationContext, at: Asked, text: string, answer: string) {
  await ctx.api.editMessageText(at.chatId, at.messageId, `${text}\n<b>${answer}</b>`);
}

/** Marks a prompt cancelled; resolves to undefined, what every question returns on cancel. */
export async function cancelled(ctx: ConversationContext, at: Asked): Promise<undefined> {
  await ctx.api.editMessageText(at.chatId, at.messageId, ctx.t("cancelled"));
  return undefined;
}

/**
 * Picks one of `choices` by button, or by a typed answer `typed` reads; undefined on cancel. `refuse` may
 * turn a choice down with a reason.
 */
export async function askChoice<T extends string>(
  conversation: Convo,
  ctx: ConversationContext,
  text: string,
  choices: readonly { value: T; label: string }[],
  refuse: (value: T) => string | undefined = () => undefined,
  typed: (text: string) => T | undefined = () => undefined,
): Promise<T | undefined> {
  const keyboard = new InlineKeyboard();
  for (const choice of choices) keyboard.text(choice.label, `ag:c:${choice.value}`);
  const at = await ask(ctx, text, keyboard);
  for (;;) {
    const input = await nextInput(conversation, at.messageId, "ag:");
    if ("data" in input && input.data === "ag:x") return cancelled(ctx, at);
    const wanted = "data" in input ? input.data.replace(/^ag:c:/, "") : typed(input.text);
    const choice = choices.find((c) => c.value === wanted);
    if (choice === undefined) {
      await ctx.reply(ctx.t("alerts-pick-again"));
      continue;
    }
    const reason = refuse(choice.value);
    if (reason !== undefined) {
      // With the refusal to pick, which offers the options again.
      await ctx.reply(`${reason}\n${ctx.t("alerts-pick-again")}`);
      continue;
    }
    await answered(ctx, at, text, escapeHtml(choice.label));
    return choice.value;
  }
}

/** "Now: …" after a question when editing. */
export const nowLine = (ctx: ConversationContext, current: string | undefined) =>
  current === undefined ? "" : `\n${ctx.t("market-ask-current", { current })}`;

/** The direction a typed answer names, in either language ("up", "either way", "涨跌"). */
export function typedDirection(text: string): MarketDirection | undefined {
  const words = readMarketWords(text);
  return words !== undefined && typeof words.direction === "string"
    ? (words.direction as MarketDirection)
    : undefined;
}

/** Asks up, down or either way (buttons or typed), `was` shown when editing; undefined on cancel. */
export function askDirection(
  conversation: Convo,
  ctx: ConversationContext,
  question: string,
  was: MarketDirection | undefined,
): Promise<MarketDirection | undefined> {
  return askChoice<MarketDirection>(
    conversation,
    ctx,
    question + nowLine(ctx, was && ctx.t("market-direction-button", { direction: was })),
    (["up", "down", "either"] as const).map((value) => ({
      value,
      label: ctx.t("market-direction-button", { direction: value }),
    })),
    undefined,
    typedDirection,
  );
}

/**
 * The guided flows' asset question (trade, alert, recurring trade, withdrawal, new address): its choices as
 * buttons, or typed as a code, the exchange's name or an alias in any language ("bitcoin", "以太坊"), read by
 * the flow itself whatever the chat showed since. A word naming no asset is said to be unknown, with the
 * closest of the flow's choices as the question's buttons; a known asset that is not a choice gets the flow's
 * own reason (AUD: a crypto is needed here), then the flow's refusal to pick, which comes with the options
 * again (listen/api.ts).
 *
 * Replay rules: the asset list is read in `conversation.external`, which returns plain data.
 */
import type { Conversation } from "@grammyjs/conversations";
import { InlineKeyboard } from "grammy";
import { FIAT } from "../../services/swaps/quotes.ts";
import type { BotContext, BotDeps, ConversationContext } from "../context.ts";
import { lookUpAsset } from "./asset-input.ts";
import { escapeHtml } from "./format/html.ts";
import { nextInput } from "./prompt-input.ts";

type Convo = Conversation<BotContext, ConversationContext>;

/** Where a question stands in the chat. */
interface Asked {
  chatId: number;
  messageId: number;
}

/**
 * What a typed answer came to: one of the choices; the closest choices, now the question (`text`, with a
 * button for each of `codes`); or a refusal the user was told.
 */
export type TypedAsset =
  | { code: string }
  | { asked: Asked & { text: string; codes: string[] } }
  | { refused: true };

/** A flow's asset choices and its words for what is not one. */
export interface AssetChoices {
  /** The codes that may be picked. */
  among: readonly string[];
  /** The question's buttons for `codes`, with the flow's own data (and its Cancel). */
  buttons: (codes: readonly string[]) => InlineKeyboard;
  /**
   * Why a known asset that is not among the choices cannot be picked (without asking again); none when
   * every listed crypto asset is a choice (AUD alone is not: a crypto is needed).
   */
  notAmong?: (code: string) => string;
  /** The flow's refusal to pick, which asks again. */
  pickAgain: string;
}

/**
 * Reads an asset typed at a question whose choices are `choices.among`. A choice's code is taken as typed;
 * anything else is looked up among the listed assets and their names.
 */
export async function typedAsset(
  conversation: Convo,
  ctx: ConversationContext,
  deps: BotDeps,
  typed: string,
  choices: AssetChoices,
): Promise<TypedAsset> {
  const among = [...choices.among];
  // A code needs no asset list (which may not be readable just now).
  const code = typed.trim().toUpperCase();
  if (among.includes(code)) return { code };
  const found = await conversation.external((outside) =>
    lookUpAsset(outside, deps, typed, { fiat: true, among }),
  );
  if (found.found && among.includes(found.code)) return { code: found.code };
  if (found.found) {
    const reason =
      found.code === FIAT || choices.notAmong === undefined
        ? ctx.t("asset-need-crypto")
        : choices.notAmong(found.code);
    await ctx.reply(`${reason}\n${choices.pickAgain}`);
    return { refused: true };
  }
  if (found.closest.length === 0) {
    await ctx.reply(`${found.text}\n${choices.pickAgain}`);
    return { refused: true };
  }
  // The closest choices become the question: their buttons answer it.
  const sent = await ctx.reply(found.text, { reply_markup: choices.buttons(found.closest) });
  const asked = { chatId: sent.chat.id, messageId: sent.message_id };
  return { asked: { ...asked, text: found.text, codes: found.closest } };
}

/** An asset question of a flow whose buttons are `<prefix>a:<code>` and Cancel `<prefix>x`. */
export interface AssetQuestion extends Omit<AssetChoices, "buttons"> {
  /** The question. */
  text: string;
  /** The codes on its buttons (some of `among`, or all). */
  shown: readonly string[];
  /** The flow's button data prefix, e.g. "tr:". */
  prefix: string;
  /** Buttons a row. */
  columns: number;
  /** What the question reads once cancelled. */
  cancelled: string;
  /**
   * A choice beside the assets (the alert's "my whole portfolio"): its button on a row of its own
   * (`<prefix>e`), also picked by a typed answer `typed` accepts; picking it answers `value`.
   */
  extra?: { label: string; value: string; typed: (text: string) => boolean };
}

/**
 * Asks for one of `question.among`, by button or typed (see {@link typedAsset}), or the question's extra
 * choice (its `value`); the answered question shows the pick under it. Undefined when the user cancels (a
 * command leaves the flow, as at every step).
 */
export async function askAsset(
  conversation: Convo,
  ctx: ConversationContext,
  deps: BotDeps,
  question: AssetQuestion,
): Promise<string | undefined> {
  const { prefix, columns, extra } = question;
  const buttons = (codes: readonly string[]) => {
    const keyboard = new InlineKeyboard();
    codes.forEach((code, i) => {
      keyboard.text(code, `${prefix}a:${code}`);
      if (i % columns === columns - 1) keyboard.row();
    });
    if (extra !== undefined) keyboard.row().text(extra.label, `${prefix}e`);
    return keyboard.row().text(ctx.t("button-cancel"), `${prefix}x`);
  };
  let text = question.text;
  const sent = await ctx.reply(text, { reply_markup: buttons(question.shown) });
  let at: Asked = { chatId: sent.chat.id, messageId: sent.message_id };
  for (;;) {
    const input = await nextInput(conversation, at.messageId, prefix);
    let code: string;
    if (extra !== undefined && ("data" in input ? input.data === `${prefix}e` : extra.typed(input.text))) {
      await ctx.api.editMessageText(at.chatId, at.messageId, `${text}\n<b>${escapeHtml(extra.label)}</b>`);
      return extra.value;
    }
    if ("data" in input) {
      if (input.data === `${prefix}x`) {
        await ctx.api.editMessageText(at.chatId, at.messageId, question.cancelled);
        return undefined;
      }
      code = input.data.slice(`${prefix}a:`.length);
      if (!input.data.startsWith(`${prefix}a:`) || !question.among.includes(code)) {
        await ctx.reply(question.pickAgain);
        continue;
      }
    } else {
      const typed = await typedAsset(conversation, ctx, deps, input.text, { ...question, buttons });
      if ("refused" in typed) continue;
      if ("asked" in typed) {
        text = typed.asked.text;
        at = typed.asked;
        continue;
      }
      code = typed.code;
    }
    await ctx.api.editMessageText(at.chatId, at.messageId, `${text}\n<b>${escapeHtml(code)}</b>`);
    return code;
  }
}

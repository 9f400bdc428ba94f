/**
 * Steps shared by the recurring-trade conversations: waiting for a typed answer or a press of the
 * prompt's own `dq:` buttons, picking among buttons, and reading a start time. A command typed at any
 * step leaves the flow (and runs); a button of an older prompt is not an answer to this one.
 *
 * Replay rules: the clock, Redis and the exchange are only touched through `conversation.external`.
 */
import type { Conversation } from "@grammyjs/conversations";
import { InlineKeyboard } from "grammy";
import { checkStart } from "../../services/recurring/checks.ts";
import { exampleStart, parseTypedStart } from "../../services/recurring/start-time.ts";
import { type BotContext, type BotDeps, type ConversationContext, userTimezone } from "../context.ts";
import { escapeHtml, typedExcerpt } from "../flow-kit/format/html.ts";
import { formatDateTime } from "../flow-kit/format/time.ts";
import { nextInput } from "../flow-kit/prompt-input.ts";

/** The recurring-trade conversations' handle. */
export type Convo = Conversation<BotContext, ConversationContext>;

/** The user's zone and language and the bot's clock, read outside (the session is not in here). */
export interface Where {
  zone: string;
  locale: string;
  now: number;
}

/** Reads where the user is, once per step that needs it (replayed from the log, not re-read). */
export function where(conversation: Convo, deps: BotDeps): Promise<Where> {
  return conversation.external(async (outside) => ({
    zone: userTimezone(outside, deps),
    locale: await outside.i18n.getLocale(),
    now: deps.now(),
  }));
}

/** Sends a prompt with `keyboard` plus a Cancel button. */
export async function prompt(ctx: ConversationContext, text: string, keyboard = new InlineKeyboard()) {
  return ctx.reply(text, { reply_markup: keyboard.row().text(ctx.t("button-cancel"), "dq:x") });
}

/** Marks a prompt answered (its buttons go) or cancelled. */
export async function closePrompt(
  ctx: ConversationContext,
  sent: { chat: { id: number }; message_id: number },
  text: string,
): Promise<void> {
  await ctx.api.editMessageText(sent.chat.id, sent.message_id, text);
}

/**
 * Asks to pick one of `choices` (button data after `dq:<kind>:`, with labels); typed text is refused
 * with a pointer to the buttons. Undefined when the user cancels.
 */
export async function choose(
  conversation: Convo,
  ctx: ConversationContext,
  text: string,
  kind: string,
  choices: readonly { value: string; label: string }[],
): Promise<string | undefined> {
  const keyboard = new InlineKeyboard();
  choices.forEach((choice, i) => {
    keyboard.text(choice.label, `dq:${kind}:${choice.value}`);
    if (i % 3 === 2) keyboard.row();
  });
  const sent = await prompt(ctx, text, keyboard);
  for (;;) {
    const input = await nextInput(conversation, sent.message_id, "dq:");
    if ("data" in input && input.data === "dq:x") {
      await closePrompt(ctx, sent, ctx.t("cancelled"));
      return undefined;
    }
    if (!("data" in input)) {
      await ctx.reply(ctx.t("dca-pick-again"));
      continue;
    }
    const picked = input.data.slice(`dq:${kind}:`.length);
    const choice = choices.find((c) => c.value === picked);
    if (!input.data.startsWith(`dq:${kind}:`) || choice === undefined) continue;
    await closePrompt(ctx, sent, `${text}\n<b>${choice.label}</b>`);
    return choice.value;
  }
}

/**
 * Asks for a quantity until `check` accepts one; undefined when the user cancels. `check` runs outside
 * (it may read prices) and answers the quantity or why it is refused.
 */
export async function askQuantity(
  conversation: Convo,
  ctx: ConversationContext,
  text: string,
  check: (typed: string) => Promise<{ quantity: string } | { problem?: string }>,
): Promise<string | undefined> {
  const sent = await prompt(ctx, text);
  for (;;) {
    const input = await nextInput(conversation, sent.message_id, "dq:");
    if ("data" in input) {
      if (input.data !== "dq:x") continue;
      await closePrompt(ctx, sent, ctx.t("cancelled"));
      return undefined;
    }
    const checked = await check(input.text);
    if ("quantity" in checked) {
      await closePrompt(ctx, sent, `${text}\n<b>${typedExcerpt(input.text)}</b>`);
      return checked.quantity;
    }
    // No problem text: a /cancel overtook the check, and the flow is over.
    if (checked.problem === undefined) return undefined;
    await ctx.reply(checked.problem);
  }
}

/** What the start question came to: "now" (no start sent), a typed instant, or a cancel. */
export type StartAnswer = { now: true } | { start: string } | undefined;

/**
 * Asks for a start time typed in the user's zone (or "now", when `nowLabel` offers it). A time that
 * cannot be read, does not exist in the zone, or has passed is explained and asked again.
 */
export async function askStart(
  conversation: Convo,
  ctx: ConversationContext,
  deps: BotDeps,
  text: (example: string, zone: string) => string,
  nowLabel?: string,
): Promise<StartAnswer> {
  const here = await where(conversation, deps);
  const question = text(exampleStart(here.now, here.zone), escapeHtml(here.zone));
  const keyboard = new InlineKeyboard();
  if (nowLabel !== undefined) keyboard.text(nowLabel, "dq:s:now");
  const sent = await prompt(ctx, question, keyboard);
  for (;;) {
    const input = await nextInput(conversation, sent.message_id, "dq:");
    if ("data" in input) {
      if (input.data === "dq:x") {
        await closePrompt(ctx, sent, ctx.t("cancelled"));
        return undefined;
      }
      if (input.data === "dq:s:now" && nowLabel !== undefined) {
        await closePrompt(ctx, sent, `${question}\n<b>${nowLabel}</b>`);
        return { now: true };
      }
      continue;
    }
    const typed = input.text;
    const parsed = parseTypedStart(typed, here.zone, here.now);
    if ("problem" in parsed) {
      const shown = typedExcerpt(typed);
      await ctx.reply(
        parsed.problem === "format"
          ? ctx.t("dca-bad-start", { input: shown, example: exampleStart(here.now, here.zone) })
          : ctx.t("dca-no-such-time", { input: shown, zone: escapeHtml(here.zone) }),
      );
      continue;
    }
    const now = await conversation.external(() => deps.now());
    if (checkStart(parsed.start, now)) {
      await ctx.reply(ctx.t("dca-start-past"));
      continue;
    }
    // Shown back as the exact time it was read as, whatever words were typed.
    const exact = formatDateTime(parsed.start, here.zone, here.locale);
    await closePrompt(ctx, sent, `${question}\n<b>${escapeHtml(exact)}</b>`);
    return { start: parsed.start.toISOString() };
  }
}

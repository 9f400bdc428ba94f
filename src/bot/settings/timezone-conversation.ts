/**
 * The time zone question: a conversation, since the answer is free text. It keeps no secret and does
 * every side effect (session read and write) through `conversation.external`.
 */
import type { Conversation } from "@grammyjs/conversations";
import type { BotContext, BotDeps, ConversationContext } from "../context.ts";
import { escapeHtml, shorten } from "../format/html.ts";
import { canonicalTimeZone } from "../format/time.ts";

/** The conversation's id, for `ctx.conversation.enter`. */
export const TIMEZONE_CONVERSATION = "timezone";

/** Builds the conversation function over the bot's dependencies. */
export function timezoneConversation(deps: BotDeps) {
  return async function timezone(
    conversation: Conversation<BotContext, ConversationContext>,
    ctx: ConversationContext,
  ): Promise<void> {
    const current = await conversation.external(
      (outside) => outside.session.timezone ?? deps.defaultTimezone,
    );
    await ctx.reply(ctx.t("settings-ask-timezone", { zone: escapeHtml(current) }));
    for (;;) {
      // Button presses and other updates pass on to the rest of the bot while we wait.
      const answer = await conversation.waitFor("message:text", { next: true });
      const text = answer.message.text;
      // Any command leaves the question and runs as usual (/cancel is handled before we get here).
      if (text.startsWith("/")) await conversation.halt({ next: true });
      const zone = canonicalTimeZone(text);
      if (zone === undefined) {
        // Cut by code point: cutting UTF-16 units can split an emoji, and Telegram refuses the text.
        const shown = shorten(text, 40);
        await answer.reply(answer.t("settings-bad-timezone", { input: escapeHtml(shown) }));
        continue;
      }
      await conversation.external((outside) => {
        outside.session.timezone = zone;
      });
      await answer.reply(answer.t("settings-timezone-saved", { zone: escapeHtml(zone) }));
      return;
    }
  };
}

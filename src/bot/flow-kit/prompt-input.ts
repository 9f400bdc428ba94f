/** Reading the answer to a question asked inside a guided flow (a conversation). */
import type { Conversation } from "@grammyjs/conversations";
import type { BotContext, ConversationContext } from "../context.ts";
import { commandName } from "../pipeline/command-text.ts";

/** What the user answered with: typed text, or the data of one of the question's buttons. */
export type PromptInput = { text: string } | { data: string };

/**
 * Waits for a typed message or a press of one of `messageId`'s buttons whose data starts with `prefix`.
 * A command leaves the flow (its update goes on to the command's handler) unless `commands` maps it to
 * button data (e.g. /skip to the Skip button's); a press on an older question's button is answered and
 * ignored.
 */
export async function nextInput(
  conversation: Conversation<BotContext, ConversationContext>,
  messageId: number,
  prefix: string,
  commands: Readonly<Record<string, string>> = {},
): Promise<PromptInput> {
  for (;;) {
    const update = await conversation.waitUntil(
      (c) => c.message?.text !== undefined || (c.callbackQuery?.data?.startsWith(prefix) ?? false),
      { next: true },
    );
    const text = update.message?.text;
    if (text !== undefined) {
      const mapped = commands[commandName(text) ?? ""];
      if (mapped !== undefined) return { data: mapped };
      if (text.startsWith("/")) await conversation.halt({ next: true });
      return { text };
    }
    await update.answerCallbackQuery();
    // A button of an older question is not an answer to this one.
    if (update.callbackQuery?.message?.message_id === messageId)
      return { data: update.callbackQuery.data ?? "" };
  }
}

/**
 * What a message's text says to the bot: a command's name, whether a command is meant for this bot, and
 * the text of a group message addressed to it.
 */
import type { BotContext } from "../context.ts";

/** "/Balance@my_bot now" -> "balance"; undefined for text that is not a command. */
export function commandName(text: string | undefined): string | undefined {
  const match = /^\/([A-Za-z0-9_]{1,32})(?:@\w+)?(?:\s|$)/.exec(text ?? "");
  return match?.[1]?.toLowerCase();
}

/** Whether a command names no bot or this one ("/start@other_bot" is not ours). */
export function isOurs(ctx: BotContext, text: string | undefined): boolean {
  const target = /^\/\w+@(\w+)/.exec(text ?? "")?.[1];
  return target === undefined || target.toLowerCase() === ctx.me.username.toLowerCase();
}

/**
 * The text of a group message addressed to the bot, without the bot's @username: a message that mentions
 * it, or a reply to one of its messages. Undefined for any other message.
 */
export function addressedText(ctx: BotContext): string | undefined {
  const message = ctx.message;
  const text = message?.text;
  if (message === undefined || text === undefined) return undefined;
  const me = ctx.me;
  const mention = `@${me.username.toLowerCase()}`;
  let addressed = message.reply_to_message?.from?.id === me.id;
  let rest = text;
  for (const entity of message.entities ?? []) {
    const named = text.slice(entity.offset, entity.offset + entity.length);
    const ours =
      (entity.type === "mention" && named.toLowerCase() === mention) ||
      (entity.type === "text_mention" && entity.user.id === me.id);
    if (!ours) continue;
    addressed = true;
    rest = rest.replace(named, " ");
  }
  return addressed ? rest.trim() : undefined;
}

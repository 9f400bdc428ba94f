/**
 * What a message's text says as a command: its name, and whether it is meant for this bot. Kept apart from
 * the gates (guards.ts, which read addressed text through listen/) so that code the gates use can read it.
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

/** Telegram answers that are expected in normal use and need no apology, and the one delete that may meet one. */
import { GrammyError } from "grammy";
import type { BotContext } from "../context.ts";

/** Whether Telegram refused to edit a message because nothing changed. */
export function isNotModified(error: unknown): boolean {
  return error instanceof GrammyError && error.description.includes("message is not modified");
}

/** Whether Telegram refused to deliver to the chat for good (the user blocked the bot, or is gone). */
export function isChatClosed(error: unknown): boolean {
  return error instanceof GrammyError && error.error_code === 403;
}

/**
 * Deletes the message holding a secret (a key, a 2FA code); false when Telegram refused, so the caller can
 * ask the user to delete it. Anything but a Bot API refusal is thrown.
 */
export async function deleteSecretMessage(ctx: BotContext): Promise<boolean> {
  try {
    await ctx.deleteMessage();
    return true;
  } catch (error) {
    if (error instanceof GrammyError) return false;
    throw error;
  }
}

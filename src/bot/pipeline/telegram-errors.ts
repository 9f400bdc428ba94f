/** Telegram answers that are expected in normal use and need no apology. */
import { GrammyError } from "grammy";

/** Whether Telegram refused to edit a message because nothing changed. */
export function isNotModified(error: unknown): boolean {
  return error instanceof GrammyError && error.description.includes("message is not modified");
}

/** Whether Telegram refused to deliver to the chat for good (the user blocked the bot, or is gone). */
export function isChatClosed(error: unknown): boolean {
  return error instanceof GrammyError && error.error_code === 403;
}

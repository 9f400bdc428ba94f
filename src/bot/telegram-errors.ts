/** Telegram answers that are expected in normal use and need no apology. */
import { GrammyError } from "grammy";

/** Whether Telegram refused to edit a message because nothing changed. */
export function isNotModified(error: unknown): boolean {
  return error instanceof GrammyError && error.description.includes("message is not modified");
}

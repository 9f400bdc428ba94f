/**
 * Keeps "typing…" on screen while the bot works: Telegram shows a chat action for about five seconds,
 * so it is sent at once and again every `intervalMs` (about four seconds) until the work ends.
 */
import type { Context } from "grammy";

/** The chat actions the bot uses while waiting. */
export type WaitingAction = "typing" | "upload_document" | "upload_photo";

/**
 * Runs `work` with the chat action kept alive; resolves or rejects as `work` does. A failed chat action
 * (a courtesy only) never fails the work.
 */
export async function withChatAction<T>(
  ctx: Context,
  work: () => Promise<T>,
  options: { intervalMs: number; action?: WaitingAction },
): Promise<T> {
  if (ctx.chat === undefined) return work();
  const send = () => {
    ctx.replyWithChatAction(options.action ?? "typing").catch(() => undefined);
  };
  send();
  const timer = setInterval(send, options.intervalMs);
  try {
    return await work();
  } finally {
    clearInterval(timer);
  }
}

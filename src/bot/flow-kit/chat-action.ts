/**
 * Keeps "typing…" on screen while the user waits: Telegram shows a chat action for about five seconds,
 * so it is sent again every `intervalMs` (about four seconds) until the work ends. The first one goes
 * out only once the work has taken `delayMs` (a quarter of a second): an answer that comes sooner (the
 * in-process ticker, a quick exchange) is on screen before an indicator would be, and costs no Bot API
 * call for it.
 */
import type { Context } from "grammy";

/** The chat actions the bot uses while waiting. */
export type WaitingAction = "typing" | "upload_document" | "upload_photo";

/** How long work runs before the chat action is first sent. */
export const CHAT_ACTION_DELAY_MS = 250;

/**
 * Runs `work` with the chat action kept alive once it has run `delayMs` (default
 * {@link CHAT_ACTION_DELAY_MS}); resolves or rejects as `work` does. A failed chat action (a courtesy
 * only) never fails the work.
 */
export async function withChatAction<T>(
  ctx: Context,
  work: () => Promise<T>,
  options: { intervalMs: number; delayMs?: number; action?: WaitingAction },
): Promise<T> {
  if (ctx.chat === undefined) return work();
  const send = () => {
    ctx.replyWithChatAction(options.action ?? "typing").catch(() => undefined);
  };
  let repeat: ReturnType<typeof setInterval> | undefined;
  const first = setTimeout(() => {
    send();
    repeat = setInterval(send, options.intervalMs);
  }, options.delayMs ?? CHAT_ACTION_DELAY_MS);
  try {
    return await work();
  } finally {
    clearTimeout(first);
    clearInterval(repeat);
  }
}

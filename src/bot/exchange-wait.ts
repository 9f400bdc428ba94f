/**
 * How a feature waits on the exchange while a user waits in the chat: the chat action stays on screen,
 * every call is bounded by the interactive deadline (then the user is told the exchange is not
 * answering), and the user's /cancel aborts the reads and silences the update (it has already answered).
 */
import type { CallOptions } from "../exchange/index.ts";
import { type WaitingAction, withChatAction } from "./chat-action.ts";
import type { BotContext, BotDeps } from "./context.ts";

/** What waiting came to: the work's value, or a /cancel that overtook the update. */
export type Waited<T> = { cancelled: false; value: T } | { cancelled: true };

/** The options of an exchange client used while the user of `ctx` waits. */
export function interactiveCall(ctx: BotContext, deps: BotDeps): CallOptions {
  return { deadlineMs: deps.exchangeDeadlineMs, signal: ctx.cancelScope.signal };
}

/**
 * Runs `work` (which makes its exchange calls with {@link interactiveCall}) with the chat action
 * (`typing` unless told) kept alive. When a /cancel came meanwhile the result is `cancelled` whatever the work came to, and the
 * caller must neither reply nor change anything.
 */
export async function waitForExchange<T>(
  ctx: BotContext,
  deps: BotDeps,
  work: () => Promise<T>,
  action: WaitingAction = "typing",
): Promise<Waited<T>> {
  let value: T;
  try {
    value = await withChatAction(ctx, work, { intervalMs: deps.chatActionIntervalMs, action });
  } catch (error) {
    if (await ctx.cancelScope.cancelled()) return { cancelled: true };
    throw error;
  }
  return (await ctx.cancelScope.cancelled()) ? { cancelled: true } : { cancelled: false, value };
}

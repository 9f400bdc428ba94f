/**
 * The conversations' own middleware (`createConversation`, one per conversation), run only when they
 * can matter. Each one registers its conversation on the update (so `ctx.conversation.enter` knows it)
 * and, when the user is in that conversation, hands it the update. For a user in no conversation, which
 * is most updates, that is nine middlewares registering and passing the update on. The gate runs them
 * as before when the user is in a conversation; otherwise it passes the update on at once and registers
 * them the moment a handler enters a conversation, just before the plugin's own `enter` runs. What the
 * plugin reads, runs and saves is unchanged; only the registering is deferred until it is needed.
 */
import type { Middleware, MiddlewareFn } from "grammy";
import type { BotContext } from "./context.ts";
import { BotComposer } from "./fast-filter.ts";

const nothingAfter = async (): Promise<void> => undefined;

/** The gate, installed after the conversations plugin, in place of the conversations' middlewares. */
export function conversationGate(...installed: Middleware<BotContext>[]): MiddlewareFn<BotContext> {
  const conversations = new BotComposer<BotContext>(...installed).middleware();
  return (ctx, next) => {
    const controls = ctx.conversation;
    // In a conversation: every conversation's middleware sees the update, as without the gate.
    if (Object.keys(controls.active()).length > 0) return conversations(ctx, next);
    const enter = controls.enter;
    let registered: Promise<unknown> | undefined;
    controls.enter = async (name, ...args) => {
      // No conversation is active, so each middleware only registers its conversation and passes on.
      registered ??= Promise.resolve(conversations(ctx, nothingAfter));
      await registered;
      return enter(name, ...args);
    };
    return next();
  };
}

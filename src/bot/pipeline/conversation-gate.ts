/**
 * The conversations plugin and the conversations' own middleware (`createConversation`, one per
 * conversation), run only when they can matter.
 *
 * The plugin reads the user's conversation state, puts its controls on `ctx.conversation` and saves the
 * state after the update; each conversation's middleware registers its conversation on the update (so
 * `ctx.conversation.enter` knows it) and, when the user is in that conversation, hands it the update.
 * For a user in no conversation, which is most updates, all of that reads an empty state, registers nine
 * conversations and saves nothing. So:
 * - where the plugin goes, a user whose stored state is known to be empty (the update read it ahead:
 *   nothing there) gets idle controls instead: nothing is active, exiting has nothing to exit, and
 *   entering runs the plugin then and there, around the registering and its own `enter`;
 * - where the conversations' middlewares go, the gate passes such a user on; for the others it runs them
 *   when a conversation is active, and otherwise registers them the moment a handler enters one.
 * What the plugin reads, runs and saves is unchanged; only when it runs differs, for users in none.
 */
import type { ConversationControls } from "@grammyjs/conversations";
import type { Composer, Middleware, MiddlewareFn } from "grammy";
import type { BotContext } from "../context.ts";
import { BotComposer } from "./fast-filter.ts";

const nothingAfter = async (): Promise<void> => undefined;

/** The two middlewares of {@link conversationLayer}, installed where the plugin and the gate go. */
export interface ConversationLayer {
  plugin: MiddlewareFn<BotContext>;
  gate: Composer<BotContext>;
}

/**
 * The controls of a user known to be in no conversation. Entering runs the plugin around the real
 * `enter` (it saves the state when the entering is done); it is the update's last use of the controls,
 * as in every handler here: after it, `ctx.conversation` is the plugin's, whose update is complete.
 */
class IdleControls implements ConversationControls {
  private entered = false;
  private readonly ctx: BotContext;
  private readonly plugin: MiddlewareFn<BotContext>;
  private readonly register: MiddlewareFn<BotContext>;

  constructor(ctx: BotContext, plugin: MiddlewareFn<BotContext>, register: MiddlewareFn<BotContext>) {
    this.ctx = ctx;
    this.plugin = plugin;
    this.register = register;
  }

  async enter(name: string, ...args: unknown[]): Promise<void> {
    if (this.entered) throw new Error("a conversation was already entered in this update");
    this.entered = true;
    const ctx = this.ctx;
    await this.plugin(ctx, async () => {
      // Nothing is active, so each conversation's middleware only registers itself and passes on.
      await this.register(ctx, nothingAfter);
      await ctx.conversation.enter(name, ...args);
    });
  }

  // Nothing to exit: the plugin, too, would find nothing and save nothing.
  async exit(): Promise<void> {}
  async exitAll(): Promise<void> {}
  async exitOne(): Promise<void> {}

  active(): Record<string, number>;
  active(name: string): number;
  active(name?: string): Record<string, number> | number {
    return name === undefined ? {} : 0;
  }
}

/**
 * The conversations plugin (`plugin`, installed as configured) and the conversations' middlewares
 * (`installed`), as a layer of two middlewares: `plugin` where the plugin would go, `gate` where the
 * conversations would. `isIdle` tells whether the user's stored conversation state is known to be empty;
 * `onLeft` hears of a conversation left for another command.
 */
export function conversationLayer(options: {
  plugin: MiddlewareFn<BotContext>;
  isIdle: (ctx: BotContext) => boolean;
  installed: Middleware<BotContext>[];
  /** Runs before the rest of the bot sees an update that made conversations (`names`) end and pass it on. */
  onLeft?: (ctx: BotContext, names: readonly string[]) => Promise<void>;
}): ConversationLayer {
  const { plugin, isIdle } = options;
  const conversations = new BotComposer<BotContext>(...options.installed).middleware();
  // A filter: for idle controls (most updates) the walk passes on without running a middleware.
  const gate = new BotComposer<BotContext>();
  gate.filter(
    (ctx) => !(ctx.conversation instanceof IdleControls),
    (ctx, next) => {
      const controls = ctx.conversation;
      // In a conversation: every conversation's middleware sees the update, as without the gate.
      const before = Object.keys(controls.active());
      if (before.length > 0) {
        return conversations(ctx, async () => {
          // Passed on by a conversation that is gone: it halted for another command
          // (flow-kit/prompt-input.ts).
          const left = before.filter((name) => controls.active(name) === 0);
          if (left.length > 0) await options.onLeft?.(ctx, left);
          return next();
        });
      }
      const enter = controls.enter;
      let registered: Promise<unknown> | undefined;
      controls.enter = async (name, ...args) => {
        // No conversation is active, so each middleware only registers its conversation and passes on.
        registered ??= Promise.resolve(conversations(ctx, nothingAfter));
        await registered;
        return enter(name, ...args);
      };
      return next();
    },
  );
  return {
    plugin: (ctx, next) => {
      if (!isIdle(ctx)) return plugin(ctx, next);
      ctx.conversation = new IdleControls(ctx, plugin, conversations);
      return next();
    },
    gate,
  };
}

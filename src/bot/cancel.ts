/**
 * /cancel: leaves any flow at any step. Installed before the conversations so it always wins; it does not
 * wait behind a slow update of the same user (see sequencing.ts), whose work it cancels.
 */
import { Composer } from "grammy";
import type { BotContext } from "./context.ts";

/** Leaves active conversations and pending inputs, stops the user's other running updates, and says so. */
export function cancelFeature(): Composer<BotContext> {
  const composer = new Composer<BotContext>();
  composer.command("cancel", async (ctx) => {
    const stopped = await ctx.cancelScope.cancelOthers();
    const active = Object.keys(ctx.conversation.active()).length > 0;
    const awaitingKey = ctx.session.awaitingKeyUntil !== undefined;
    await ctx.conversation.exitAll();
    ctx.session.awaitingKeyUntil = undefined;
    // A write already sent may still go through: never claim that nothing changed then.
    const text = stopped.writing
      ? "cancelled-write-pending"
      : active || awaitingKey || stopped.interrupted > 0
        ? "cancelled"
        : "nothing-to-cancel";
    await ctx.reply(ctx.t(text), { reply_markup: { remove_keyboard: true } });
  });
  return composer;
}

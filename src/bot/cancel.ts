/** /cancel: leaves any flow at any step. Installed before the conversations so it always wins. */
import { Composer } from "grammy";
import type { BotContext } from "./context.ts";

/** Leaves active conversations and pending inputs; says whether there was anything to leave. */
export function cancelFeature(): Composer<BotContext> {
  const composer = new Composer<BotContext>();
  composer.command("cancel", async (ctx) => {
    const active = Object.keys(ctx.conversation.active()).length > 0;
    const awaitingKey = ctx.session.awaitingKeyUntil !== undefined;
    await ctx.conversation.exitAll();
    ctx.session.awaitingKeyUntil = undefined;
    await ctx.reply(ctx.t(active || awaitingKey ? "cancelled" : "nothing-to-cancel"), {
      reply_markup: { remove_keyboard: true },
    });
  });
  return composer;
}

/**
 * /cancel: leaves any flow at any step, and kills the quotes on screen whose Confirm is still live.
 * Installed before the conversations so it always wins; it does not wait behind a slow update of the same
 * user (see sequencing.ts), whose work it cancels.
 */
import type { Composer } from "grammy";
import type { BotContext, BotDeps } from "./context.ts";
import { BotComposer } from "./fast-filter.ts";
import { cancelCodeWait } from "./withdrawals/two-factor.ts";

/**
 * Revokes the user's live quote tokens and marks their messages cancelled (buttons gone); returns how
 * many were live. A token already used (confirmed, changed, cancelled) is left with its message alone.
 */
async function cancelLiveQuotes(ctx: BotContext, deps: BotDeps): Promise<number> {
  let killed = 0;
  for (const quote of await deps.liveQuotes.takeAll(ctx.from?.id as number)) {
    if (!(await deps.tokens.revoke(quote.token))) continue;
    killed++;
    try {
      await ctx.api.editMessageText(
        quote.chatId,
        quote.messageId,
        ctx.t(quote.cancelledKey ?? "quote-cancelled"),
      );
    } catch (error) {
      // Deleted or too old to edit: its Confirm is dead all the same.
      ctx.log.warn({ err: { message: (error as Error).message } }, "could not mark a quote cancelled");
    }
  }
  return killed;
}

/**
 * Leaves active conversations, pending inputs and live quotes, stops the user's other running updates,
 * and says whether there was anything.
 */
export function cancelFeature(deps: BotDeps): Composer<BotContext> {
  const composer = new BotComposer<BotContext>();
  composer.command("cancel", async (ctx) => {
    const stopped = await ctx.cancelScope.cancelOthers();
    const active = Object.keys(ctx.conversation.active()).length > 0;
    const awaitingKey = ctx.session.awaitingKeyUntil !== undefined;
    await ctx.conversation.exitAll();
    ctx.session.awaitingKeyUntil = undefined;
    const quotes = await cancelLiveQuotes(ctx, deps);
    // A withdrawal waiting for its 2FA code: say what state it is left in.
    const withdrawal = await cancelCodeWait(ctx, deps, stopped.writing);
    // A write already sent may still go through: never claim that nothing changed then.
    const text = stopped.writing
      ? "cancelled-write-pending"
      : active || awaitingKey || quotes > 0 || stopped.interrupted > 0
        ? "cancelled"
        : "nothing-to-cancel";
    await ctx.reply(withdrawal ?? ctx.t(text), { reply_markup: { remove_keyboard: true } });
  });
  return composer;
}

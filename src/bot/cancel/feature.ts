/**
 * /cancel: leaves any flow at any step, and voids every confirmation on screen
 * (flow-kit/live-confirmations.ts). Installed before the conversations so it always wins; it does not wait
 * behind a slow update of the same user (see pipeline/sequencing.ts), whose work it cancels.
 */
import type { Composer } from "grammy";
import type { BotContext, BotDeps } from "../context.ts";
import { voidConfirmations } from "../flow-kit/live-confirmations.ts";
import { BotComposer } from "../pipeline/fast-filter.ts";

/**
 * Ends the user's code wait on /cancel. The words saying what state the withdrawal is in (when a code is
 * already on its way, that it may still be authorized), or undefined when no code was awaited.
 */
async function cancelCodeWait(ctx: BotContext, deps: BotDeps, writing: boolean): Promise<string | undefined> {
  const wait = await deps.withdrawals.codeWaits.take(ctx.from?.id as number);
  if (wait === undefined) return undefined;
  return ctx.t(writing ? "wd-code-cancelled-sending" : "wd-code-cancelled", { id: wait.withdrawalId });
}

/**
 * Leaves active conversations, pending inputs and live confirmations, stops the user's other running updates,
 * and says whether there was anything.
 */
export function cancelFeature(deps: BotDeps): Composer<BotContext> {
  const composer = new BotComposer<BotContext>();
  composer.command("cancel", (ctx) => cancelAll(ctx, deps));
  return composer;
}

/**
 * /cancel's work, also for a cancel typed in words outside a flow ("never mind", 算了): leaves every flow,
 * voids every confirmation, stops the user's other updates, and says what it came to.
 */
export async function cancelAll(ctx: BotContext, deps: BotDeps): Promise<void> {
  const stopped = await ctx.cancelScope.cancelOthers();
  const active = Object.keys(ctx.conversation.active()).length > 0;
  const awaitingKey = ctx.session.awaitingKeyUntil !== undefined;
  await ctx.conversation.exitAll();
  ctx.session.awaitingKeyUntil = undefined;
  const voided = (await voidConfirmations(ctx, deps)).length;
  // A word typed next answers none of the buttons left on screen (listen/typed-choices.ts).
  if (ctx.chat?.type === "private") await deps.keyboards.forget(ctx.chat.id);
  // A withdrawal waiting for its 2FA code: say what state it is left in.
  const withdrawal = await cancelCodeWait(ctx, deps, stopped.writing === "withdrawal");
  // A write already sent may still go through, or went through just before: never claim that nothing
  // changed then, and say which write it was.
  const text =
    stopped.writing !== undefined
      ? ctx.t("cancelled-write-pending", { what: stopped.writing })
      : stopped.wrote !== undefined
        ? ctx.t("cancelled-after-write", { what: stopped.wrote })
        : ctx.t(
            active || awaitingKey || voided > 0 || stopped.interrupted > 0
              ? "cancelled"
              : "nothing-to-cancel",
          );
  await ctx.reply(withdrawal ?? text, { reply_markup: { remove_keyboard: true } });
}

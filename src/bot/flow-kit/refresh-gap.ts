/**
 * A Refresh pressed again within a second of the last one on the same message shows what it just showed:
 * the press is answered with a word and reads nothing from the exchange (a user tapping Refresh ten times a
 * second makes one read, not ten). Shared by every instance through the cooldowns in Redis.
 */
import type { BotContext, BotDeps } from "../context.ts";

/** How long after a refresh the same message's Refresh is answered without reading again. */
export const REFRESH_GAP_S = 1;

/**
 * Whether this press of a Refresh button comes within {@link REFRESH_GAP_S} of the last refresh of its
 * message; if so it has been answered ("refreshed a moment ago") and the handler should stop. Redis out of
 * reach: the refresh goes on (the reads report what fails).
 */
export async function refreshedJustNow(ctx: BotContext, deps: Pick<BotDeps, "cooldowns">): Promise<boolean> {
  const message = ctx.callbackQuery?.message;
  if (message === undefined || ctx.chat === undefined) return false;
  const first = await deps.cooldowns
    .take(`refresh:${ctx.chat.id}:${message.message_id}`, REFRESH_GAP_S)
    .catch(() => true);
  if (first) return false;
  await ctx.answerCallbackQuery({ text: ctx.t("refresh-too-soon") });
  return true;
}

/**
 * The Pause button of portfolio alert messages (portfolio/format.ts): `pa:pause:<alertId>` pauses that alert
 * of the presser's (the store is keyed by user, so another user's id finds nothing). The message stays as
 * it is; the answer comes as a new message. Buy and Sell are the market alerts' buttons
 * (market/message-buttons.ts), Portfolio the suggested command's (`go:portfolio`).
 */
import type { Composer } from "grammy";
import type { BotContext, BotDeps } from "../../context.ts";
import { BotComposer } from "../../pipeline/fast-filter.ts";

/** Matches a portfolio alert's Pause button (alert ids are base64url). */
export const PORTFOLIO_BUTTON_PATTERN = /^pa:pause:([A-Za-z0-9_-]{1,16})$/;

/** The callback data of a portfolio alert's Pause button (at most 25 bytes). */
export function portfolioButtonData(alertId: string): string {
  return `pa:pause:${alertId}`;
}

/** The Pause button of portfolio alert messages. */
export function portfolioAlertButtons(deps: BotDeps): Composer<BotContext> {
  const composer = new BotComposer<BotContext>();
  composer.chatType("private").callbackQuery(PORTFOLIO_BUTTON_PATTERN, async (ctx) => {
    const id = ctx.match[1] as string;
    await ctx.answerCallbackQuery();
    const alert = await deps.portfolioAlerts.get(ctx.from.id, id);
    if (alert === undefined) {
      await ctx.reply(ctx.t("market-notify-gone"));
      return;
    }
    if (alert.paused) {
      await ctx.reply(ctx.t("alerts-portfolio-msg-already-paused"));
      return;
    }
    const paused = await deps.portfolioAlerts.setPaused(ctx.from.id, id, true);
    await ctx.reply(ctx.t(paused ? "market-notify-paused" : "market-notify-gone"));
  });
  return composer;
}

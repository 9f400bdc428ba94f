/**
 * The buttons on market alert messages (market/format.ts): Buy and Sell open the guided trade with the
 * asset filled in (the amount is asked next and a fresh quote confirmed: nothing is traded by the press);
 * Pause pauses that alert. The message itself stays as it is; answers come as new messages.
 */
import type { Composer } from "grammy";
import type { BotContext, BotDeps } from "../../context.ts";
import { TRADE_CONVERSATION, type TradeArgs } from "../../flow-kit/conversation-ids.ts";
import { BotComposer } from "../../pipeline/fast-filter.ts";
import { MARKET_BUTTON_PATTERN, parseMarketButton } from "./buttons.ts";

/** The Buy, Sell and Pause buttons of market alert messages (`ma:...`). */
export function marketAlertButtons(deps: BotDeps): Composer<BotContext> {
  const composer = new BotComposer<BotContext>();
  composer.chatType("private").callbackQuery(MARKET_BUTTON_PATTERN, async (ctx) => {
    const button = parseMarketButton(ctx.callbackQuery.data);
    if (button === undefined) {
      await ctx.answerCallbackQuery({ text: ctx.t("stale-button") });
      return;
    }
    await ctx.answerCallbackQuery();
    if (button.verb === "pause") {
      const paused = await deps.marketAlerts.setPaused(ctx.from.id, button.target, true);
      await ctx.reply(ctx.t(paused ? "market-notify-paused" : "market-notify-gone"));
      return;
    }
    const args: TradeArgs =
      button.verb === "buy" ? { kind: "buy", dst: button.target } : { kind: "sell", src: button.target };
    // Pressed while another flow waits (a trade, a question): that flow is left for this one.
    await ctx.conversation.exitAll();
    await ctx.conversation.enter(TRADE_CONVERSATION, args);
  });
  return composer;
}

/** /start and /help (`/start chart-CODE`, an inline card's chart link, is the chart feature's). */
import type { Composer } from "grammy";
import type { BotContext, BotDeps } from "../context.ts";
import { escapeHtml } from "../flow-kit/format/html.ts";
import { BotComposer } from "../pipeline/fast-filter.ts";

/** Welcome (different once a key is connected) and the command list. */
export function startFeature(deps: BotDeps): Composer<BotContext> {
  const composer = new BotComposer<BotContext>();
  composer.command("start", async (ctx) => {
    const name = escapeHtml(ctx.from?.first_name ?? "");
    const connected = ctx.from ? await deps.accounts.isConnected(ctx.from.id) : false;
    await ctx.reply(ctx.t(connected ? "start-connected" : "start-welcome", { name }));
  });
  composer.command("help", (ctx) => ctx.reply(ctx.t("help")));
  return composer;
}

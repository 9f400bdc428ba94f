/** Finding the exchange client of the user behind an update, or telling them to connect. */
import type { ExchangeClient } from "../exchange/index.ts";
import type { BotContext, BotDeps } from "./context.ts";

/** The user's client; when none is connected, says how to connect and returns undefined. */
export async function requireClient(ctx: BotContext, deps: BotDeps): Promise<ExchangeClient | undefined> {
  const client = ctx.from ? await deps.accounts.clientFor(ctx.from.id) : undefined;
  if (!client) {
    if (ctx.callbackQuery) await ctx.answerCallbackQuery();
    await ctx.reply(ctx.t("connect-needed"));
  }
  return client;
}

/**
 * The yardstick: a bare grammY bot with the same Redis session storage as the whole bot, answering the
 * same updates with the same exchange work (the ticker for /price, balances and statistics for Refresh;
 * in the guided buy, balances and the ticker at its start, and fresh balances, the ticker and an estimate
 * for the quote) and nothing else: no sequencing, cancel scopes,
 * i18n, guards, logging or vault. /start, /help and plain text get the whole bot's English texts, fixed
 * at start-up. The difference between the two is what the whole bot adds.
 */
import {
  type Conversation,
  type ConversationFlavor,
  conversations,
  createConversation,
} from "@grammyjs/conversations";
import { Bot, type Context, InlineKeyboard, type SessionFlavor, session } from "grammy";
import type { Redis } from "ioredis";
import { createI18n } from "../../src/bot/pipeline/i18n.ts";
import type { ClientFactory } from "../../src/exchange/index.ts";
import { loadPortfolioSummary } from "../../src/services/balance/portfolio-summary.ts";
import type { MarketData } from "../../src/services/market/market-data.ts";
import { createRedisStorage } from "../../src/services/runtime/redis-storage.ts";
import { STUB_API_ROOT, STUB_BOT, STUB_TOKEN } from "./stub-telegram.ts";

type BareContext = ConversationFlavor<Context & SessionFlavor<{ visits?: number }>>;

/** What the bare bot is built from. */
export interface BareBotOptions {
  redis: Redis;
  prefix: string;
  fetch: typeof fetch;
  market: MarketData;
  clients: ClientFactory;
  /** Each user's API key (the whole bot keeps them in its vault). */
  keys: Map<number, string>;
  /**
   * Installs the conversations plugin (and the guided buy), which reads its state on every update: only
   * for the flow benchmark, so single updates are compared with the leanest bot.
   */
  withConversations: boolean;
}

/** Builds the bare bot (already initialised: botInfo is given). */
export function createBareBot(options: BareBotOptions): Bot<BareContext> {
  const { market, clients, keys } = options;
  const bot = new Bot<BareContext>(STUB_TOKEN, {
    botInfo: STUB_BOT,
    client: { apiRoot: STUB_API_ROOT, fetch: options.fetch },
  });
  const clientOf = (ctx: Context) => clients.forKey(keys.get(ctx.from?.id ?? 0) ?? "");
  bot.use(
    session({
      initial: () => ({}),
      storage: createRedisStorage({ redis: options.redis, prefix: `${options.prefix}session:` }),
      getSessionKey: (ctx) => (ctx.from ? `user:${ctx.from.id}` : undefined),
    }),
  );
  if (options.withConversations) installBuyFlow(bot, options);
  // The same texts as the whole bot's English answers, made once here (no i18n per update): the size
  // of a reply is the product's, and costs both bots alike to send; the machinery is what is compared.
  const i18n = createI18n();
  const html = { parse_mode: "HTML" } as const;
  const [welcomeBefore, welcomeAfter] = i18n.t("en", "start-connected", { name: "\u0000" }).split("\u0000");
  const help = i18n.t("en", "help");
  // The answer to a text that is no request: "not understood" with the usual commands as buttons.
  const [notUnderstoodBefore, notUnderstoodAfter] = i18n
    .t("en", "listen-not-understood", { input: "\u0000" })
    .split("\u0000");
  const suggestions = {
    inline_keyboard: ["price", "balance", "help"].map((command) => [
      { text: `/${command}: ${i18n.t("en", `cmd-${command}`)}`, callback_data: `go:${command}` },
    ]),
  };
  bot.command("start", (ctx) => ctx.reply(`${welcomeBefore}${ctx.from?.first_name}${welcomeAfter}`, html));
  bot.command("help", (ctx) => ctx.reply(help, html));
  // The whole bot's card for one asset (title, the asset's line, the "updated" line), its figures and
  // time filled in unformatted: formatting them is the bot's work, the card's size the product's.
  const [lineBefore, lineMiddle, lineAfter] = i18n
    .t("en", "price-line", { asset: "BTC", name: "Bitcoin", buy: "\u0000", sell: "\u0000" })
    .split("\u0000");
  const cardBefore = `${i18n.t("en", "price-title")}\n${lineBefore}`;
  const cardAfter = `${lineAfter}\n\n${i18n.t("en", "price-updated", { time: "12:00:00", zone: "Australia/Brisbane" })}`;
  bot.command("price", async (ctx) => {
    const ticker = await market.ticker();
    const btc = ticker[ctx.match.trim().toUpperCase() || "BTC"];
    await ctx.reply(`${cardBefore}${btc?.buy}${lineMiddle}${btc?.sell}${cardAfter}`, html);
  });
  bot.callbackQuery("bal:refresh", async (ctx) => {
    const summary = await loadPortfolioSummary(clientOf(ctx));
    await ctx.answerCallbackQuery();
    await ctx.editMessageText(`Total ${summary.total} AUD`);
  });
  bot.on("message:text", (ctx) =>
    ctx.reply(`${notUnderstoodBefore}<i>${ctx.msg.text}</i>${notUnderstoodAfter}`, {
      ...html,
      reply_markup: suggestions,
    }),
  );
  return bot;
}

/** The conversations plugin and a guided buy like the whole bot's: picker, amount prompt, quote. */
function installBuyFlow(bot: Bot<BareContext>, options: BareBotOptions): void {
  const { market, clients, keys } = options;
  const clientOf = (ctx: Context) => clients.forKey(keys.get(ctx.from?.id ?? 0) ?? "");
  bot.use(
    conversations({
      storage: {
        type: "key",
        version: 1,
        adapter: createRedisStorage({
          redis: options.redis,
          prefix: `${options.prefix}conversation:`,
          ttlSeconds: 86_400,
        }),
        getStorageKey: (ctx) => (ctx.from ? `user:${ctx.from.id}` : undefined),
      },
    }),
  );
  bot.use(
    createConversation(async (conversation: Conversation<BareContext, Context>, ctx: Context) => {
      const data = await conversation.external(async (outside) => {
        const [ticker, balances] = await Promise.all([market.ticker(), clientOf(outside).balances.all()]);
        return { assets: Object.keys(ticker).slice(0, 15), aud: balances.AUD ?? "0" };
      });
      const keyboard = new InlineKeyboard();
      for (const code of data.assets) keyboard.text(code, `tr:a:${code}`);
      await ctx.reply("Which asset do you want to buy?", { reply_markup: keyboard });
      const tap = await conversation.waitForCallbackQuery(/^tr:a:/);
      await tap.answerCallbackQuery();
      const asset = tap.callbackQuery.data.slice(5);
      await ctx.reply(`How much AUD to spend on ${asset}? You have ${data.aud}.`);
      const typed = await conversation.waitFor("message:text");
      // The whole bot's quote reads as much: the balances afresh (the ones read at the start may be old
      // by now) and the shared ticker, beside the estimate.
      const estimate = await conversation.external(async (outside) => {
        const client = clientOf(outside);
        const [, , estimate] = await Promise.all([
          market.ticker(),
          client.balances.all(),
          client.swaps.estimate({ src_asset: "AUD", dst_asset: asset, req_spend_amount: typed.message.text }),
        ]);
        return estimate;
      });
      await ctx.reply(`Quote: ${estimate.est_buy_amount} ${asset} at ${estimate.estimated_price}`);
    }, "buy"),
  );
  bot.command("buy", (ctx) => ctx.conversation.enter("buy"));
}

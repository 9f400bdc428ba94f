/**
 * Inline mode: `@bot BTC`, `@bot btc eth` or `@bot` alone, typed in any chat, offers price cards from
 * public data only (the shared ticker and the bot's own price history), never anything of an account,
 * even for a connected user. Unknown text offers the closest assets; the query text itself is never
 * echoed (it may be anything, a pasted key included). Each card has a button that opens the asset's
 * 24-hour chart in the bot's private chat.
 */
import type { Composer } from "grammy";
import type { InlineQueryResultArticle } from "grammy/types";
import { resolveAsset } from "../../services/market/asset-names.ts";
import type { ShownMarket } from "../../services/market/market-data.ts";
import { type BotContext, type BotDeps, userTimezone } from "../context.ts";
import { assetsOf, parseAssetList, TOP_ASSETS } from "../flow-kit/asset-input.ts";
import { CHART_START } from "../flow-kit/start-links.ts";
import { BotComposer } from "../pipeline/fast-filter.ts";
import { createAnswerCache } from "./answer-cache.ts";
import { type CardPrices, priceCard } from "./card.ts";

// A card's prices move within seconds: Telegram may reuse an answer this long, no longer.
const CACHE_SECONDS = 10;
// Codes typed at once; more than a screen of cards helps nobody.
const MAX_CODES = 10;
const MAX_SUGGESTIONS = 5;

/**
 * The codes to show for a query: assets it names (by code, name or alias), else the closest listed
 * assets, else the top list.
 */
function chooseCodes(
  ctx: BotContext,
  query: string,
  prices: ReadonlyMap<string, unknown>,
  names: ReadonlyMap<string, string>,
) {
  const asked = parseAssetList(query).slice(0, MAX_CODES);
  if (asked.length === 0) return TOP_ASSETS.filter((code) => prices.has(code));
  if (asked.every((code) => prices.has(code))) return asked;
  const listed = new Map(names);
  for (const code of prices.keys()) if (!listed.has(code)) listed.set(code, "");
  const assets = assetsOf(ctx, listed);
  const whole = resolveAsset(assets, query);
  if (whole.found && prices.has(whole.code)) return [whole.code];
  const codes: string[] = [];
  for (const code of asked) {
    const match = resolveAsset(assets, code, MAX_SUGGESTIONS);
    const found = match.found ? [match.code] : match.closest;
    for (const match of found) if (prices.has(match) && !codes.includes(match)) codes.push(match);
  }
  return codes;
}

/**
 * The link under a card to the asset's 24-hour chart: it opens the bot's private chat with `/start
 * chart-CODE` (an inline message can carry no picture the bot uploads, and the bot may not be in the chat
 * the card is posted to). Start parameters allow letters, digits, "_" and "-", 64 at most.
 */
function chartLink(ctx: BotContext, code: string): string | undefined {
  return /^[A-Za-z0-9]{1,20}$/.test(code)
    ? `https://t.me/${ctx.me.username}?start=${CHART_START}${code}`
    : undefined;
}

/** What an inline query is answered with: the cards and the answer's options. */
interface InlineAnswer {
  results: InlineQueryResultArticle[];
  options: Parameters<BotContext["answerInlineQuery"]>[1];
}

/** Answers inline queries with price cards. */
export function inlineFeature(deps: BotDeps): Composer<BotContext> {
  const composer = new BotComposer<BotContext>();
  // Users typing the same letters while a reading is shown get the same cards: worked out once.
  const answers = createAnswerCache<InlineAnswer>();
  composer.on("inline_query", async (ctx) => {
    const now = deps.now();
    // While users keep asking, the market data is in memory (a few seconds old at most, refreshed
    // meanwhile): a keystroke waits on no read. The card says when its prices were read.
    let market: ShownMarket;
    try {
      market = deps.market.held() ?? (await deps.market.load());
    } catch (error) {
      ctx.log.warn({ err: error }, "inline prices unavailable");
      await ctx.answerInlineQuery([], {
        cache_time: 0,
        button: { text: ctx.t("inline-unavailable"), start_parameter: "prices" },
      });
      return;
    }
    const { ticker, names } = market;
    const query = ctx.inlineQuery.query;
    const locale = await ctx.i18n.getLocale();
    const zone = userTimezone(ctx, deps);
    const kept = answers.get(ticker, locale, zone, query);
    if (kept !== undefined) {
      await ctx.answerInlineQuery(kept.results, kept.options);
      return;
    }
    const prices = new Map(Object.entries(ticker));
    const codes = chooseCodes(ctx, query, prices, names);
    if (codes.length === 0) {
      const answer: InlineAnswer = {
        results: [],
        options: {
          cache_time: CACHE_SECONDS,
          is_personal: true,
          button: { text: ctx.t("inline-no-match"), start_parameter: "prices" },
        },
      };
      answers.set(ticker, locale, zone, query, answer);
      await ctx.answerInlineQuery(answer.results, answer.options);
      return;
    }
    const changes = await deps.priceHistory.dayChange(ticker, now).catch((error: unknown) => {
      // The change is a nicety: without Redis the cards still show prices, with the change unknown (and
      // the answer is not kept: the next query may know it).
      ctx.log.warn({ err: error }, "price history unavailable");
      return undefined;
    });
    const results: InlineQueryResultArticle[] = [];
    for (const code of codes) {
      const entry = ticker[code];
      if (entry === undefined) continue;
      const prices: CardPrices = { code, name: names.get(code) ?? "", buy: entry.buy, sell: entry.sell };
      const change = changes?.get(code);
      if (change !== undefined) prices.dayChange = change;
      results.push(
        priceCard(ctx.t, prices, { at: new Date(market.at), zone, locale, chartLink: chartLink(ctx, code) }),
      );
    }
    const answer: InlineAnswer = { results, options: { cache_time: CACHE_SECONDS, is_personal: true } };
    if (changes !== undefined) answers.set(ticker, locale, zone, query, answer);
    await ctx.answerInlineQuery(answer.results, answer.options);
  });
  return composer;
}

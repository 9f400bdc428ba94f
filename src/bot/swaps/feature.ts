/**
 * Swaps: /buy, /sell and /swap (with arguments straight to a quote, without them guided by the trade
 * conversation), what the quote's buttons do, and /swaps.
 *
 * Confirm places at most one swap however often it is pressed (the quote's token is single-use), and only
 * at the price shown: a stale quote or a market move brings a fresh quote to confirm instead. After
 * placing, a background job follows the swap and edits the message with the result; when the create's
 * answer is lost, one looks for the swap first.
 */
import { type Composer, InlineKeyboard } from "grammy";
import type { ExchangeClient } from "../../exchange/index.ts";
import { parseAmount } from "../../services/swaps/checks.ts";
import {
  placeQuote,
  type Quote,
  requestQuote,
  type TradeKind,
  type TradeRequest,
  tradeKind,
} from "../../services/swaps/quotes.ts";
import type { SwapSearch } from "../../services/swaps/search.ts";
import { type BotContext, type BotDeps, userTimezone } from "../context.ts";
import { assetCodesIn } from "../flow-kit/asset-input.ts";
import { runConfirmed } from "../flow-kit/confirm-write.ts";
import { TRADE_CONVERSATION, type TradeArgs } from "../flow-kit/conversation-ids.ts";
import { showExchangeError, showWhereAsked } from "../flow-kit/exchange-errors.ts";
import { clientOrConnect, waitForExchange } from "../flow-kit/exchange-wait.ts";
import { typedExcerpt } from "../flow-kit/format/html.ts";
import { BotComposer } from "../pipeline/fast-filter.ts";
import { renderSwapLine } from "./format.ts";
import { quoteOutcome, quoteRequest, type SwapPayload, showQuote } from "./quotes.ts";

const SWAPS_PAGE_SIZE = 5;

/** What a trade command's arguments came to. */
export type TradeArgsParsed =
  | { request: TradeRequest }
  /** Assets without an amount: the guided flow, from the amount question. */
  | { guided: TradeArgs }
  | { error: "usage" }
  | { error: "amount"; input: string };

/**
 * Parses `/buy BTC 100` (spends $100), `/sell ETH 0.5`, `/swap BTC ETH 0.01` (spends the first asset); a
 * last word naming an asset says what the amount counts ("/buy BTC 0.1 BTC" receives 0.1 BTC, "/sell ETH 500
 * AUD" sells for $500, "/swap BTC ETH 0.5 ETH" receives 0.5 ETH); the assets alone ("/buy BTC", "/swap BTC
 * ETH") go to the guided flow's amount question. Plain requests come here as such lines (bot/listen/).
 */
export function parseTradeArgs(kind: TradeKind, args: string): TradeArgsParsed {
  const parts = args
    .trim()
    .split(/\s+/)
    .filter((p) => p !== "")
    .map((part, i) => (i === (kind === "swap" ? 2 : 1) ? part : part.toUpperCase()));
  const assets = kind === "swap" ? 2 : 1;
  if (parts.length === assets) {
    const [a, b] = parts as [string, string | undefined];
    if (kind === "buy") return { guided: { kind, dst: a } };
    if (kind === "sell") return { guided: { kind, src: a } };
    return { guided: { kind, src: a, dst: b } };
  }
  if (parts.length !== assets + 1 && parts.length !== assets + 2) return { error: "usage" };
  const rawAmount = parts[assets] as string;
  const amount = parseAmount(rawAmount);
  if (amount === undefined) return { error: "amount", input: rawAmount };
  const a = parts[0] as string;
  const src = kind === "buy" ? "AUD" : a;
  const dst = kind === "buy" ? a : kind === "sell" ? "AUD" : (parts[1] as string);
  const unit = parts[assets + 1];
  const side = unit === undefined || unit === src ? "spend" : unit === dst ? "receive" : undefined;
  if (side === undefined) return { error: "usage" };
  return { request: { src, dst, amount, side } };
}

/**
 * Handles Confirm on a quote: re-quotes when stale or when the market moved, else places and follows.
 * A /cancel meanwhile silences a fresh quote, never the outcome of a placement.
 */
async function confirm(ctx: BotContext, deps: BotDeps, quote: Quote, client: ExchangeClient): Promise<void> {
  if (deps.now() > quote.expiresAt) {
    const fresh = await requestQuote(client, quote.request, deps.now(), deps.quoteTtlMs);
    if (await ctx.cancelScope.cancelled()) return;
    await showQuote(ctx, deps, await quoteOutcome(ctx, deps, fresh, ctx.t("quote-expired-again")), true);
    return;
  }
  await ctx.editMessageText(ctx.t("swap-placing"));
  const result = await placeQuote(client, quote, deps.now(), deps.quoteTtlMs, (write) =>
    ctx.cancelScope.writing("trade", write),
  );
  if (result.status === "moved") {
    if (await ctx.cancelScope.cancelled()) return;
    await showQuote(ctx, deps, await quoteOutcome(ctx, deps, result.quote, ctx.t("quote-moved-again")), true);
    return;
  }
  if (result.status === "unknown") {
    ctx.log.warn(
      { err: { name: result.error.name, message: result.error.message } },
      "swap create answer lost",
    );
    await searchLostSwap(ctx, deps, result.search);
    return;
  }
  await followPlacedSwap(ctx, deps, result.swap.id);
}

/**
 * The create's answer was lost, so the swap may exist: the user is told so (never "nothing was done")
 * and a background job looks for it, then follows it or says it is not there.
 */
async function searchLostSwap(ctx: BotContext, deps: BotDeps, search: SwapSearch): Promise<void> {
  try {
    await ctx.editMessageText(ctx.t("swap-outcome-unknown"));
  } catch (error) {
    ctx.log.warn({ err: { message: (error as Error).message } }, "could not show the unknown outcome");
  }
  try {
    await deps.findSwap({
      userId: ctx.from?.id as number,
      chatId: ctx.chat?.id as number,
      messageId: ctx.callbackQuery?.message?.message_id ?? 0,
      locale: await ctx.i18n.getLocale(),
      search,
    });
  } catch (error) {
    ctx.log.error({ err: { message: (error as Error).message } }, "could not look for the swap");
    await ctx.reply(ctx.t("swap-unknown-not-followed")).catch(() => undefined);
  }
}

/**
 * After a swap is placed nothing may claim "nothing was changed": a failure to show "processing" or to
 * start the follow-up is logged and told as such, never thrown to the generic apology.
 */
async function followPlacedSwap(ctx: BotContext, deps: BotDeps, swapId: number): Promise<void> {
  const messageId = ctx.callbackQuery?.message?.message_id ?? 0;
  try {
    await ctx.editMessageText(ctx.t("swap-processing", { id: swapId }));
  } catch (error) {
    ctx.log.warn({ swapId, err: { message: (error as Error).message } }, "could not show the placed swap");
  }
  try {
    await deps.watchSwap({
      userId: ctx.from?.id as number,
      chatId: ctx.chat?.id as number,
      messageId,
      swapId,
      locale: await ctx.i18n.getLocale(),
    });
  } catch (error) {
    ctx.log.error({ swapId, err: { message: (error as Error).message } }, "could not follow the placed swap");
    await ctx.reply(ctx.t("swap-not-followed", { id: swapId })).catch(() => undefined);
  }
}

/** Runs a pressed choice of a quote (its token already consumed). */
export async function onQuoteChoice(
  ctx: BotContext,
  deps: BotDeps,
  payload: SwapPayload,
  verb: string | undefined,
): Promise<void> {
  await ctx.answerCallbackQuery();
  const { quote } = payload;
  if (verb === "x") {
    await ctx.editMessageText(ctx.t("cancelled"));
    return;
  }
  if (verb === "a") {
    // The old quote stays readable for comparison; only its buttons go.
    await ctx.editMessageReplyMarkup();
    const args: TradeArgs = {
      kind: tradeKind(quote.request.src, quote.request.dst),
      src: quote.request.src,
      dst: quote.request.dst,
    };
    // Pressed on an older quote while a flow (a trade, the time zone question) is waiting: leave it.
    await ctx.conversation.exitAll();
    await ctx.conversation.enter(TRADE_CONVERSATION, args);
    return;
  }
  if (verb !== "c") return;
  const client = await clientOrConnect(ctx, deps, true);
  if (!client) return;
  await runConfirmed(ctx, deps, () => confirm(ctx, deps, quote, client));
}

async function showSwapsPage(ctx: BotContext, deps: BotDeps, page: number, edit: boolean): Promise<void> {
  const client = await clientOrConnect(ctx, deps);
  if (!client) return;
  const locale = await ctx.i18n.getLocale();
  const keyboard = new InlineKeyboard();
  const markup = { reply_markup: keyboard };
  try {
    const waited = await waitForExchange(ctx, deps, () =>
      client.swaps.list({ page, page_size: SWAPS_PAGE_SIZE }),
    );
    if (waited.cancelled) return;
    const result = waited.value;
    const pages = Math.max(1, Math.ceil(result.count / SWAPS_PAGE_SIZE));
    let text: string;
    if (result.count === 0) text = ctx.t("swaps-none");
    else {
      const zone = userTimezone(ctx, deps);
      const lines = result.results.map((swap) => renderSwapLine(swap, ctx.t, locale, zone));
      text = [ctx.t("swaps-title", { page, pages, zone }), ...lines].join("\n");
    }
    if (page > 1) keyboard.text(ctx.t("swaps-newer"), `sws:${page - 1}`);
    if (result.next !== null) keyboard.text(ctx.t("swaps-older"), `sws:${page + 1}`);
    await showWhereAsked(ctx, text, edit, markup);
  } catch (error) {
    await showExchangeError(ctx, error, edit, markup);
  }
}

/** The trade commands, /swaps and its paging. */
export function swapFeature(deps: BotDeps): Composer<BotContext> {
  const composer = new BotComposer<BotContext>();
  const privateChats = composer.chatType("private");

  for (const kind of ["buy", "sell", "swap"] as const) {
    privateChats.command(kind, async (ctx) => {
      if (ctx.match.trim() === "") {
        await ctx.conversation.enter(TRADE_CONVERSATION, { kind } satisfies TradeArgs);
        return;
      }
      const parsed = parseTradeArgs(kind, await assetCodesIn(ctx, deps, ctx.match));
      if ("guided" in parsed) {
        await ctx.conversation.enter(TRADE_CONVERSATION, parsed.guided);
        return;
      }
      if ("error" in parsed) {
        const text =
          parsed.error === "usage"
            ? ctx.t(`trade-usage-${kind}`)
            : ctx.t("trade-bad-amount", { input: typedExcerpt(parsed.input) });
        await ctx.reply(text);
        return;
      }
      const waited = await waitForExchange(ctx, deps, () => quoteRequest(ctx, deps, parsed.request, kind));
      if (!waited.cancelled) await showQuote(ctx, deps, waited.value, false);
    });
  }

  privateChats.command("swaps", (ctx) => showSwapsPage(ctx, deps, 1, false));
  privateChats.callbackQuery(/^sws:(\d{1,4})$/, async (ctx) => {
    await ctx.answerCallbackQuery();
    await showSwapsPage(ctx, deps, Math.max(1, Number(ctx.match[1])), true);
  });

  return composer;
}

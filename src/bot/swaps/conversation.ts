/**
 * The guided trade: pick the asset(s), then the amount (typed, or 25 / 50 / 100 % of the balance), either
 * as "spend this much" or "receive this much"; then the quote is shown like the commands show it. An
 * amount the checks or the exchange refuse is explained and asked for again; only a cancel, a command,
 * or a problem no amount can fix (the key, the exchange) ends the flow.
 *
 * Replay rules: every exchange or Redis call runs in `conversation.external` and returns plain data; the
 * quote step runs wholly outside (with the outside context, which has the session) and only replies.
 */
import type { Conversation } from "@grammyjs/conversations";
import { InlineKeyboard } from "grammy";
import { formatDec, isPositiveDecimal, toDec } from "../../exchange/index.ts";
import { amountDecimals, parseAmount, shareOf } from "../../services/swaps/checks.ts";
import { FIAT, type TradeKind, type TradeRequest } from "../../services/swaps/quotes.ts";
import { readAmountAnswer } from "../../services/understanding/number-words.ts";
import type { BotContext, BotDeps, ConversationContext } from "../context.ts";
import { TOP_ASSETS } from "../flow-kit/asset-input.ts";
import { askAsset } from "../flow-kit/asset-question.ts";
import type { TradeArgs } from "../flow-kit/conversation-ids.ts";
import { describeExchangeError } from "../flow-kit/exchange-errors.ts";
import { waitForExchange } from "../flow-kit/exchange-wait.ts";
import { escapeHtml, typedExcerpt } from "../flow-kit/format/html.ts";
import { formatAmount } from "../flow-kit/format/numbers.ts";
import { nextInput } from "../flow-kit/prompt-input.ts";
import { quoteRequest, showQuote, tradeContext } from "./quotes.ts";

/**
 * What the steps need, loaded once (`balances`: the positive ones only); without a text when a /cancel
 * overtook the loading (then say nothing).
 */
type TradeData =
  | { ok: false; text?: string }
  | { ok: true; assets: string[]; holdings: string[]; balances: Record<string, string> };

const SHARES = [25, 50, 100] as const;
const MAX_PICKER = 15;
type Convo = Conversation<BotContext, ConversationContext>;

async function loadTradeData(ctx: BotContext, deps: BotDeps): Promise<TradeData> {
  try {
    const waited = await waitForExchange(ctx, deps, () => tradeContext(ctx, deps));
    if (waited.cancelled) return { ok: false };
    const context = waited.value;
    if ("problem" in context) return { ok: false, text: context.problem as string };
    const codes = [...context.known];
    // Popular assets first, then the rest alphabetically.
    const top = TOP_ASSETS.filter((c) => context.known.has(c));
    const assets = [...top, ...codes.filter((c) => !top.includes(c as (typeof TOP_ASSETS)[number])).sort()];
    // Only what is held: an asset left out reads as "0". (Every later step replays this from the
    // conversation's state, copied: a dozen zero balances would be stored, parsed and copied each time.)
    const held = Object.entries(context.balances).filter(([, amount]) => isPositiveDecimal(amount));
    const holdings = held
      .filter(([asset]) => asset !== FIAT && context.known.has(asset))
      .map(([asset]) => asset)
      .sort();
    return { ok: true, assets, holdings, balances: Object.fromEntries(held) };
  } catch (error) {
    const explained = describeExchangeError(error, ctx.t);
    if (explained === undefined) throw error;
    return { ok: false, text: explained };
  }
}

/** Tries an amount: undefined once its quote is shown, else why it was refused (to ask again). */
type TryAmount = (amount: Pick<TradeRequest, "amount" | "side">) => Promise<string | undefined>;

/**
 * Asks for the amount until one is quoted or the user cancels. Every refused answer (not a
 * number, too many decimals, under the minimum, over the balance) is explained and the same question
 * stays open, its buttons included.
 */
async function askAmount(
  conversation: Convo,
  ctx: ConversationContext,
  kind: TradeKind,
  src: string,
  dst: string,
  balance: string,
  locale: string,
  tryAmount: TryAmount,
): Promise<void> {
  let side: TradeRequest["side"] = "spend";
  const promptFor = (s: TradeRequest["side"]) => {
    const keyboard = new InlineKeyboard();
    if (s === "spend") {
      if (isPositiveDecimal(balance)) {
        for (const share of SHARES) keyboard.text(`${share}%`, `tr:p:${share}`);
      }
      keyboard.row().text(ctx.t("trade-button-receive", { kind, asset: dst }), "tr:r");
    } else {
      keyboard.row().text(ctx.t("trade-button-spend", { kind, asset: src }), "tr:s");
    }
    keyboard.row().text(ctx.t("button-cancel"), "tr:x");
    const text =
      s === "spend"
        ? ctx.t("trade-ask-spend", {
            kind,
            asset: escapeHtml(src),
            balance: formatAmount(src, balance, locale),
          })
        : ctx.t("trade-ask-receive", { kind, asset: escapeHtml(dst), src: escapeHtml(src) });
    return { text, keyboard };
  };
  let prompt = promptFor(side);
  const sent = await ctx.reply(prompt.text, { reply_markup: prompt.keyboard });
  for (;;) {
    const input = await nextInput(conversation, sent.message_id, "tr:");
    let amount: string | undefined;
    let chosen: string | undefined;
    if ("data" in input) {
      if (input.data === "tr:x") {
        await ctx.api.editMessageText(sent.chat.id, sent.message_id, ctx.t("cancelled"));
        return;
      }
      if (input.data === "tr:r" || input.data === "tr:s") {
        side = input.data === "tr:r" ? "receive" : "spend";
        prompt = promptFor(side);
        await ctx.api.editMessageText(sent.chat.id, sent.message_id, prompt.text, {
          reply_markup: prompt.keyboard,
        });
        continue;
      }
      const share = /^tr:p:(\d+)$/.exec(input.data)?.[1];
      if (share === undefined || side !== "spend") continue;
      amount = parseAmount(shareOf(balance, Number(share), src));
      chosen = `${share}%`;
    } else {
      // As written: "$500" at a sale counts the AUD received, "half" or 三分之一 a share of the balance.
      const typed = readAmountAnswer(input.text);
      if (typed === undefined) {
        await ctx.reply(ctx.t("trade-bad-amount", { input: typedExcerpt(input.text) }));
        continue;
      }
      if ("share" in typed) {
        side = "spend";
        amount = parseAmount(formatDec(toDec(balance).times(typed.share), amountDecimals(src)));
        chosen = `${formatDec(toDec(typed.share).times(100), 2)}%`;
      } else {
        if (typed.fiat && src !== FIAT) {
          if (dst !== FIAT) {
            await ctx.reply(ctx.t("trade-fiat-in-swap", { src: escapeHtml(src), dst: escapeHtml(dst) }));
            continue;
          }
          side = "receive";
        } else if (typed.fiat) side = "spend";
        amount = parseAmount(typed.value);
      }
    }
    // A share that rounds to nothing is refused like any other amount under the minimum.
    const problem = await tryAmount({ amount: amount ?? "0", side });
    if (problem !== undefined) {
      await ctx.reply(problem);
      continue;
    }
    if (chosen !== undefined) {
      await ctx.api.editMessageText(sent.chat.id, sent.message_id, `${prompt.text}\n<b>${chosen}</b>`);
    }
    return;
  }
}

/** Builds the conversation function over the bot's dependencies. */
export function tradeConversation(deps: BotDeps) {
  return async function trade(conversation: Convo, ctx: ConversationContext, args: TradeArgs): Promise<void> {
    const data = await conversation.external((outside) => loadTradeData(outside, deps));
    if (!data.ok) {
      if (data.text !== undefined) await ctx.reply(data.text);
      return;
    }
    const locale = await ctx.i18n.getLocale();
    // Every asset question of a trade: its buttons, refusal and cancel.
    const question = {
      prefix: "tr:",
      columns: 3,
      pickAgain: ctx.t("trade-pick-again"),
      cancelled: ctx.t("cancelled"),
    };
    let src = args.kind === "buy" ? FIAT : args.src;
    let dst = args.kind === "sell" ? FIAT : args.dst;
    if (src === undefined) {
      if (data.holdings.length === 0) {
        await ctx.reply(ctx.t("trade-nothing-to-sell"));
        return;
      }
      src = await askAsset(conversation, ctx, deps, {
        ...question,
        text: ctx.t(args.kind === "sell" ? "trade-pick-sell" : "trade-pick-from"),
        among: data.holdings,
        shown: data.holdings.slice(0, MAX_PICKER),
        notAmong: (code) => ctx.t("trade-not-held", { kind: args.kind, asset: escapeHtml(code) }),
      });
      if (src === undefined) return;
    }
    if (dst === undefined) {
      const prompt =
        args.kind === "buy" ? ctx.t("trade-pick-buy") : ctx.t("trade-pick-to", { src: escapeHtml(src) });
      const among = data.assets.filter((a) => a !== src);
      dst = await askAsset(conversation, ctx, deps, {
        ...question,
        text: prompt,
        among,
        shown: among.slice(0, MAX_PICKER),
        notAmong: (code) =>
          ctx.t(code === src ? "trade-same-asset" : "asset-no-price", { asset: escapeHtml(code) }),
      });
      if (dst === undefined) return;
    }
    const [from, to] = [src, dst];
    // Checked and priced outside with fresh balances and prices; only a refused amount comes back.
    const tryAmount: TryAmount = (amount) =>
      conversation.external(async (outside) => {
        const waited = await waitForExchange(outside, deps, () =>
          quoteRequest(outside, deps, { src: from, dst: to, ...amount }, args.kind, data.balances),
        );
        // Overtaken by /cancel: the update says nothing more.
        if (waited.cancelled) return undefined;
        if (waited.value.amountProblem) return waited.value.text;
        await showQuote(outside, deps, waited.value, false);
        return undefined;
      });
    await askAmount(conversation, ctx, args.kind, src, dst, data.balances[src] ?? "0", locale, tryAmount);
  };
}

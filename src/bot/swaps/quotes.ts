/**
 * Swap quotes as chat messages: checking and pricing a request, the quote's single-use token and its
 * Confirm / Change amount / Cancel buttons. Shared by the trade commands and the guided conversation.
 */
import { InlineKeyboard } from "grammy";
import { type ExchangeClient, ExchangeValidationError } from "../../exchange/index.ts";
import { checkBalance, checkRequest, type TradeProblem } from "../../services/swaps/checks.ts";
import {
  exceedsBalance,
  type Quote,
  requestQuote,
  type TradeKind,
  type TradeRequest,
} from "../../services/swaps/quotes.ts";
import type { BotContext, BotDeps } from "../context.ts";
import type { ActionPayload } from "../flow-kit/actions.ts";
import { describeExchangeError } from "../flow-kit/exchange-errors.ts";
import { interactiveCall } from "../flow-kit/exchange-wait.ts";
import { escapeHtml, typedExcerpt } from "../flow-kit/format/html.ts";
import { formatAmount, formatAud } from "../flow-kit/format/numbers.ts";
import { recordShown } from "../flow-kit/live-confirmations.ts";
import { renderQuote } from "./format.ts";

// Long enough that a late Confirm re-quotes instead of saying "expired"; the quote itself holds quoteTtlMs.
const QUOTE_TOKEN_TTL_S = 15 * 60;

/** The payload of a quote's token. */
export interface SwapPayload extends ActionPayload {
  action: "swap";
  quote: Quote;
}

/** Words a trade problem for the user. */
export function describeTradeProblem(problem: TradeProblem, t: BotContext["t"], locale: string): string {
  switch (problem.code) {
    case "unknown_asset":
      return t("trade-unknown-asset", { asset: typedExcerpt(problem.asset, 12) });
    case "same_asset":
      return t("trade-same-asset", { asset: escapeHtml(problem.asset) });
    case "need_crypto":
      return t("asset-need-crypto");
    case "too_precise":
      return t("trade-too-precise", { asset: escapeHtml(problem.asset), decimals: problem.decimals });
    case "below_minimum":
      return t("trade-below-minimum", { minimum: formatAud(problem.minimum, locale) });
    case "over_balance":
      return t("trade-over-balance", {
        amount: formatAmount(problem.asset, problem.amount, locale),
        balance: formatAmount(problem.asset, problem.balance, locale),
      });
  }
}

/**
 * What a quote attempt came to: a message to show, with the quote's token when there is one.
 * `amountProblem` marks a refusal of the amount (precision, minimum, balance, the exchange's field
 * errors), which a guided flow answers by asking for the amount again.
 */
export type QuoteOutcome = { text: string; token?: string; amountProblem?: boolean };

// Problems a different amount can fix; the others (assets, key, exchange down) end the attempt.
const AMOUNT_PROBLEMS: ReadonlySet<TradeProblem["code"]> = new Set([
  "too_precise",
  "below_minimum",
  "over_balance",
]);

function quoteKeyboard(ctx: BotContext, token: string): InlineKeyboard {
  return new InlineKeyboard()
    .text(ctx.t("button-confirm"), `t:${token}:c`)
    .text(ctx.t("button-change-amount"), `t:${token}:a`)
    .row()
    .text(ctx.t("button-cancel"), `t:${token}:x`);
}

/**
 * Shows a quote outcome as a new message, or in place of the pressed one; where a quote with live buttons
 * is shown is recorded, so voiding it edits the message.
 */
export async function showQuote(
  ctx: BotContext,
  deps: BotDeps,
  outcome: QuoteOutcome,
  edit: boolean,
): Promise<void> {
  const { token } = outcome;
  const markup = token ? { reply_markup: quoteKeyboard(ctx, token) } : {};
  let messageId: number | undefined;
  if (edit) {
    await ctx.editMessageText(outcome.text, markup);
    messageId = ctx.callbackQuery?.message?.message_id;
  } else messageId = (await ctx.reply(outcome.text, markup)).message_id;
  if (token) await recordShown(ctx, deps, token, messageId);
}

/** Issues the token of a quote and renders it. */
export async function quoteOutcome(
  ctx: BotContext,
  deps: BotDeps,
  quote: Quote,
  note?: string,
): Promise<QuoteOutcome> {
  const payload: SwapPayload = { action: "swap", quote };
  const token = await deps.tokens.issue(
    ctx.from?.id as number,
    payload,
    QUOTE_TOKEN_TTL_S,
    "quote-cancelled",
  );
  return { text: renderQuote(quote, ctx.t, await ctx.i18n.getLocale(), note), token };
}

/** The user's client for a trade, or the message that says why there is none (not connected, read-only). */
async function tradeClient(
  ctx: BotContext,
  deps: BotDeps,
): Promise<{ problem: string } | { client: ExchangeClient }> {
  const userId = ctx.from?.id as number;
  // Both from Redis, asked together: one round trip (the permission is only read, never acted on, when
  // there is no client).
  const [client, permission] = await Promise.all([
    deps.accounts.clientFor(userId, interactiveCall(ctx, deps)),
    deps.accounts.permission(userId),
  ]);
  if (!client) return { problem: ctx.t("connect-needed") };
  if (permission === "read_only") return { problem: ctx.t("trade-read-only") };
  return { client };
}

/** Everything needed before estimating: the user's client, known assets and balances. */
export async function tradeContext(ctx: BotContext, deps: BotDeps) {
  const access = await tradeClient(ctx, deps);
  if ("problem" in access) return { problem: access.problem } as const;
  const [ticker, balances] = await Promise.all([deps.market.ticker(), access.client.balances.all()]);
  return { client: access.client, ticker, known: new Set(Object.keys(ticker)), balances } as const;
}

/**
 * Checks a request and prices it: the outcome is the quote with its token, or the reason it cannot be
 * quoted. Exchange failures are explained, never thrown. `earlierBalances`, read earlier in the same flow,
 * only decides whether the estimate may be asked for beside the fresh balances (see below); the checks
 * use the fresh ones.
 */
export async function quoteRequest(
  ctx: BotContext,
  deps: BotDeps,
  request: TradeRequest,
  kind: TradeKind,
  earlierBalances?: Readonly<Record<string, string>>,
): Promise<QuoteOutcome> {
  const locale = await ctx.i18n.getLocale();
  const problemOutcome = (problem: TradeProblem): QuoteOutcome => ({
    text: describeTradeProblem(problem, ctx.t, locale),
    amountProblem: AMOUNT_PROBLEMS.has(problem.code),
  });
  try {
    const access = await tradeClient(ctx, deps);
    if ("problem" in access) return { text: access.problem };
    const { client } = access;
    // Each of these is awaited below unless an earlier step ends the attempt: then its end is moot.
    const fresh = client.balances.all();
    fresh.catch(() => undefined);
    const problem = checkRequest(request, kind, await deps.market.ticker());
    if (problem) return problemOutcome(problem);
    const estimate = () => requestQuote(client, request, deps.now(), deps.quoteTtlMs);
    // When the flow's earlier balance covers the amount, the estimate is asked for at once, beside the
    // fresh balances: one wait on the exchange instead of two. Otherwise only once the fresh balance
    // covers it, so an amount refused for the balance costs no estimate (an estimate is a write).
    const early =
      earlierBalances !== undefined && checkBalance(request, earlierBalances) === undefined
        ? estimate()
        : undefined;
    early?.catch(() => undefined);
    const balances = await fresh;
    const short = checkBalance(request, balances);
    if (short) return problemOutcome(short);
    const quote = await (early ?? estimate());
    const balance = balances[request.src] ?? "0";
    if (exceedsBalance(quote, balance)) {
      return problemOutcome({
        code: "over_balance",
        asset: request.src,
        amount: quote.estimate.est_sell_amount,
        balance,
      });
    }
    return await quoteOutcome(ctx, deps, quote);
  } catch (error) {
    const explained = describeExchangeError(error, ctx.t);
    if (explained === undefined) throw error;
    // An estimate moves nothing, so a refused one is only a refused amount (the assets were checked).
    return { text: explained, amountProblem: error instanceof ExchangeValidationError };
  }
}

/**
 * Market alerts in the chat: the summary with its single-use Confirm (create, edit, delete), the write
 * on Confirm, the card and its buttons (`amc:<verb>:<id>`, handled in feature.ts), pause and resume. They
 * are watched by the bot from the shared ticker: no API key and no private read is needed, and nothing
 * is saved before Confirm. Every refusal (a figure out of range, an unknown asset, the per-user limit, a
 * duplicate) is said before the Confirm is offered, and again if it happens at Confirm (another chat).
 */
import { InlineKeyboard } from "grammy";
import type { Ticker } from "../../../exchange/index.ts";
import type { MarketAlertSpec } from "../../../services/alerts/market/kinds.ts";
import { readMarketSnapshot } from "../../../services/alerts/market/snapshot.ts";
import { MARKET_ALERTS_PER_USER, type StoredMarketAlert } from "../../../services/alerts/market/store.ts";
import { midPrice } from "../../../services/market/price-history.ts";
import { type BotContext, type BotDeps, userTimezone } from "../../context.ts";
import type { ActionPayload } from "../../flow-kit/actions.ts";
import { confirmKeyboard } from "../../flow-kit/confirm-write.ts";
import { showWhereAsked } from "../../flow-kit/exchange-errors.ts";
import { escapeHtml } from "../../flow-kit/format/html.ts";
import { formatPrice } from "../../flow-kit/format/numbers.ts";
import { formatDateTime } from "../../flow-kit/format/time.ts";
import { recordShown } from "../../flow-kit/live-confirmations.ts";
import { describeMarketSpec, renderMarketCard } from "./describe.ts";

// As long as the triggers' summaries: time to read and decide.
const CONFIRM_TTL_S = 15 * 60;
const VOIDED_KEY = "alerts-confirm-cancelled";

/** Token payload: save a new market alert. */
export interface MarketCreatePayload extends ActionPayload {
  action: "market-create";
  spec: MarketAlertSpec;
}
/** Token payload: replace a market alert's spec (an edit). */
export interface MarketReplacePayload extends ActionPayload {
  action: "market-replace";
  id: string;
  spec: MarketAlertSpec;
}
/** Token payload: delete a market alert. */
export interface MarketDeletePayload extends ActionPayload {
  action: "market-delete";
  id: string;
}
/** Any market alert write waiting for its Confirm. */
export type MarketPayload = MarketCreatePayload | MarketReplacePayload | MarketDeletePayload;

/** What a card button does. */
export type MarketCardVerb = "card" | "pause" | "resume" | "edit" | "del";
/** Matches the card buttons: verb and alert id. */
export const MARKET_CARD_PATTERN = /^amc:(card|pause|resume|edit|del):([\w-]{1,48})$/;

/** The callback data of a card button. */
export function marketCardData(verb: MarketCardVerb, id: string): string {
  return `amc:${verb}:${id}`;
}

/** The ticker's mid of an asset as a decimal string (as the evaluator reads it), or undefined without a price. */
export function tickerMid(ticker: Ticker, asset: string): string | undefined {
  return midPrice(ticker[asset])?.toFixed();
}

const sameSpec = (a: MarketAlertSpec, b: MarketAlertSpec) => JSON.stringify(a) === JSON.stringify(b);

/**
 * When an RSI alert on `asset` can first fire, from the bot's own history read as the evaluator reads it;
 * undefined when it can now (or the history cannot be read: the summary then says nothing rather than
 * guess).
 */
async function rsiActiveFrom(deps: BotDeps, asset: string, price: string): Promise<number | undefined> {
  const now = deps.now();
  const snapshot = await readMarketSnapshot(deps.priceHistory, asset, Number(price), now).catch(() => null);
  const from = snapshot?.rsiActiveFrom ?? null;
  return from !== null && from > now ? from : undefined;
}

/** A summary to show: its text, and the token of its Confirm when every check passed. */
export interface MarketSummary {
  text: string;
  token?: string;
}

/**
 * Checks a spec against the ticker and the user's alerts (limit, duplicate) and, when it passes, issues
 * its Confirm. `replacing`: the id of the alert an edit changes. Nothing is saved here.
 */
export async function marketSummary(
  ctx: BotContext,
  deps: BotDeps,
  spec: MarketAlertSpec,
  replacing?: string,
): Promise<MarketSummary> {
  const userId = ctx.from?.id as number;
  const ticker = await deps.market.ticker();
  const price = tickerMid(ticker, spec.asset);
  if (price === undefined) return { text: ctx.t("alerts-unknown-asset", { asset: escapeHtml(spec.asset) }) };
  const alerts = await deps.marketAlerts.list(userId);
  const others = alerts.filter((alert) => alert.id !== replacing);
  if (replacing !== undefined && others.length === alerts.length) return { text: ctx.t("market-gone") };
  if (others.some((alert) => sameSpec(alert.spec, spec))) return { text: ctx.t("market-refused-duplicate") };
  if (replacing === undefined && alerts.length >= MARKET_ALERTS_PER_USER)
    return { text: ctx.t("market-refused-limit", { limit: MARKET_ALERTS_PER_USER }) };
  const locale = await ctx.i18n.getLocale();
  const lines = [
    ctx.t(replacing === undefined ? "market-summary-title" : "market-summary-edit-title", {
      asset: escapeHtml(spec.asset),
    }),
    ctx.t("market-card-what", { asset: escapeHtml(spec.asset), what: describeMarketSpec(spec, ctx.t) }),
    ctx.t("market-summary-now", { price: formatPrice(price, locale) }),
  ];
  if (spec.kind === "rsi") {
    const from = await rsiActiveFrom(deps, spec.asset, price);
    if (from !== undefined) {
      const zone = userTimezone(ctx, deps);
      lines.push(ctx.t("market-rsi-from", { when: formatDateTime(new Date(from), zone, locale), zone }));
    }
  }
  lines.push("", ctx.t("market-watched-by-bot"));
  const payload: MarketPayload =
    replacing === undefined
      ? { action: "market-create", spec }
      : { action: "market-replace", id: replacing, spec };
  const token = await deps.tokens.issue(userId, payload, CONFIRM_TTL_S, VOIDED_KEY);
  return { text: lines.join("\n"), token };
}

/** Shows a summary as a new message, with Confirm / Cancel when it has a token. */
export async function showMarketSummary(
  ctx: BotContext,
  deps: BotDeps,
  summary: MarketSummary,
): Promise<void> {
  const markup = summary.token ? { reply_markup: confirmKeyboard(ctx, summary.token) } : {};
  const sent = await ctx.reply(summary.text, markup);
  if (summary.token) await recordShown(ctx, deps, summary.token, sent.message_id);
}

/** The card's buttons: pause or resume, edit, delete, the list, refresh. */
export function marketCardKeyboard(ctx: BotContext, alert: StoredMarketAlert): InlineKeyboard {
  return new InlineKeyboard()
    .text(
      ctx.t(alert.paused ? "market-button-resume" : "alerts-button-pause"),
      marketCardData(alert.paused ? "resume" : "pause", alert.id),
    )
    .text(ctx.t("market-button-edit"), marketCardData("edit", alert.id))
    .row()
    .text(ctx.t("alerts-button-delete"), marketCardData("del", alert.id))
    .text(ctx.t("alerts-button-list"), "als:1")
    .text(ctx.t("button-refresh"), marketCardData("card", alert.id));
}

/** Shows an alert's card (in place when `edit`). */
export async function showMarketCard(
  ctx: BotContext,
  deps: BotDeps,
  alert: StoredMarketAlert,
  edit: boolean,
  head?: string,
): Promise<void> {
  const locale = await ctx.i18n.getLocale();
  const card = renderMarketCard(alert, ctx.t, locale, userTimezone(ctx, deps));
  const text = head === undefined ? card : `${head}\n\n${card}`;
  await showWhereAsked(ctx, text, edit, { reply_markup: marketCardKeyboard(ctx, alert) });
}

/** Asks to confirm a delete, in place of the card. */
export async function askMarketDelete(
  ctx: BotContext,
  deps: BotDeps,
  alert: StoredMarketAlert,
): Promise<void> {
  const payload: MarketDeletePayload = { action: "market-delete", id: alert.id };
  const token = await deps.tokens.issue(ctx.from?.id as number, payload, CONFIRM_TTL_S, VOIDED_KEY);
  const question = ctx.t("market-confirm-delete", {
    asset: escapeHtml(alert.spec.asset),
    what: describeMarketSpec(alert.spec, ctx.t),
  });
  await ctx.editMessageText(question, {
    reply_markup: confirmKeyboard(ctx, token, "alerts-button-delete-yes"),
  });
  await recordShown(ctx, deps, token, ctx.callbackQuery?.message?.message_id);
}

const toList = (ctx: BotContext) => ({
  reply_markup: new InlineKeyboard().text(ctx.t("alerts-button-list"), "als:1"),
});

/** Runs a pressed Confirm or Cancel of a market alert write (its token already consumed). */
export async function onMarketChoice(
  ctx: BotContext,
  deps: BotDeps,
  payload: MarketPayload,
  verb: string | undefined,
): Promise<void> {
  await ctx.answerCallbackQuery();
  if (verb === "x") {
    await ctx.editMessageText(ctx.t("cancelled"));
    return;
  }
  if (verb !== "c") return;
  const userId = ctx.from?.id as number;
  const store = deps.marketAlerts;
  if (payload.action === "market-delete") {
    const removed = await store.remove(userId, payload.id);
    await ctx.editMessageText(ctx.t(removed ? "market-deleted" : "market-gone"), toList(ctx));
    return;
  }
  // The alert starts from the price now (a moving alarm's anchor).
  const price = tickerMid(await deps.market.ticker(), payload.spec.asset);
  if (price === undefined) {
    await ctx.editMessageText(ctx.t("alerts-unknown-asset", { asset: escapeHtml(payload.spec.asset) }));
    return;
  }
  const at = deps.now();
  if (payload.action === "market-replace") {
    const changed = await store.replace(userId, payload.id, payload.spec, price, at);
    if (changed === undefined) await ctx.editMessageText(ctx.t("market-gone"), toList(ctx));
    else await showMarketCard(ctx, deps, changed, true, ctx.t("market-changed"));
    return;
  }
  const created = await store.create(userId, payload.spec, price, at);
  if ("refused" in created) {
    const text =
      created.refused === "limit"
        ? ctx.t("market-refused-limit", { limit: MARKET_ALERTS_PER_USER })
        : ctx.t("market-refused-duplicate");
    await ctx.editMessageText(text, toList(ctx));
    return;
  }
  await showMarketCard(ctx, deps, created.alert, true, ctx.t("market-created"));
}

/** Pauses or resumes at once (nothing is lost, one tap undoes it) and shows the card as it now is. */
export async function setMarketPaused(
  ctx: BotContext,
  deps: BotDeps,
  id: string,
  paused: boolean,
): Promise<void> {
  const alert = await deps.marketAlerts.setPaused(ctx.from?.id as number, id, paused);
  if (alert === undefined) await ctx.editMessageText(ctx.t("market-gone"), toList(ctx));
  else await showMarketCard(ctx, deps, alert, true);
}

/** Opens an alert's card in place; a deleted one says so. */
export async function openMarketCard(
  ctx: BotContext,
  deps: BotDeps,
  id: string,
): Promise<StoredMarketAlert | undefined> {
  const alert = await deps.marketAlerts.get(ctx.from?.id as number, id);
  if (alert === undefined) await ctx.editMessageText(ctx.t("market-gone"), toList(ctx));
  return alert;
}

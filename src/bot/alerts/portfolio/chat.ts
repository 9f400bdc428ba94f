/**
 * Portfolio alerts in the chat: the summary with its single-use Confirm (create, edit, delete), the write on
 * Confirm, the card and its buttons (`apc:<verb>:<id>`, handled in feature.ts), pause and resume. They read
 * the user's account, so they need a connected key (any key: a read), and they can be watched only when
 * the heartbeat leaves room in the private-read budget (`portfolioReadEvery`). Nothing is saved before
 * Confirm; every refusal (no key, the heartbeat, the limit, a duplicate) is said before the Confirm is
 * offered, and the limit and a duplicate again if they happen at Confirm (another chat). The summary shows
 * the figure now, read as the watcher reads it, and warns when the alert would start past its threshold or
 * watches an asset not held (it then stays quiet).
 */
import { InlineKeyboard } from "grammy";
import { type ExchangeClient, MAX_PAGE_SIZE } from "../../../exchange/index.ts";
import {
  type PortfolioAlertSpec,
  portfolioAlertsWatched,
  portfolioReadEvery,
  readsCash,
} from "../../../services/alerts/portfolio/kinds.ts";
import {
  type PortfolioFigures,
  pastThreshold,
  portfolioFigures,
} from "../../../services/alerts/portfolio/rules.ts";
import {
  PORTFOLIO_ALERTS_PER_USER,
  type StoredPortfolioAlert,
} from "../../../services/alerts/portfolio/store.ts";
import { type BotContext, type BotDeps, userTimezone } from "../../context.ts";
import type { ActionPayload } from "../../flow-kit/actions.ts";
import { confirmKeyboard } from "../../flow-kit/confirm-write.ts";
import { describeExchangeError, showWhereAsked } from "../../flow-kit/exchange-errors.ts";
import { interactiveCall, waitForExchange } from "../../flow-kit/exchange-wait.ts";
import { escapeHtml } from "../../flow-kit/format/html.ts";
import { formatAud, formatPercent } from "../../flow-kit/format/numbers.ts";
import { recordShown } from "../../flow-kit/live-confirmations.ts";
import { showMarketSummary } from "../market/chat.ts";
import { describeEvery, describePortfolioSpec, renderPortfolioCard } from "./describe.ts";

// As the other alerts' summaries: time to read and decide.
const CONFIRM_TTL_S = 15 * 60;
const VOIDED_KEY = "alerts-confirm-cancelled";

/** Token payload: save a new portfolio alert. */
export interface PortfolioCreatePayload extends ActionPayload {
  action: "portfolio-create";
  spec: PortfolioAlertSpec;
}
/** Token payload: replace a portfolio alert's spec (an edit). */
export interface PortfolioReplacePayload extends ActionPayload {
  action: "portfolio-replace";
  id: string;
  spec: PortfolioAlertSpec;
}
/** Token payload: delete a portfolio alert. */
export interface PortfolioDeletePayload extends ActionPayload {
  action: "portfolio-delete";
  id: string;
}
/** Any portfolio alert write waiting for its Confirm. */
export type PortfolioPayload = PortfolioCreatePayload | PortfolioReplacePayload | PortfolioDeletePayload;

/** What a card button does. */
export type PortfolioCardVerb = "card" | "pause" | "resume" | "edit" | "del";
/** Matches the card buttons: verb and alert id. */
export const PORTFOLIO_CARD_PATTERN = /^apc:(card|pause|resume|edit|del):([\w-]{1,48})$/;

/** The callback data of a card button. */
export function portfolioCardData(verb: PortfolioCardVerb, id: string): string {
  return `apc:${verb}:${id}`;
}

/**
 * How often (seconds) a user's portfolio is read with `specs` among their alerts: every k beats, k from
 * portfolioReadEvery with 2 reads a reading when an alert needs the AUD balance too; null when the
 * heartbeat leaves no room (portfolio alerts cannot be watched).
 */
export function portfolioEverySeconds(deps: BotDeps, specs: readonly PortfolioAlertSpec[]): number | null {
  const reads = specs.some(readsCash) ? 2 : 1;
  const k = portfolioReadEvery(deps.alertPollSeconds, reads);
  return k === null ? null : k * deps.alertPollSeconds;
}

/** The figures now, read as the watcher reads them (the AUD balance only when the figure needs it). */
async function figuresNow(client: ExchangeClient, spec: PortfolioAlertSpec): Promise<PortfolioFigures> {
  const [results, balances] = await Promise.all([
    client.portfolio.all({ overall: true, page_size: MAX_PAGE_SIZE }),
    readsCash(spec) ? client.balances.all() : Promise.resolve(undefined),
  ]);
  return portfolioFigures(results, balances === undefined ? null : (balances.AUD ?? "0"));
}

/** The summary's lines about now: the figure, and a warning when past already or not held. */
function nowLines(ctx: BotContext, spec: PortfolioAlertSpec, figures: PortfolioFigures, locale: string) {
  if (spec.kind === "asset_return" && !(spec.asset in figures.assets))
    return [ctx.t("alerts-portfolio-chat-not-held", { asset: escapeHtml(spec.asset) })];
  const figure =
    spec.kind === "portfolio_value"
      ? figures.total
      : spec.kind === "portfolio_day"
        ? figures.dayPercent
        : (figures.assets[spec.asset] ?? null);
  if (figure === null) return [ctx.t("alerts-portfolio-chat-now-unknown")];
  const line =
    spec.kind === "portfolio_value"
      ? ctx.t("alerts-portfolio-chat-now-value", { total: formatAud(figure, locale) })
      : spec.kind === "portfolio_day"
        ? ctx.t("alerts-portfolio-chat-now-day", { percent: formatPercent(figure, locale) })
        : ctx.t("alerts-portfolio-chat-now-asset", {
            asset: escapeHtml(spec.asset),
            percent: formatPercent(figure, locale),
          });
  return pastThreshold(spec, figure) ? [line, ctx.t("alerts-portfolio-chat-past-now")] : [line];
}

/** A summary to show: its text, and the token of its Confirm when every check passed. */
export interface PortfolioSummary {
  text: string;
  token?: string;
}

const sameSpec = (a: PortfolioAlertSpec, b: PortfolioAlertSpec) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Checks a spec against the heartbeat, the key and the user's alerts (limit, duplicate), reads the figure
 * now and, when every check passes, issues its Confirm. `replacing`: the id of the alert an edit changes.
 * Nothing is saved here; an exchange failure is thrown for the caller to explain.
 */
export async function portfolioSummary(
  ctx: BotContext,
  deps: BotDeps,
  spec: PortfolioAlertSpec,
  replacing?: string,
): Promise<PortfolioSummary> {
  if (!portfolioAlertsWatched(deps.alertPollSeconds))
    return { text: ctx.t("alerts-portfolio-chat-refused-heartbeat", { seconds: deps.alertPollSeconds }) };
  const userId = ctx.from?.id as number;
  const client = await deps.accounts.clientFor(userId, interactiveCall(ctx, deps));
  if (!client) return { text: ctx.t("connect-needed") };
  const alerts = await deps.portfolioAlerts.list(userId);
  const others = alerts.filter((alert) => alert.id !== replacing);
  if (replacing !== undefined && others.length === alerts.length) return { text: ctx.t("market-gone") };
  if (others.some((alert) => sameSpec(alert.spec, spec))) return { text: ctx.t("market-refused-duplicate") };
  if (replacing === undefined && alerts.length >= PORTFOLIO_ALERTS_PER_USER)
    return { text: ctx.t("alerts-portfolio-chat-refused-limit", { limit: PORTFOLIO_ALERTS_PER_USER }) };
  const figures = await figuresNow(client, spec);
  const locale = await ctx.i18n.getLocale();
  const every = portfolioEverySeconds(deps, [...others.map((alert) => alert.spec), spec]) as number;
  const lines = [
    ctx.t(
      replacing === undefined
        ? "alerts-portfolio-chat-summary-title"
        : "alerts-portfolio-chat-summary-edit-title",
    ),
    ctx.t("alerts-portfolio-chat-card-what", { what: describePortfolioSpec(spec, ctx.t, locale) }),
    ...nowLines(ctx, spec, figures, locale),
    "",
    ctx.t("alerts-portfolio-chat-checked", { every: describeEvery(every, ctx.t) }),
  ];
  const payload: PortfolioPayload =
    replacing === undefined
      ? { action: "portfolio-create", spec }
      : { action: "portfolio-replace", id: replacing, spec };
  const token = await deps.tokens.issue(userId, payload, CONFIRM_TTL_S, VOIDED_KEY);
  return { text: lines.join("\n"), token };
}

/** Checks a spec and shows its summary with Confirm (`replacing`: an edit); a failed read is explained. */
export async function summarizePortfolio(
  ctx: BotContext,
  deps: BotDeps,
  spec: PortfolioAlertSpec,
  replacing?: string,
): Promise<void> {
  try {
    const waited = await waitForExchange(ctx, deps, () => portfolioSummary(ctx, deps, spec, replacing));
    if (!waited.cancelled) await showMarketSummary(ctx, deps, waited.value);
  } catch (error) {
    const explained = describeExchangeError(error, ctx.t);
    if (explained === undefined) throw error;
    await ctx.reply(explained);
  }
}

/** The card's buttons: pause or resume, edit, delete, the list, refresh. */
function portfolioCardKeyboard(ctx: BotContext, alert: StoredPortfolioAlert): InlineKeyboard {
  return new InlineKeyboard()
    .text(
      ctx.t(alert.paused ? "market-button-resume" : "alerts-button-pause"),
      portfolioCardData(alert.paused ? "resume" : "pause", alert.id),
    )
    .text(ctx.t("market-button-edit"), portfolioCardData("edit", alert.id))
    .row()
    .text(ctx.t("alerts-button-delete"), portfolioCardData("del", alert.id))
    .text(ctx.t("alerts-button-list"), "als:1")
    .text(ctx.t("button-refresh"), portfolioCardData("card", alert.id));
}

/** Shows an alert's card (in place when `edit`). */
export async function showPortfolioCard(
  ctx: BotContext,
  deps: BotDeps,
  alert: StoredPortfolioAlert,
  edit: boolean,
  head?: string,
): Promise<void> {
  const locale = await ctx.i18n.getLocale();
  const all = await deps.portfolioAlerts.list(alert.userId).catch(() => [alert]);
  const every = portfolioEverySeconds(
    deps,
    all.map((a) => a.spec),
  );
  const card = renderPortfolioCard(alert, ctx.t, locale, userTimezone(ctx, deps), every);
  const text = head === undefined ? card : `${head}\n\n${card}`;
  await showWhereAsked(ctx, text, edit, { reply_markup: portfolioCardKeyboard(ctx, alert) });
}

/** Asks to confirm a delete, in place of the card. */
export async function askPortfolioDelete(
  ctx: BotContext,
  deps: BotDeps,
  alert: StoredPortfolioAlert,
): Promise<void> {
  const payload: PortfolioDeletePayload = { action: "portfolio-delete", id: alert.id };
  const token = await deps.tokens.issue(ctx.from?.id as number, payload, CONFIRM_TTL_S, VOIDED_KEY);
  const question = ctx.t("alerts-portfolio-chat-confirm-delete", {
    what: describePortfolioSpec(alert.spec, ctx.t, await ctx.i18n.getLocale()),
  });
  await ctx.editMessageText(question, {
    reply_markup: confirmKeyboard(ctx, token, "alerts-button-delete-yes"),
  });
  await recordShown(ctx, deps, token, ctx.callbackQuery?.message?.message_id);
}

const toList = (ctx: BotContext) => ({
  reply_markup: new InlineKeyboard().text(ctx.t("alerts-button-list"), "als:1"),
});

/** Runs a pressed Confirm or Cancel of a portfolio alert write (its token already consumed). */
export async function onPortfolioChoice(
  ctx: BotContext,
  deps: BotDeps,
  payload: PortfolioPayload,
  verb: string | undefined,
): Promise<void> {
  await ctx.answerCallbackQuery();
  if (verb === "x") {
    await ctx.editMessageText(ctx.t("cancelled"));
    return;
  }
  if (verb !== "c") return;
  const userId = ctx.from?.id as number;
  const store = deps.portfolioAlerts;
  if (payload.action === "portfolio-delete") {
    const removed = await store.remove(userId, payload.id);
    await ctx.editMessageText(ctx.t(removed ? "market-deleted" : "market-gone"), toList(ctx));
    return;
  }
  if (payload.action === "portfolio-replace") {
    const changed = await store.replace(userId, payload.id, payload.spec);
    if (changed === undefined) await ctx.editMessageText(ctx.t("market-gone"), toList(ctx));
    else await showPortfolioCard(ctx, deps, changed, true, ctx.t("market-changed"));
    return;
  }
  const created = await store.create(userId, payload.spec, deps.now());
  if ("refused" in created) {
    const text =
      created.refused === "limit"
        ? ctx.t("alerts-portfolio-chat-refused-limit", { limit: PORTFOLIO_ALERTS_PER_USER })
        : ctx.t("market-refused-duplicate");
    await ctx.editMessageText(text, toList(ctx));
    return;
  }
  await showPortfolioCard(ctx, deps, created.alert, true, ctx.t("market-created"));
}

/** Pauses or resumes at once (nothing is lost, one tap undoes it) and shows the card as it now is. */
export async function setPortfolioPaused(
  ctx: BotContext,
  deps: BotDeps,
  id: string,
  paused: boolean,
): Promise<void> {
  const alert = await deps.portfolioAlerts.setPaused(ctx.from?.id as number, id, paused);
  if (alert === undefined) await ctx.editMessageText(ctx.t("market-gone"), toList(ctx));
  else await showPortfolioCard(ctx, deps, alert, true);
}

/** Opens an alert's card in place; a deleted one says so. */
export async function openPortfolioCard(
  ctx: BotContext,
  deps: BotDeps,
  id: string,
): Promise<StoredPortfolioAlert | undefined> {
  const alert = await deps.portfolioAlerts.get(ctx.from?.id as number, id);
  if (alert === undefined) await ctx.editMessageText(ctx.t("market-gone"), toList(ctx));
  return alert;
}

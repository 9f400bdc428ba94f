/**
 * Writes to price triggers behind a single-use, owner-bound Confirm (src/bot/flow-kit/actions.ts): the
 * summary of a new trigger, a changed level or quantity, and a delete. The checks of
 * services/alerts/triggers/checks.ts run before the summary is shown, so a refused input never reaches the exchange; a
 * write whose answer was lost is told as possibly done (src/exchange/write-outcome.ts), never as "nothing
 * changed".
 */
import { InlineKeyboard } from "grammy";
import { type ExchangeClient, type PriceTrigger, type Ticker, toDec } from "../../../exchange/index.ts";
import {
  type AlertDraft,
  type AlertProblem,
  checkDraft,
  firesAtOnce,
} from "../../../services/alerts/triggers/checks.ts";
import {
  changeTrigger,
  createTrigger,
  deleteTrigger,
  type TriggerChange,
  type WriteResult,
} from "../../../services/alerts/triggers/writes.ts";
import type { KeyPermission } from "../../../services/connect/accounts.ts";
import { type BotContext, type BotDeps, userTimezone } from "../../context.ts";
import type { ActionPayload } from "../../flow-kit/actions.ts";
import { withChatAction } from "../../flow-kit/chat-action.ts";
import { confirmedWriter, confirmKeyboard } from "../../flow-kit/confirm-write.ts";
import { describeExchangeError } from "../../flow-kit/exchange-errors.ts";
import { interactiveCall } from "../../flow-kit/exchange-wait.ts";
import { escapeHtml, typedExcerpt } from "../../flow-kit/format/html.ts";
import { formatAmount, formatPrice } from "../../flow-kit/format/numbers.ts";
import { recordShown } from "../../flow-kit/live-confirmations.ts";
import { cardKeyboard } from "./card.ts";
import { actionText, draftOf, renderSummary, renderTriggerCard } from "./format.ts";

// Long enough to read the summary and decide; a late Confirm is told the button expired.
const CONFIRM_TTL_S = 15 * 60;
// What a summary says once /cancel or the next command voided it.
const VOIDED_KEY = "alerts-confirm-cancelled";

/** Token payload: create the trigger a checked draft describes. */
export interface CreatePayload extends ActionPayload {
  action: "alert-create";
  draft: AlertDraft;
}

/** Token payload: change one trigger. */
export interface ChangePayload extends ActionPayload {
  action: "alert-change";
  triggerId: number;
  change: TriggerChange;
}

/** Token payload: delete one trigger. */
export interface DeletePayload extends ActionPayload {
  action: "alert-delete";
  triggerId: number;
}

/** Any alert write waiting for its Confirm. */
export type AlertPayload = CreatePayload | ChangePayload | DeletePayload;

/** Words an alert problem for the user. */
export function describeAlertProblem(problem: AlertProblem, t: BotContext["t"], locale: string): string {
  switch (problem.code) {
    case "unknown_asset":
      return t("alerts-unknown-asset", { asset: typedExcerpt(problem.asset, 12) });
    case "level_not_number":
      return t("alerts-level-not-number", { input: typedExcerpt(problem.input) });
    case "level_not_positive":
      return t("alerts-level-not-positive", { input: typedExcerpt(problem.input) });
    case "level_too_precise":
      return t("alerts-level-too-precise", { decimals: problem.decimals });
    case "quantity_not_number":
      return t("alerts-quantity-not-number", { input: typedExcerpt(problem.input) });
    case "quantity_not_positive":
      return t("alerts-quantity-not-positive", { input: typedExcerpt(problem.input) });
    case "quantity_too_precise":
      return t("alerts-quantity-too-precise", {
        asset: escapeHtml(problem.asset),
        decimals: problem.decimals,
      });
    case "below_minimum":
      return t("alerts-below-minimum", { minimum: formatAmount("AUD", problem.minimum, locale) });
    case "over_balance":
      return t("alerts-over-balance", {
        amount: formatAmount(problem.asset, problem.amount, locale),
        balance: formatAmount(problem.asset, problem.balance, locale),
      });
    case "read_only":
      return t("alerts-read-only");
  }
}

/** What checking a draft needs: the user's client, the ticker, the key's permission and (for a trade) balances. */
export type AlertContext =
  | { problem: string }
  | {
      client: ExchangeClient;
      ticker: Ticker;
      permission: KeyPermission;
      balances: Readonly<Record<string, string>>;
    };

/**
 * Loads what the checks need. Balances are read only for a trade by a key that may trade, so an
 * alert-only trigger or a read-only key costs no private read.
 */
export async function alertContext(ctx: BotContext, deps: BotDeps, trade: boolean): Promise<AlertContext> {
  const userId = ctx.from?.id as number;
  const client = await deps.accounts.clientFor(userId, interactiveCall(ctx, deps));
  if (!client) return { problem: ctx.t("connect-needed") };
  const permission = await deps.accounts.permission(userId);
  const ticker = await deps.market.ticker();
  const balances = trade && permission !== "read_only" ? await client.balances.all() : {};
  return { client, ticker, permission, balances };
}

/** A summary to show: its text, and the token of its Confirm when the draft passed every check. */
export interface Summary {
  text: string;
  token?: string;
}

/**
 * The id of an enabled trigger of the account that is the draft again (asset, side, level, action and its
 * amount), or undefined: a second copy would fire beside it as an identical message. A failed read only
 * leaves the warning out.
 */
async function sameTrigger(client: ExchangeClient, draft: AlertDraft): Promise<number | undefined> {
  let triggers: PriceTrigger[];
  try {
    triggers = (await client.priceTriggers.list({ page: 1, page_size: 100 })).results;
  } catch {
    return undefined;
  }
  const key = (d: AlertDraft) =>
    [
      d.asset,
      d.match,
      toDec(d.level).toFixed(),
      d.action,
      d.side ?? "",
      d.quantity ? toDec(d.quantity).toFixed() : "",
    ].join("|");
  const wanted = key(draft);
  return triggers.find((trigger) => trigger.enabled && key(draftOf(trigger)) === wanted)?.id;
}

/** Checks a draft and, when it passes, issues its Confirm. Exchange failures are explained, never thrown. */
export async function summarize(ctx: BotContext, deps: BotDeps, draft: AlertDraft): Promise<Summary> {
  const locale = await ctx.i18n.getLocale();
  try {
    const context = await alertContext(ctx, deps, draft.action !== "alert");
    if ("problem" in context) return { text: context.problem };
    const problem = checkDraft(draft, context.ticker, context.permission, context.balances);
    if (problem) return { text: describeAlertProblem(problem, ctx.t, locale) };
    const payload: CreatePayload = { action: "alert-create", draft };
    const token = await deps.tokens.issue(ctx.from?.id as number, payload, CONFIRM_TTL_S, VOIDED_KEY);
    const same = await sameTrigger(context.client, draft);
    const text = renderSummary(draft, context.ticker, ctx.t, locale);
    return {
      text: same === undefined ? text : `${text}\n${ctx.t("alerts-summary-duplicate", { id: same })}`,
      token,
    };
  } catch (error) {
    const explained = describeExchangeError(error, ctx.t);
    if (explained === undefined) throw error;
    return { text: explained };
  }
}

/** Shows a summary as a new message, with Confirm / Cancel when it has a token. */
export async function showSummary(ctx: BotContext, deps: BotDeps, summary: Summary): Promise<void> {
  const markup = summary.token ? { reply_markup: confirmKeyboard(ctx, summary.token) } : {};
  const sent = await ctx.reply(summary.text, markup);
  if (summary.token) await recordShown(ctx, deps, summary.token, sent.message_id);
}

/** Issues the Confirm of a change or a delete and shows its question. */
export async function askToConfirm(
  ctx: BotContext,
  deps: BotDeps,
  payload: ChangePayload | DeletePayload,
  question: string,
  edit: boolean,
): Promise<void> {
  const token = await deps.tokens.issue(ctx.from?.id as number, payload, CONFIRM_TTL_S, VOIDED_KEY);
  const confirmKey = payload.action === "alert-delete" ? "alerts-button-delete-yes" : "button-confirm";
  const markup = { reply_markup: confirmKeyboard(ctx, token, confirmKey) };
  let messageId: number | undefined;
  if (edit) {
    await ctx.editMessageText(question, markup);
    messageId = ctx.callbackQuery?.message?.message_id;
  } else messageId = (await ctx.reply(question, markup)).message_id;
  await recordShown(ctx, deps, token, messageId);
}

/** Tells the watcher the user's triggers changed; a failure is logged, never shown (it reads them anyway). */
export async function syncTriggers(ctx: BotContext, deps: BotDeps): Promise<void> {
  try {
    await deps.alerts.triggersChanged(ctx.from?.id as number);
  } catch (error) {
    ctx.log.warn({ err: { message: (error as Error).message } }, "could not tell the alert watcher");
  }
}

/** The message of a write that failed: refused (nothing changed) or lost (it may have happened). */
function failureText(ctx: BotContext, result: WriteResult<unknown>, unknownKey: string): string {
  if (result.status === "unknown") return ctx.t(unknownKey);
  return (
    describeExchangeError(result.status === "refused" ? result.error : undefined, ctx.t) ?? ctx.t(unknownKey)
  );
}

// What a lost answer may have done, by write.
const UNKNOWN_KEYS: Readonly<Record<AlertPayload["action"], string>> = {
  "alert-create": "alerts-create-unknown",
  "alert-change": "alerts-change-unknown",
  "alert-delete": "alerts-delete-unknown",
};

/** Runs a pressed Confirm or Cancel of an alert write (its token already consumed). */
export async function onAlertChoice(
  ctx: BotContext,
  deps: BotDeps,
  payload: AlertPayload,
  verb: string | undefined,
): Promise<void> {
  const client = await confirmedWriter(ctx, deps, verb, {
    cancelled: "cancelled",
    readOnly: "error-forbidden",
  });
  if (!client) return;
  await ctx.editMessageText(ctx.t("alerts-saving"));
  const run = () =>
    ctx.cancelScope.writing("alert", async (): Promise<WriteResult<PriceTrigger | undefined>> => {
      if (payload.action === "alert-create") return createTrigger(client, payload.draft);
      if (payload.action === "alert-delete") return deleteTrigger(client, payload.triggerId);
      return changeTrigger(client, payload.triggerId, payload.change);
    });
  const result = await withChatAction(ctx, run, { intervalMs: deps.chatActionIntervalMs });
  // Anything but a refusal may have changed the triggers: the watcher reads them again.
  if (result.status !== "refused") await syncTriggers(ctx, deps);
  if (result.status === "unknown") {
    const error = result.error instanceof Error ? result.error : new Error(String(result.error));
    ctx.log.warn({ err: { name: error.name, message: error.message } }, "price trigger write answer lost");
  }
  // After a delete there is no card to go back to: the way on is the list.
  const toList =
    payload.action === "alert-delete"
      ? { reply_markup: new InlineKeyboard().text(ctx.t("alerts-button-list"), "als:1") }
      : {};
  if (result.status !== "done") {
    await ctx.editMessageText(failureText(ctx, result, UNKNOWN_KEYS[payload.action]), toList);
    return;
  }
  if (payload.action === "alert-delete") {
    await ctx.editMessageText(ctx.t("alerts-deleted", { id: payload.triggerId }), toList);
    return;
  }
  // A create or an update answers the trigger as it now is.
  const trigger = result.value;
  if (trigger === undefined) return;
  const locale = await ctx.i18n.getLocale();
  // The write is done: a ticker that cannot be read only leaves the price out of the card.
  const ticker: Ticker = await deps.market.ticker().catch(() => ({}));
  const head = ctx.t(payload.action === "alert-create" ? "alerts-created" : "alerts-changed", {
    id: trigger.id,
  });
  const card = renderTriggerCard(trigger, ticker, ctx.t, locale, userTimezone(ctx, deps));
  await ctx.editMessageText(`${head}\n\n${card}`, { reply_markup: cardKeyboard(ctx, trigger) });
}

/** A change that asks for Confirm first. */
export type ConfirmedChange = Extract<TriggerChange, { kind: "level" | "quantity" }>;

/** The question before a new level or quantity is saved; a level already crossed is pointed out. */
export function changeQuestion(
  ctx: BotContext,
  trigger: PriceTrigger,
  change: ConfirmedChange,
  ticker: Ticker,
  locale: string,
): string {
  const before = draftOf(trigger);
  if (change.kind === "level") {
    const question = ctx.t("alerts-confirm-level", {
      id: trigger.id,
      asset: escapeHtml(trigger.asset),
      from: formatPrice(trigger.price, locale),
      to: formatPrice(change.level, locale),
    });
    const entry = ticker[trigger.asset];
    const crossed = entry !== undefined && firesAtOnce({ level: change.level, match: before.match }, entry);
    return crossed ? `${question}\n\n${ctx.t("alerts-summary-fires-now")}` : question;
  }
  const after: AlertDraft = { ...before, side: change.side, quantity: change.quantity };
  return ctx.t("alerts-confirm-quantity", {
    id: trigger.id,
    asset: escapeHtml(trigger.asset),
    from: actionText(before, ctx.t, locale),
    to: actionText(after, ctx.t, locale),
  });
}

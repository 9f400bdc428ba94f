/**
 * The recurring-trade screens shared by the commands, the buttons and the Confirm handler: the list page,
 * the detail card with its buttons (the writing ones carry single-use tokens), and problem wording.
 */
import { InlineKeyboard } from "grammy";
import type { RecurringBuy } from "../../exchange/index.ts";
import type { RecurringProblem } from "../../services/recurring/checks.ts";
import type { SchedulePage } from "../../services/recurring/schedules.ts";
import { type BotContext, type BotDeps, userTimezone } from "../context.ts";
import type { ActionPayload } from "../flow-kit/actions.ts";
import { escapeHtml, typedExcerpt } from "../flow-kit/format/html.ts";
import { formatAmount, formatAud } from "../flow-kit/format/numbers.ts";
import { recordShown } from "../flow-kit/live-confirmations.ts";
import { renderSchedule, renderScheduleRow, type Shown } from "./format.ts";

/** How long a Confirm (or Pause, Resume, Delete) button stays usable. */
export const DCA_TOKEN_TTL_S = 15 * 60;

/** Rows per list page. */
export const DCA_PAGE_SIZE = 5;

/** A new schedule as confirmed: `start` an ISO instant, absent for "now". */
export interface DcaDraft {
  asset: string;
  direction: 10 | 20;
  quantity: string;
  period: string;
  start?: string;
}

/** Changes to a schedule as confirmed; `start` an ISO instant. */
export interface DcaChanges {
  quantity?: string;
  period?: string;
  start?: string;
}

/** The payload of a recurring-trade token: which write its Confirm makes. */
export type DcaPayload = ActionPayload & { action: "dca" } & (
    | { op: "create"; draft: DcaDraft }
    | { op: "update"; id: number; changes: DcaChanges }
    | { op: "enable"; id: number; enabled: boolean; due?: true }
    | { op: "delete"; id: number }
  );

/** The user's zone, language and the bot's clock, for rendering. */
export async function shownFor(ctx: BotContext, deps: BotDeps): Promise<Shown> {
  return { t: ctx.t, locale: await ctx.i18n.getLocale(), zone: userTimezone(ctx, deps), now: deps.now() };
}

/**
 * Issues a token for a recurring-trade write. Once voided (/cancel, the next command) a question says
 * "cancelled"; a card (`card`: its Pause / Resume) keeps its text and loses its buttons.
 */
export function issueDcaToken(
  ctx: BotContext,
  deps: BotDeps,
  payload: DcaPayload,
  card = false,
): Promise<string> {
  return deps.tokens.issue(ctx.from?.id as number, payload, DCA_TOKEN_TTL_S, card ? undefined : "cancelled");
}

/** The list page: header and rows, one button per row to open it, paging, and New. */
export function renderListPage(page: SchedulePage, shown: Shown): { text: string; keyboard: InlineKeyboard } {
  const { t } = shown;
  const keyboard = new InlineKeyboard();
  if (page.rows.length === 0) {
    return { text: t("dca-none"), keyboard: keyboard.text(t("dca-button-new"), "dca:new") };
  }
  const text = [
    t("dca-title", { page: page.page, pages: page.pages, zone: escapeHtml(shown.zone) }),
    ...page.rows.map((row) => `\n${renderScheduleRow(row, shown)}`),
  ].join("\n");
  page.rows.forEach((row, i) => {
    keyboard.text(t("dca-button-open", { id: row.id, asset: escapeHtml(row.asset) }), `dca:v:${row.id}`);
    if (i % 3 === 2) keyboard.row();
  });
  keyboard.row();
  if (page.newerThan !== undefined) keyboard.text(t("dca-button-newer"), `dca:n:${page.newerThan}`);
  if (page.olderThan !== undefined) keyboard.text(t("dca-button-older"), `dca:o:${page.olderThan}`);
  keyboard.row().text(t("dca-button-new"), "dca:new");
  return { text, keyboard };
}

/**
 * The detail card and its buttons. A read-only key gets the card and a note, without buttons that
 * would only be refused; Pause / Resume carries a single-use token (it writes at once).
 */
export async function scheduleCard(
  ctx: BotContext,
  deps: BotDeps,
  schedule: RecurringBuy,
  note?: string,
): Promise<{ text: string; keyboard: InlineKeyboard; token?: string }> {
  const shown = await shownFor(ctx, deps);
  const readOnly = (await deps.accounts.permission(ctx.from?.id as number)) === "read_only";
  const keyboard = new InlineKeyboard();
  let text = renderSchedule(schedule, shown, note);
  let toggle: string | undefined;
  if (readOnly) text = `${text}\n\n${ctx.t("dca-read-only-note")}`;
  else {
    toggle = await issueDcaToken(
      ctx,
      deps,
      { action: "dca", op: "enable", id: schedule.id, enabled: !schedule.enabled },
      true,
    );
    keyboard
      .text(ctx.t("dca-button-quantity"), `dca:e:${schedule.id}:q`)
      .text(ctx.t("dca-button-period"), `dca:e:${schedule.id}:p`)
      .row()
      .text(ctx.t("dca-button-start"), `dca:e:${schedule.id}:s`)
      .text(ctx.t(schedule.enabled ? "dca-button-pause" : "dca-button-resume"), `t:${toggle}:c`)
      .row()
      .text(ctx.t("dca-button-delete"), `dca:d:${schedule.id}`);
  }
  keyboard.row().text(ctx.t("dca-button-back"), "dca:l");
  return { text, keyboard, ...(toggle ? { token: toggle } : {}) };
}

/** Shows the detail card in place of the pressed message; where its Pause / Resume is shown is recorded. */
export async function showScheduleCard(
  ctx: BotContext,
  deps: BotDeps,
  schedule: RecurringBuy,
  note?: string,
): Promise<void> {
  const card = await scheduleCard(ctx, deps, schedule, note);
  await ctx.editMessageText(card.text, { reply_markup: card.keyboard });
  if (card.token) await recordShown(ctx, deps, card.token, ctx.callbackQuery?.message?.message_id);
}

/** Words a problem found by the checks. */
export function describeDcaProblem(problem: RecurringProblem, t: BotContext["t"], locale: string): string {
  switch (problem.code) {
    case "not_amount":
      return t("trade-bad-amount", { input: typedExcerpt(problem.input) });
    case "too_precise":
      return t("trade-too-precise", { asset: escapeHtml(problem.asset), decimals: problem.decimals });
    case "below_minimum":
      return t("trade-below-minimum", { minimum: formatAud(problem.minimum, locale) });
    case "start_past":
      return t("dca-start-past");
    case "not_covered":
      return t("dca-not-covered", describeUncovered(problem, locale));
  }
}

/** The figures of a run the balance does not cover: what a run needs and what there is. */
export function describeUncovered(
  problem: Extract<RecurringProblem, { code: "not_covered" }>,
  locale: string,
): { amount: string; balance: string } {
  return {
    amount: formatAmount(problem.asset, problem.amount, locale),
    balance: formatAmount(problem.asset, problem.balance, locale),
  };
}

/**
 * What a recurring-trade token does once pressed (and consumed, so it acts once): create, change, pause
 * or resume, delete. The checks run again first (a read-only key, a start that passed while the summary
 * waited) and refuse without calling the exchange. A refusal from the exchange says nothing changed; a
 * lost answer says the write may have happened and points to /dca, never "nothing changed".
 */
import { InlineKeyboard } from "grammy";
import {
  DIRECTION,
  type ExchangeClient,
  ExchangeNotFoundError,
  type RecurringBuy,
} from "../../exchange/index.ts";
import { checkCovered, checkStart } from "../../services/recurring/checks.ts";
import { attemptWrite, type WriteResult } from "../../services/recurring/schedules.ts";
import type { BotContext, BotDeps } from "../context.ts";
import { withChatAction } from "../flow-kit/chat-action.ts";
import { confirmedWriter, confirmKeyboard } from "../flow-kit/confirm-write.ts";
import { describeExchangeError } from "../flow-kit/exchange-errors.ts";
import { waitForExchange } from "../flow-kit/exchange-wait.ts";
import { escapeHtml } from "../flow-kit/format/html.ts";
import { recordShown } from "../flow-kit/live-confirmations.ts";
import { type DcaPayload, describeUncovered, issueDcaToken, shownFor, showScheduleCard } from "./card.ts";
import { directionWord, periodWords, quantityWords, whenWords } from "./format.ts";

/** Sends the payload's write; undefined for a delete's empty answer. */
function send(client: ExchangeClient, payload: DcaPayload): Promise<RecurringBuy | undefined> {
  switch (payload.op) {
    case "create": {
      const { start, ...rest } = payload.draft;
      return client.recurringBuys.create({ ...rest, ...(start ? { start: new Date(start) } : {}) });
    }
    case "update": {
      const { start, ...rest } = payload.changes;
      return client.recurringBuys.update(payload.id, {
        ...rest,
        ...(start ? { start: new Date(start) } : {}),
      });
    }
    case "enable":
      return client.recurringBuys.update(payload.id, { enabled: payload.enabled });
    case "delete":
      return client.recurringBuys.delete(payload.id).then(() => undefined);
  }
}

/** The start the payload sends, if any. */
function startOf(payload: DcaPayload): string | undefined {
  if (payload.op === "create") return payload.draft.start;
  if (payload.op === "update") return payload.changes.start;
  return undefined;
}

/** The note above the card after a successful write. */
function doneNote(ctx: BotContext, payload: DcaPayload, schedule: RecurringBuy): string {
  const { id } = schedule;
  if (payload.op === "create") return ctx.t("dca-created", { id });
  if (payload.op === "enable") return ctx.t(payload.enabled ? "dca-resumed" : "dca-paused", { id });
  const lines = [ctx.t("dca-updated", { id })];
  // The exchange restarts a schedule whose cadence changed without a start: say so, with the new run.
  if (
    payload.op === "update" &&
    payload.changes.period !== undefined &&
    payload.changes.start === undefined
  ) {
    lines.push(ctx.t(schedule.enabled ? "dca-restarted" : "dca-restarted-paused"));
  }
  return lines.join("\n");
}

async function report(
  ctx: BotContext,
  deps: BotDeps,
  payload: DcaPayload,
  result: WriteResult<RecurringBuy | undefined>,
): Promise<void> {
  if (result.status === "unknown") {
    ctx.log.warn({ err: { message: (result.error as Error).message } }, "recurring trade write answer lost");
    await ctx.editMessageText(ctx.t("dca-write-unknown", { op: payload.op }));
    return;
  }
  if (result.status === "refused") {
    const explained =
      result.error instanceof ExchangeNotFoundError
        ? ctx.t("dca-not-found")
        : describeExchangeError(result.error, ctx.t);
    if (explained === undefined) throw result.error;
    await ctx.editMessageText(`${explained}\n${ctx.t("dca-nothing-changed")}`);
    return;
  }
  // The watcher keeps the answer as the schedule's state: the change is no run, a run it causes is one.
  const id = result.value?.id ?? (payload as { id: number }).id;
  await deps.alerts
    .schedulesChanged(ctx.from?.id as number, id, result.value)
    .catch((error: unknown) =>
      ctx.log.warn({ err: { message: (error as Error).message } }, "run watch not told of a schedule change"),
    );
  if (result.value === undefined) {
    const back = new InlineKeyboard().text(ctx.t("dca-button-back"), "dca:l");
    await ctx.editMessageText(ctx.t("dca-deleted", { id: (payload as { id: number }).id }), {
      reply_markup: back,
    });
    return;
  }
  await showScheduleCard(ctx, deps, result.value, doneNote(ctx, payload, result.value));
}

/**
 * Before resuming a schedule whose next run has passed: the exchange runs it at once on resume, so this
 * says so, with the trade it makes and whether the balance covers it, and asks for a Confirm (a new
 * single-use token, voided by /cancel like every summary). True when it asked (or said why it could not).
 */
async function askResumeDue(
  ctx: BotContext,
  deps: BotDeps,
  client: ExchangeClient,
  id: number,
): Promise<boolean> {
  let schedule: RecurringBuy;
  let balances: Record<string, string>;
  try {
    const waited = await waitForExchange(ctx, deps, () =>
      Promise.all([client.recurringBuys.get(id), client.balances.all()]),
    );
    if (waited.cancelled) return true;
    [schedule, balances] = waited.value;
  } catch (error) {
    const explained =
      error instanceof ExchangeNotFoundError ? ctx.t("dca-not-found") : describeExchangeError(error, ctx.t);
    if (explained === undefined) throw error;
    await ctx.editMessageText(`${explained}\n${ctx.t("dca-nothing-changed")}`);
    return true;
  }
  const shown = await shownFor(ctx, deps);
  if (schedule.enabled || schedule.start === null || schedule.start.getTime() > shown.now) return false;
  const direction = directionWord(schedule.direction);
  const lines = [
    ctx.t("dca-resume-due-ask", {
      id,
      when: whenWords(schedule.start, shown),
      zone: escapeHtml(shown.zone),
      direction,
      amount: quantityWords(schedule.asset, schedule.direction, schedule.quantity, shown.locale),
      asset: escapeHtml(schedule.asset),
      period: periodWords(schedule.period, ctx.t),
    }),
  ];
  const uncovered = checkCovered(
    schedule.quantity,
    schedule.asset,
    schedule.direction === DIRECTION.SELL ? DIRECTION.SELL : DIRECTION.BUY,
    balances,
  );
  if (uncovered) lines.push(ctx.t("dca-run-not-covered", describeUncovered(uncovered, shown.locale)));
  lines.push("", ctx.t("dca-summary-edit-hint"));
  const token = await issueDcaToken(ctx, deps, { action: "dca", op: "enable", id, enabled: true, due: true });
  await ctx.editMessageText(lines.join("\n"), { reply_markup: confirmKeyboard(ctx, token) });
  await recordShown(ctx, deps, token, ctx.callbackQuery?.message?.message_id);
  return true;
}

/** Runs a pressed recurring-trade button whose token was consumed. */
export async function onDcaAction(
  ctx: BotContext,
  deps: BotDeps,
  payload: DcaPayload,
  verb: string | undefined,
): Promise<void> {
  const client = await confirmedWriter(ctx, deps, verb, {
    cancelled: "cancelled",
    readOnly: "dca-read-only",
  });
  if (!client) return;
  const start = startOf(payload);
  if (start !== undefined && checkStart(new Date(start), deps.now())) {
    const shown = await shownFor(ctx, deps);
    await ctx.editMessageText(ctx.t("dca-start-passed", { when: whenWords(new Date(start), shown) }));
    return;
  }
  // Resuming a schedule whose run has passed trades at once: asked first, unless this is that Confirm.
  if (payload.op === "enable" && payload.enabled && payload.due !== true) {
    if (await askResumeDue(ctx, deps, client, payload.id)) return;
  }
  await ctx.editMessageText(ctx.t("dca-sending"));
  const result = await withChatAction(
    ctx,
    () => ctx.cancelScope.writing("recurring", () => attemptWrite(() => send(client, payload))),
    { intervalMs: deps.chatActionIntervalMs },
  );
  await report(ctx, deps, payload, result);
}

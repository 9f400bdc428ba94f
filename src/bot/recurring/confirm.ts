/**
 * What a recurring-trade token does once pressed (and consumed, so it acts once): create, change, pause
 * or resume, delete. The checks run again first (a read-only key, a start that passed while the summary
 * waited) and refuse without calling the exchange. A refusal from the exchange says nothing changed; a
 * lost answer says the write may have happened and points to /dca, never "nothing changed".
 */
import { InlineKeyboard } from "grammy";
import { type ExchangeClient, ExchangeNotFoundError, type RecurringBuy } from "../../exchange/index.ts";
import { checkStart } from "../../services/recurring/checks.ts";
import { attemptWrite, type WriteResult } from "../../services/recurring/schedules.ts";
import { withChatAction } from "../chat-action.ts";
import { confirmedWriter } from "../confirm-write.ts";
import type { BotContext, BotDeps } from "../context.ts";
import { describeExchangeError } from "../exchange-errors.ts";
import { type DcaPayload, shownFor, showScheduleCard } from "./card.ts";
import { whenWords } from "./format.ts";

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
    lines.push(ctx.t("dca-restarted"));
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
  if (result.value === undefined) {
    const back = new InlineKeyboard().text(ctx.t("dca-button-back"), "dca:l");
    await ctx.editMessageText(ctx.t("dca-deleted", { id: (payload as { id: number }).id }), {
      reply_markup: back,
    });
    return;
  }
  await showScheduleCard(ctx, deps, result.value, doneNote(ctx, payload, result.value));
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
  await ctx.editMessageText(ctx.t("dca-sending"));
  const result = await withChatAction(
    ctx,
    () => ctx.cancelScope.writing(() => attemptWrite(() => send(client, payload))),
    { intervalMs: deps.chatActionIntervalMs },
  );
  await report(ctx, deps, payload, result);
}

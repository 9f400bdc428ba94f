/**
 * Changing a recurring trade: its quantity, its cadence, or its next run; then a summary of the change
 * with a single-use Confirm. A new cadence restarts the schedule now unless a start is given (the
 * exchange's rule), so the cadence step asks which, and the summary and the result say what happens.
 */
import { ExchangeNotFoundError, RECURRING_PERIODS } from "../../exchange/index.ts";
import { confirmKeyboard } from "../confirm-write.ts";
import type { BotContext, BotDeps, ConversationContext } from "../context.ts";
import { describeExchangeError } from "../exchange-errors.ts";
import { interactiveCall, waitForExchange } from "../exchange-wait.ts";
import { escapeHtml } from "../format/html.ts";
import { recordShown } from "../live-confirmations.ts";
import { type DcaChanges, issueDcaToken, shownFor } from "./card.ts";
import { checkQuantityOutside, type DcaEditArgs } from "./conversation.ts";
import { directionWord, nextRunWords, periodWords, quantityWords, whenWords } from "./format.ts";
import { askQuantity, askStart, type Convo, choose } from "./prompts.ts";

/** A schedule as plain data (conversation state is JSON): `start` an ISO instant or null. */
interface Plain {
  id: number;
  asset: string;
  direction: number;
  quantity: string;
  period: string;
  start: string | null;
  enabled: boolean;
}

type Loaded = { ok: true; schedule: Plain } | { ok: false; text?: string };

async function loadSchedule(ctx: BotContext, deps: BotDeps, id: number): Promise<Loaded> {
  const userId = ctx.from?.id as number;
  if ((await deps.accounts.permission(userId)) === "read_only")
    return { ok: false, text: ctx.t("dca-read-only") };
  const client = await deps.accounts.clientFor(userId, interactiveCall(ctx, deps));
  if (!client) return { ok: false, text: ctx.t("connect-needed") };
  try {
    const waited = await waitForExchange(ctx, deps, () => client.recurringBuys.get(id));
    if (waited.cancelled) return { ok: false };
    const s = waited.value;
    const start = s.start === null ? null : s.start.toISOString();
    return { ok: true, schedule: { ...s, start } };
  } catch (error) {
    const explained =
      error instanceof ExchangeNotFoundError ? ctx.t("dca-not-found") : describeExchangeError(error, ctx.t);
    if (explained === undefined) throw error;
    return { ok: false, text: explained };
  }
}

/** Shows the change with its Confirm (outside: it issues a token). */
async function showEditSummary(
  ctx: BotContext,
  deps: BotDeps,
  schedule: Plain,
  changes: DcaChanges,
): Promise<void> {
  const shown = await shownFor(ctx, deps);
  const { t } = ctx;
  const zone = escapeHtml(shown.zone);
  const direction = directionWord(schedule.direction);
  const lines = [
    t("dca-summary-edit", {
      id: schedule.id,
      direction,
      asset: escapeHtml(schedule.asset),
    }),
  ];
  if (changes.quantity !== undefined) {
    lines.push(
      t("dca-change-quantity", {
        direction,
        old: quantityWords(schedule.asset, schedule.direction, schedule.quantity, shown.locale),
        new: quantityWords(schedule.asset, schedule.direction, changes.quantity, shown.locale),
      }),
    );
  }
  if (changes.period !== undefined) {
    lines.push(
      t("dca-change-period", { old: periodWords(schedule.period, t), new: periodWords(changes.period, t) }),
    );
    lines.push(
      changes.start === undefined
        ? t("dca-change-restart-now", { period: periodWords(changes.period, t) })
        : t("dca-change-restart-at", { when: whenWords(new Date(changes.start), shown), zone }),
    );
  } else if (changes.start !== undefined) {
    const old = nextRunWords(
      { enabled: schedule.enabled, start: schedule.start === null ? null : new Date(schedule.start) },
      shown,
    );
    lines.push(t("dca-change-start", { old, new: whenWords(new Date(changes.start), shown), zone }));
  }
  if (!schedule.enabled) lines.push(t("dca-still-paused"));
  const token = await issueDcaToken(ctx, deps, { action: "dca", op: "update", id: schedule.id, changes });
  lines.push("", t("dca-summary-edit-hint"));
  const sent = await ctx.reply(lines.join("\n"), { reply_markup: confirmKeyboard(ctx, token) });
  await recordShown(ctx, deps, token, sent.message_id);
}

/** Asks what the edit needs; undefined when the user cancels. */
async function askChanges(
  conversation: Convo,
  ctx: ConversationContext,
  deps: BotDeps,
  schedule: Plain,
  field: DcaEditArgs["field"],
): Promise<DcaChanges | undefined> {
  const asset = escapeHtml(schedule.asset);
  const direction = directionWord(schedule.direction);
  if (field === "quantity") {
    const locale = await ctx.i18n.getLocale();
    const current = quantityWords(schedule.asset, schedule.direction, schedule.quantity, locale);
    const dir = schedule.direction === 20 ? 20 : 10;
    const quantity = await askQuantity(
      conversation,
      ctx,
      `${ctx.t("dca-ask-quantity", { direction, asset })}\n${ctx.t("dca-now", { value: current })}`,
      (typed) =>
        conversation.external((outside) => checkQuantityOutside(outside, deps, typed, schedule.asset, dir)),
    );
    return quantity === undefined ? undefined : { quantity };
  }
  if (field === "period") {
    const others = RECURRING_PERIODS.filter((p) => p !== schedule.period);
    const period = await choose(
      conversation,
      ctx,
      ctx.t("dca-ask-new-period", { period: periodWords(schedule.period, ctx.t) }),
      "p",
      others.map((p) => ({ value: p, label: periodWords(p, ctx.t) })),
    );
    if (period === undefined) return undefined;
    const start = await askStart(
      conversation,
      ctx,
      deps,
      (example, zone) => ctx.t("dca-ask-restart", { period: periodWords(period, ctx.t), example, zone }),
      ctx.t("dca-button-restart-now"),
    );
    if (start === undefined) return undefined;
    return { period, ...("start" in start ? { start: start.start } : {}) };
  }
  const start = await askStart(conversation, ctx, deps, (example, zone) =>
    ctx.t("dca-ask-new-start", { example, zone }),
  );
  return start === undefined || !("start" in start) ? undefined : { start: start.start };
}

/** Builds the edit conversation over the bot's dependencies. */
export function dcaEditConversation(deps: BotDeps) {
  return async function dcaEdit(
    conversation: Convo,
    ctx: ConversationContext,
    args: DcaEditArgs,
  ): Promise<void> {
    const loaded = await conversation.external((outside) => loadSchedule(outside, deps, args.id));
    if (!loaded.ok) {
      if (loaded.text !== undefined) await ctx.reply(loaded.text);
      return;
    }
    const changes = await askChanges(conversation, ctx, deps, loaded.schedule, args.field);
    if (changes === undefined) return;
    await conversation.external((outside) => showEditSummary(outside, deps, loaded.schedule, changes));
  };
}
